import { startFakeBotApi } from '../../test-support/fake-bot-api.ts';
import {
  DEMO,
  E2E_BASE_URL,
  E2E_BOT_TOKEN,
  E2E_CHAT_ID,
  E2E_STAND_IN_URL,
  FRESH_MEMBERS,
} from './constants.ts';
import { startServer } from './server.ts';

/**
 * Starts the real server as production would run it with a bot: a test bot token, a fake Bot API
 * on loopback answering getChatMember, demo data. Beside it, the local stand-in as `npm start`
 * runs it, with no bot at all.
 */
export default async function globalSetup() {
  const botApi = await startFakeBotApi({ token: E2E_BOT_TOKEN });
  for (const user of [DEMO.admin, DEMO.partner, DEMO.member, ...Object.values(FRESH_MEMBERS)]) {
    botApi.members.set(user.id, 'member');
  }
  botApi.members.set(DEMO.guest.id, 'left');

  const stopWithBot = await startServer(E2E_BASE_URL, {
    NODE_ENV: 'test',
    DEMO_DATA: '1',
    BOT_TOKEN: E2E_BOT_TOKEN,
    PAYMENT_PROVIDER: 'sandbox',
    TELEGRAM_API_ROOT: botApi.apiRoot,
    COMMUNITY_CHAT_ID: E2E_CHAT_ID,
    COMMUNITY_CHAT_LINK: 'https://t.me/katajsya_s_nami_chat',
  });
  const stopStandIn = await startServer(E2E_STAND_IN_URL, {});

  return async () => {
    await Promise.all([stopWithBot(), stopStandIn()]);
    await botApi.close();
  };
}
