import { launchInitData } from '@/telegram/launch-params';
import { createApiClient } from './api-client';
import { takeEarlyGet } from './early-gets';

/**
 * The app's one API client: authorised by the init data of the launch (telegram/launch-params.ts),
 * taking over what the early script asked for before the app ran.
 */
export const api = createApiClient({ getInitData: launchInitData, takeEarly: takeEarlyGet });
