import type { Bot } from 'grammy';
import { RATE_CALLBACK, rateTapOf } from './rating-buttons.ts';
import type { RatingService } from './ratings.service.ts';
import { ratingBotTexts } from './texts.ts';

/**
 * The bot's side of visit ratings: a tap on 1–5 under the question after a visit, answered with
 * answerCallbackQuery (Telegram keeps the button spinning until it is), then a force_reply prompt
 * for a comment. A reply to that prompt, and only to it, is the comment: the prompt's message id
 * ties the reply to its rating in any server process and after any restart, and an ordinary
 * message to the bot is never taken for a comment.
 */
export function registerRatingButtons(bot: Bot, ratings: RatingService) {
  bot.callbackQuery(RATE_CALLBACK, async (ctx) => {
    const tap = rateTapOf(ctx.callbackQuery.data);
    if (!tap) {
      await ctx.answerCallbackQuery({ text: ratingBotTexts.outOfRange, show_alert: true });
      return;
    }
    const { purchasedCouponId, stars } = tap;
    const rated = await ratings.rate(ctx.from.id, purchasedCouponId, stars);
    if (rated.outcome !== 'rated') {
      const refusal = {
        not_redeemed: ratingBotTexts.notRedeemed,
        not_yours: ratingBotTexts.notYours,
        too_late: ratingBotTexts.tooLate,
      }[rated.outcome];
      await ctx.answerCallbackQuery({ text: refusal, show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery({ text: ratingBotTexts.thanks(rated.stars) });
    // A changed rating keeps the prompt already sent: a reply to it is still this rating's comment.
    if (rated.commentAsked) return;
    const prompt = await ctx.api.sendMessage(ctx.from.id, ratingBotTexts.commentPrompt(rated.companyName), {
      reply_markup: { force_reply: true, input_field_placeholder: ratingBotTexts.commentPlaceholder },
    });
    await ratings.rememberCommentPrompt(ctx.from.id, purchasedCouponId, prompt.message_id);
  });

  bot.chatType('private').on('message:text', async (ctx, next) => {
    const promptId = ctx.message.reply_to_message?.message_id;
    if (promptId === undefined || !(await ratings.comment(ctx.from.id, promptId, ctx.message.text))) {
      return next();
    }
    await ctx.reply(ratingBotTexts.commentSaved);
  });
}
