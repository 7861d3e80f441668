import { RATING_CHANGEABLE_DAYS } from '#contract/rating-window';

export const texts = {
  rate: 'Оценить визит',
  change: (stars: number) => `Ваша оценка: ${stars} из 5 — изменить`,
  stars: 'Оценка',
  star: (stars: number) => `${stars} из 5`,
  comment: 'Отзыв (необязательно)',
  commentNote: (length: number, max: number) => `Отзыв увидит партнер. Символов: ${length} из ${max}.`,
  save: 'Сохранить',
  saving: 'Сохранение…',
  cancel: 'Отмена',
  thanks: (stars: number) => `Спасибо! Ваша оценка: ${stars} из 5.`,
  changeableUntil: (day: string) => `Оценку и отзыв можно изменить до ${day} включительно.`,
  closed: `Оценку можно поставить или изменить в течение ${RATING_CHANGEABLE_DAYS} дней после визита.`,
  pickStars: 'Выберите оценку от 1 до 5.',
} as const;
