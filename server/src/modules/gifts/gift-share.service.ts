import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GiftErrorCode, type TPreparedGiftMessage } from '#contract/gifts';
import { MY_COUPONS_START_PARAM } from '#contract/start-params';
import type { Db } from '../../db/client.ts';
import { gifts } from '../../db/schema.ts';
import { DomainError, type DomainErrorDetails } from '../../domain/domain-error.ts';
import { MESSENGER_NAMES, type Messengers } from '../../domain/messenger.ts';
import { reachOf } from '../../messenger/people.ts';
import { couponLineOf } from '../purchased-coupons/purchased-coupons.query.ts';
import { type GiftRefusal, giftShareTexts } from './texts.ts';

/** A Bot API call answers well within this, or the giver is told to try again. */
const BOT_CALL_MS = 10_000;

const SHAREABLE: readonly string[] = ['SENT', 'HELD', 'CLAIMED'];

const refuse = (code: GiftRefusal, details?: DomainErrorDetails) =>
  new DomainError<GiftRefusal>(code, details);

/**
 * The message a giver shares about a gift: prepared by their messenger's bot for the app to share
 * (Telegram: savePreparedInlineMessage for Mini Apps' shareMessage), with a button opening the app
 * on My QR, where the friend finds the coupon, or claims it if it was held for them (ADR 0012).
 * Where the messenger prepares no messages (MAX), the answer is the text and the link alone, which
 * the app shares itself (shareMaxContent).
 */
export function createGiftShareService(options: { db: Db; messengers: Messengers; log: FastifyBaseLogger }) {
  const { db, messengers, log } = options;

  /** Prepares the message for the giver of `giftId`; refused for a gift canceled or returned. */
  async function prepareMessage(
    giver: { id: number; username: string | null },
    giftId: number,
  ): Promise<TPreparedGiftMessage> {
    const [gift] = await db
      .select({ status: gifts.status, purchasedCouponId: gifts.purchasedCouponId })
      .from(gifts)
      .where(and(eq(gifts.id, giftId), eq(gifts.fromUserId, giver.id)));
    if (!gift) throw refuse(GiftErrorCode.giftNotFound);
    // A canceled or returned gift is the giver's again: nothing waits for the friend.
    if (!SHAREABLE.includes(gift.status)) throw refuse(GiftErrorCode.giftNotShareable);
    const coupon = await couponLineOf(db, gift.purchasedCouponId);
    if (!coupon) throw refuse(GiftErrorCode.giftNotFound);
    const reach = (await reachOf(db, [giver.id])).get(giver.id);
    const port = reach && messengers[reach.messenger];
    if (!reach || !port) throw refuse(GiftErrorCode.shareUnavailable);
    const messenger = MESSENGER_NAMES[reach.messenger];

    try {
      const appLink = await port.appLink(MY_COUPONS_START_PARAM);
      const text = giftShareTexts.message({ fromUsername: giver.username, coupon });
      if (!port.prepareShare) return { text, appLink };
      const id = await port.prepareShare(
        reach.chatId,
        {
          id: `gift-${giftId}`,
          title: giftShareTexts.title,
          description: giftShareTexts.description(coupon),
          text,
          button: { text: giftShareTexts.button, url: appLink },
        },
        AbortSignal.timeout(BOT_CALL_MS),
      );
      return { id, text, appLink };
    } catch (err) {
      log.error({ err, giftId }, 'the bot could not prepare a gift message');
      throw refuse(GiftErrorCode.shareUnavailable, { messenger });
    }
  }

  return { prepareMessage };
}

export type GiftShareService = ReturnType<typeof createGiftShareService>;
