export const texts = {
  tagline: 'КАТАЙСЯ С НАМИ',
  back: 'Назад',
  bannerDescription: 'Рафт с командой идёт по горной реке',
} as const;
