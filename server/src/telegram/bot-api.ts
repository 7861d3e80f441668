import { Api } from 'grammy';

/** The Bot API client every module uses; `apiRoot` lets tests and self-hosted servers stand in for Telegram. */
export function createBotApi(token: string, apiRoot: string): Api {
  return new Api(token, { apiRoot });
}
