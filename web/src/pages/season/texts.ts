import { formatRating, type TPartnerRating } from '#contract/ratings';

const number = (value: number) => value.toLocaleString('ru-RU');

export const texts = {
  title: 'СЕЗОН В ЦИФРАХ',
  adminsOnly: 'Сезон в цифрах видят только администраторы',
  total: 'ИТОГО',
  weeks: 'ПО НЕДЕЛЯМ',
  funnel: 'ОТ ОТКРЫТИЯ ДО ПОГАШЕНИЯ',
  funnelSteps: {
    opened: 'Открыли приложение',
    bought: 'Купили купон',
    redeemed: 'Погасили купон',
  },
  people: (count: number) => `${number(count)} чел.`,
  share: (percent: number) => `${percent}% открывших`,
  funnelNote: 'Люди за период: каждый считается один раз, сколько бы раз ни открывал и ни покупал.',
  partners: 'ПАРТНЕРЫ ПО ПОГАШЕНИЯМ',
  noPartners: 'Партнеров пока нет',
  redeemed: (count: number) => `Погашено: ${number(count)} шт`,
  rating: (rating: TPartnerRating | null) => (rating ? `Оценка ${formatRating(rating)}` : 'Оценок пока мало'),
} as const;
