export const texts = {
  title: 'Публичная оферта',
  privacy: 'Политика конфиденциальности',
} as const;
