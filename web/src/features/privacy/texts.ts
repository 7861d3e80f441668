/** What the buy screen asks before a first purchase (152-ФЗ consent, 54-ФЗ receipt e-mail). */
export const privacyTexts = {
  consent: 'Согласен(на) на обработку персональных данных',
  consentNote: 'Без согласия покупка невозможна. Что мы храним и зачем — в документе:',
  policyLink: 'Политика обработки персональных данных',
  consentMissing: 'Отметьте согласие на обработку персональных данных — без него покупка невозможна',
  email: 'E-mail для чека',
  emailPlaceholder: 'name@example.ru',
  emailNote: 'Сюда придёт чек об оплате. Мы запомним адрес для следующих покупок.',
  receiptTo: 'Чек придёт на',
  changeEmail: 'Изменить',
} as const;
