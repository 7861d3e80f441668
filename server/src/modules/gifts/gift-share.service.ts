import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Api } from 'grammy';
import type { InlineQueryResultArticle } from 'grammy/types';
import { GiftErrorCode, type TPreparedGiftMessage } from '#contract/gifts';
import { MY_COUPONS_START_PARAM } from '#contract/start-params';
import type { Db } from '../../db/client.ts';
import { gifts } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { abortAfter } from '../../telegram/bot-api.ts';
import { createBotUsername } from '../../telegram/bot-username.ts';
import { couponLineOf } from '../purchased-coupons/purchased-coupons.query.ts';
import { type GiftRefusal, giftShareTexts } from './texts.ts';

/** A Bot API call answers well within this, or the giver is told to try again. */
const BOT_CALL_MS = 10_000;

const SHAREABLE: readonly string[] = ['SENT', 'HELD', 'CLAIMED'];

const refuse = (code: GiftRefusal) => new DomainError<GiftRefusal>(code);

/**
 * The message a giver shares about a gift: prepared by the bot for Mini Apps'
 * shareMessage (Bot API savePreparedInlineMessage), with a button opening the mini-app on My QR,
 * where the friend finds the coupon, or claims it if it was held for them (ADR 0012).
 */
export function createGiftShareService(options: { db: Db; botApi?: Api; log: FastifyBaseLogger }) {
  const { db, botApi, log } = options;
  const usernameOfBot = botApi ? createBotUsername(botApi) : undefined;

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
    if (!botApi || !usernameOfBot) throw refuse(GiftErrorCode.shareUnavailable);

    try {
      const appLink = `https://t.me/${await usernameOfBot()}?startapp=${MY_COUPONS_START_PARAM}`;
      const text = giftShareTexts.message({ fromUsername: giver.username, coupon });
      const article: InlineQueryResultArticle = {
        type: 'article',
        id: `gift-${giftId}`,
        title: giftShareTexts.title,
        description: giftShareTexts.description(coupon),
        input_message_content: { message_text: text },
        reply_markup: { inline_keyboard: [[{ text: giftShareTexts.button, url: appLink }]] },
      };
      const prepared = await botApi.savePreparedInlineMessage(
        giver.id,
        article,
        { allow_user_chats: true, allow_group_chats: true },
        abortAfter(BOT_CALL_MS),
      );
      return { id: prepared.id, text, appLink };
    } catch (err) {
      log.error({ err, giftId }, 'the bot could not prepare a gift message');
      throw refuse(GiftErrorCode.shareUnavailable);
    }
  }

  return { prepareMessage };
}

export type GiftShareService = ReturnType<typeof createGiftShareService>;
