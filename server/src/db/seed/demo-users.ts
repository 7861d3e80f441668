/** The people of the demo data, one per role the local stand-in's picker offers. */
export const DEMO_USERS = [
  {
    id: 700_000_001,
    username: 'demo_admin',
    firstName: 'Анна',
    label: 'Администратор',
    isAdmin: true,
    isChatMember: true,
  },
  {
    id: 700_000_002,
    username: 'demo_partner',
    firstName: 'Павел',
    label: 'Партнер (Рафт-школа «Порог»)',
    isAdmin: false,
    isChatMember: true,
  },
  {
    id: 700_000_003,
    username: 'demo_member',
    firstName: 'Мария',
    label: 'Участник чата',
    isAdmin: false,
    isChatMember: true,
  },
  {
    id: 700_000_004,
    username: 'demo_guest',
    firstName: 'Гоша',
    label: 'Не в чате',
    isAdmin: false,
    isChatMember: false,
  },
  {
    id: 700_000_005,
    username: 'demo_staff',
    firstName: 'Илья',
    label: 'Инструктор «Порога» (сотрудник партнера)',
    isAdmin: false,
    isChatMember: true,
  },
] as const satisfies ReadonlyArray<{
  id: number;
  username: string;
  firstName: string;
  label: string;
  isAdmin: boolean;
  isChatMember: boolean;
}>;
