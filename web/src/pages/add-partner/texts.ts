export const texts = {
  title: 'Добавление партнера',
  adminsOnly: 'Добавлять партнеров могут только администраторы',
} as const;
