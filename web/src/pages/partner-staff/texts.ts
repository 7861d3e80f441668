import { messengerName } from '@/messenger/messenger-of-launch';

export const texts = {
  title: 'СОТРУДНИКИ',
  managersOnly: 'Сотрудников партнера назначают администратор и представитель партнера',
  noPartners: 'Партнеров пока нет',
  partner: 'Партнер',
  partnerPlaceholder: 'Выберите партнера',
  about:
    'Сотрудники проверяют и гасят купоны партнера и видят его отчет о погашениях. Заявки на купоны они не подают.',
  get username() {
    return `Юзернейм сотрудника в ${messengerName()}`;
  },
  add: 'ДОБАВИТЬ',
  remove: 'Убрать',
  removeLabel: (username: string) => `Убрать @${username}`,
  listTitle: 'СОТРУДНИКИ ПАРТНЕРА',
  empty: 'Сотрудников пока нет',
  saving: 'Сохраняем…',
  added: (username: string) => `@${username} добавлен`,
  removed: (username: string) => `@${username} больше не сотрудник`,
  addedUnseen: (username: string) =>
    `@${username} добавлен. Гасить купоны он сможет, когда откроет приложение «Катайся с нами».`,
  unseenQuestion: (username: string) => `Мы еще не видели @${username} в приложении.`,
  unseenDetail: (username: string) =>
    `Проверьте юзернейм. Проверять и гасить купоны @${username} сможет только после того, как откроет приложение «Катайся с нами».`,
  unseenConfirm: 'Добавить',
  removeQuestion: (username: string) => `Убрать @${username} из сотрудников?`,
  removeDetail: (username: string) =>
    `@${username} больше не сможет проверять и гасить купоны партнера и не увидит его отчет о погашениях. Погашенные им купоны останутся погашенными.`,
  removeConfirm: 'Убрать',
  cancel: 'Отмена',
  alreadyThere: (username: string) => `@${username} уже в списке`,
} as const;
