/** Texts of the session's own blocks, shown on several screens. */
export const sessionTexts = {
  chatRuleTitle: 'Сплавной чат',
  chatRule:
    'Покупать купоны и получать их в подарок могут только участники сплавного чата. Вступите в чат — после этого покупка станет доступна.',
  openChat: 'Перейти в сплавной чат',
} as const;
