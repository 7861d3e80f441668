import { initData } from '@telegram-apps/sdk-react';
import { createApiClient } from './api-client';

/** The app's one API client: authorised by the init data the SDK restored at start (telegram/init.ts). */
export const api = createApiClient({ getInitData: () => initData.raw() });
