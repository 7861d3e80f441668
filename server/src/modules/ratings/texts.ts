import { RATING_CHANGEABLE_DAYS, RATING_COMMENT_TOO_LONG, RatingErrorCode } from '#contract/ratings';
import type { Refusals } from '../../http/errors.ts';

export const ratingRefusals = {
  [RatingErrorCode.ratingNotFound]: { status: 404, message: 'Такой оценки нет.' },
  [RatingErrorCode.notRedeemed]: {
    status: 409,
    message: 'Оценить можно только купон, погашенный партнером.',
  },
  [RatingErrorCode.notYours]: { status: 404, message: 'Такого купона нет среди ваших.' },
  [RatingErrorCode.tooLate]: {
    status: 409,
    message: `Оценку можно поставить или изменить в течение ${RATING_CHANGEABLE_DAYS} дней после визита.`,
  },
} satisfies Refusals;
export type RatingRefusal = keyof typeof ratingRefusals;

/** What the bot answers a tap on a rating button, and says around the comment. */
export const ratingBotTexts = {
  thanks: (stars: number) => `Спасибо! Ваша оценка: ${stars} из 5.`,
  commentPrompt: (companyName: string) =>
    `Хотите добавить отзыв о «${companyName}»? Ответьте на это сообщение. Отзыв увидит партнер.`,
  commentPlaceholder: 'Ваш отзыв',
  commentSaved: 'Спасибо, отзыв сохранен.',
  /** The reply is not kept: the person shortens it and replies to the same question again. */
  commentTooLong: `${RATING_COMMENT_TOO_LONG} Отзыв не сохранен: ответьте на вопрос еще раз, покороче.`,
  notRedeemed: 'Оценить можно только купон, погашенный партнером.',
  notYours: 'Оценить визит может только владелец купона.',
  tooLate: `Оценку можно поставить или изменить в течение ${RATING_CHANGEABLE_DAYS} дней после визита.`,
  outOfRange: 'Оценка ставится от 1 до 5: нажмите одну из кнопок под вопросом о визите.',
} as const;
