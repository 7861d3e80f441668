import { couponStartParam, MY_COUPONS_START_PARAM } from '#contract/start-params';
import { createSignedLinks } from '../../http/signed-links.ts';

const DAY_S = 24 * 3600;
/** A confirming link waits in an inbox for a few days. */
const CONFIRM_TTL_S = 7 * DAY_S;
/** A mail's stop link must work as long as anyone keeps the mail. */
const STOP_TTL_S = 5 * 365 * DAY_S;

export const CONFIRM_PATH = '/api/email/confirm';
export const STOP_PATH = '/api/email/stop';

/**
 * The addresses a mail carries, each opened in a browser without the app: its signed links to
 * confirm the address and to stop the mails (every process sharing the bot token accepts another's),
 * and the bot's deep link that opens the app in Telegram on the coupon.
 */
export function createMailLinks(options: {
  botToken: string;
  /** PUBLIC_URL, or the stand-in's own address: where the signed links lead. */
  baseUrl: string;
  botUsername: () => Promise<string>;
}) {
  const { baseUrl, botUsername } = options;
  const confirms = createSignedLinks<{ userId: number; email: string }>(
    options.botToken,
    'email-confirm',
    CONFIRM_TTL_S,
  );
  const stops = createSignedLinks<{ userId: number }>(options.botToken, 'email-stop', STOP_TTL_S);
  const withToken = (path: string, token: string) => `${baseUrl}${path}?${new URLSearchParams({ token })}`;

  return {
    confirmUrl: (content: { userId: number; email: string }) =>
      withToken(CONFIRM_PATH, confirms.issue(content)),
    stopUrl: (userId: number) => withToken(STOP_PATH, stops.issue({ userId })),
    verifyConfirm: (token: string) => confirms.verify(token),
    verifyStop: (token: string) => stops.verify(token),
    /**
     * `t.me/<bot>?startapp=…`: My QR on the coupon, or My QR itself when no coupon is named. The
     * bot's name is Telegram's answer to getMe, asked once per process: when Telegram has not
     * answered it yet, the mail still goes, with the app's own address.
     */
    async appUrl(purchasedCouponId?: string): Promise<string> {
      const startParam = purchasedCouponId ? couponStartParam(purchasedCouponId) : MY_COUPONS_START_PARAM;
      const bot = await botUsername().catch(() => undefined);
      return bot ? `https://t.me/${bot}?startapp=${startParam}` : `${baseUrl}/`;
    },
    /** Asks Telegram the bot's name ahead, while it answers: a mail in a later outage names it. */
    warmUp: () => void botUsername().catch(() => undefined),
  };
}

export type MailLinks = ReturnType<typeof createMailLinks>;
