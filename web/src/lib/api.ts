import { launchInitData } from '@/telegram/launch-params';
import { createApiClient } from './api-client';

/** The app's one API client: authorised by the init data of the launch (telegram/launch-params.ts). */
export const api = createApiClient({ getInitData: launchInitData });
