export const texts = {
  title: 'Публичная оферта',
} as const;
