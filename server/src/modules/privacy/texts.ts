import { PrivacyErrorCode } from '#contract/privacy';
import type { Refusals } from '../../http/errors.ts';

export const privacyRefusals = {
  [PrivacyErrorCode.emailRequired]: {
    status: 400,
    message: 'Укажите e-mail для чека: по закону мы отправляем чек об оплате на почту',
    field: 'email',
  },
  [PrivacyErrorCode.consentRequired]: {
    status: 403,
    message: 'Сначала дайте согласие на обработку персональных данных: без него покупка невозможна',
  },
  [PrivacyErrorCode.unusedCoupons]: {
    status: 409,
    message: ({ coupons }) =>
      `У вас есть неиспользованные купоны: ${coupons}. Подтвердите, что отказываетесь от них, и удалите данные снова`,
  },
} satisfies Refusals;
export type PrivacyRefusal = keyof typeof privacyRefusals;
