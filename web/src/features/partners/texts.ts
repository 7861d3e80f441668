import { messengerName } from '@/messenger/messenger-of-launch';

/** Texts of the partner form (SPEC §2 Add partner), used to add a partner and to edit one. */
export const partnerFormTexts = {
  region: 'Регион',
  regionPlaceholder: 'Например, Карелия',
  companyName: 'Название компании',
  partnerType: 'Тип партнера',
  partnerTypePlaceholder: 'Выберите тип',
  phone: 'Телефон',
  address: 'Адрес',
  email: 'Email',
  emailPlaceholder: 'name@example.ru',
  badEmail: 'Неправильный формат email',
  longEmail: 'Слишком длинный email',
  choosePartnerType: 'Выберите тип партнера из списка',
  incompletePhone: 'Телефон: 11 цифр, начиная с 7 (+7 (000) 000-00-00)',
  longCondition: (max: number) => `Условие скидки длиннее ${max} символов`,
  upTo: (max: number) => `До ${max} символов`,
  get username() {
    return `Юзернейм партнера в ${messengerName()}`;
  },
  usernameNote: 'Этот человек получит в приложении права партнера',
  discountConditions: 'Условия скидки',
  discountCondition: (number: number) => `Условие скидки ${number}`,
  addDiscountCondition: '+ добавить условие скидки',
  sending: 'Отправка…',
  add: {
    submit: 'ДОБАВИТЬ ПАРТНЕРА',
    done: 'Успешно добавлен',
    failed: 'Не удалось добавить',
    fillEverything: 'Заполните все поля, чтобы добавить партнера',
  },
  edit: {
    submit: 'СОХРАНИТЬ',
    done: 'Сохранено',
    failed: 'Не удалось сохранить',
    fillEverything: 'Заполните все поля, чтобы сохранить',
  },
} as const;
