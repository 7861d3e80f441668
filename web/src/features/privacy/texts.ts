/** What the buy screen asks before a first purchase (152-ФЗ consent, 54-ФЗ receipt e-mail). */
export const privacyTexts = {
  consent: 'Согласен(на) на обработку персональных данных',
  policyLink: 'Политика обработки персональных данных',
  consentMissing: 'Отметьте согласие — без него покупка невозможна',
  email: 'E-mail для чека',
  emailPlaceholder: 'name@example.ru',
  emailNote: 'Сюда придет чек об оплате. Мы запомним адрес для следующих покупок.',
  receiptTo: 'Чек придет на',
  changeEmail: 'Изменить',
} as const;
