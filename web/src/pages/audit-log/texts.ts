export const texts = {
  title: 'ЖУРНАЛ СОБЫТИЙ',
  adminsOnly: 'Журнал событий видят только администраторы',
  kind: 'Событие',
  allKinds: 'Все события',
  empty: 'За этот период событий нет',
  events: 'СОБЫТИЯ',
  system: 'система',
} as const;
