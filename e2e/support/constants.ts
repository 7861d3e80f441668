/**
 * Playwright's workers run spec files side by side, each against servers (and databases) of its
 * own, ten ports apart from the first worker's: no worker sees another's coupons or users. Four on
 * two cores: a spec spends most of its time waiting (on timers the spec names, on polls, on a
 * throttled network); with two, the whole run used 165 CPU seconds in 215 s, 38 % of the cores.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 4);
/** The e2e servers listen on loopback only, on ports of their own from this one. */
export const E2E_FIRST_PORT = Number(process.env.E2E_PORT ?? 3187);
/** The port of the given worker's (Playwright's TEST_PARALLEL_INDEX) server with a bot. */
export const portOfWorker = (index: number) => E2E_FIRST_PORT + 10 * index;
const E2E_PORT = portOfWorker(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A second server, without a bot, as `npm start` runs (started by its spec): the stand-in with its user picker. */
export const E2E_STAND_IN_URL = `http://127.0.0.1:${E2E_PORT + 1}`;
/** A third server, started by the spec that needs it: payments through Telegram's own sheet. */
export const E2E_INVOICE_URL = `http://127.0.0.1:${E2E_PORT + 2}`;
export const E2E_BOT_TOKEN = '7000000001:E2E-test-bot-token_abcdefghijklmnop';
export const E2E_CHAT_ID = '-1009876543210';

/** The demo users the server seeds (server/src/db/seed/demo-users.ts). */
export const DEMO = {
  admin: { id: 700_000_001, username: 'demo_admin', firstName: 'Анна', lastName: null },
  partner: { id: 700_000_002, username: 'demo_partner', firstName: 'Павел', lastName: null },
  member: { id: 700_000_003, username: 'demo_member', firstName: 'Мария', lastName: null },
  guest: { id: 700_000_004, username: 'demo_guest', firstName: 'Гоша', lastName: null },
} as const;

/**
 * Chat members the server has never seen when a spec starts: the privacy spec buys and erases as
 * them, so a first purchase is really their first; the native spec holds a gift for one.
 */
export const FRESH_MEMBERS = {
  firstBuyer: { id: 700_000_201, username: 'e2e_first_buyer', firstName: 'Фекла', lastName: null },
  eraser: { id: 700_000_202, username: 'e2e_eraser', firstName: 'Ерофей', lastName: null },
  lookLight: { id: 700_000_203, username: 'e2e_look_light', firstName: 'Лада', lastName: null },
  lookDark: { id: 700_000_204, username: 'e2e_look_dark', firstName: 'Дарья', lastName: null },
  /** A member a gift is held for until she first opens the app (ADR 0012). */
  quietFriend: { id: 700_000_205, username: 'e2e_quiet_friend', firstName: 'Тихона', lastName: null },
  /** The longest name Telegram allows (32 characters): the longest QR a buyer can have. */
  longestName: {
    id: 700_000_206,
    username: 'e2e_longest_username_of_32_chars',
    firstName: 'Вероника-Александра',
    lastName: 'Константинопольская',
  },
} as const;
