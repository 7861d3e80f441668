import type { TMessenger } from '#contract/messengers';
import { couponStartParam, MY_COUPONS_START_PARAM } from '#contract/start-params';
import type { Messengers } from '../../domain/messenger.ts';
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
 * and the deep link that opens the app on the coupon in the person's messenger.
 */
export function createMailLinks(options: {
  botToken: string;
  /** PUBLIC_URL, or the stand-in's own address: where the signed links lead. */
  baseUrl: string;
  messengers: Messengers;
}) {
  const { baseUrl, messengers } = options;
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
     * The deep link of `messenger` (Telegram's `t.me/<bot>?startapp=…`): My QR on the coupon, or My
     * QR itself when no coupon is named. When the messenger cannot say it now (Telegram has not
     * answered getMe yet, or it has no bot here), the mail still goes, with the app's own address.
     */
    async appUrl(messenger: TMessenger, purchasedCouponId?: string): Promise<string> {
      const startParam = purchasedCouponId ? couponStartParam(purchasedCouponId) : MY_COUPONS_START_PARAM;
      const link = await messengers[messenger]?.appLink(startParam).catch(() => undefined);
      return link ?? `${baseUrl}/`;
    },
    /** Asks each messenger its link ahead, while it answers: a mail in a later outage names it. */
    warmUp: () => {
      for (const port of Object.values(messengers))
        void port?.appLink(MY_COUPONS_START_PARAM).catch(() => undefined);
    },
  };
}

export type MailLinks = ReturnType<typeof createMailLinks>;
