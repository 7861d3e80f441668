export const texts = {
  tagline: 'КАТАЙСЯ С НАМИ',
  back: 'Назад',
  bannerDescription: 'Рафт с командой идет по горной реке',
} as const;
