import type { InboundHandlers } from '../../messenger/inbound.ts';
import { RATE_CALLBACK, rateTapOf } from './rating-buttons.ts';
import type { RatingService } from './ratings.service.ts';
import { ratingBotTexts } from './texts.ts';

/**
 * The bot's side of visit ratings, in any messenger: a tap on 1–5 under the question after a
 * visit, answered at once (Telegram keeps the button spinning until it is), then a question asking
 * for a comment. A reply to that question, and only to it, is the comment: its message id ties
 * the reply to its rating in any server process and after any restart, and an ordinary message to
 * the bot is never taken for a comment.
 */
export function ratingHandlers(ratings: RatingService): InboundHandlers {
  return {
    buttons: [
      {
        data: RATE_CALLBACK,
        async press(userId, press) {
          const tap = rateTapOf(press.data);
          if (!tap) {
            await press.answer(ratingBotTexts.outOfRange, { alert: true });
            return;
          }
          const { purchasedCouponId, stars } = tap;
          const rated = await ratings.rate(userId, purchasedCouponId, stars);
          if (rated.outcome !== 'rated') {
            const refusal = {
              not_redeemed: ratingBotTexts.notRedeemed,
              not_yours: ratingBotTexts.notYours,
              too_late: ratingBotTexts.tooLate,
            }[rated.outcome];
            await press.answer(refusal, { alert: true });
            return;
          }
          await press.answer(ratingBotTexts.thanks(rated.stars));
          // A changed rating keeps the question already sent: a reply to it is still this rating's comment.
          if (!rated.commentAsked) {
            const promptId = await press.ask(
              ratingBotTexts.commentPrompt(rated.companyName),
              ratingBotTexts.commentPlaceholder,
            );
            await ratings.rememberCommentPrompt(userId, purchasedCouponId, promptId);
          }
          // The question shows the stars given, and a later look at the chat still does.
          await press.markChosen?.();
        },
      },
    ],
    async reply(userId, reply) {
      const commented = await ratings.comment(userId, reply.toMessageId, reply.text);
      if (commented === 'not_a_comment') return false;
      await reply.say(commented === 'saved' ? ratingBotTexts.commentSaved : ratingBotTexts.commentTooLong);
      return true;
    },
  };
}
