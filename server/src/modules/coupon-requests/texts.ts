import { CouponRequestErrorCode } from '#contract/coupons';
import { ErrorCode } from '#contract/errors';
import type { Refusals } from '../../http/errors.ts';

const HTTPS_ONLY = 'Ссылка на оплату должна начинаться с https://';

export const couponRequestRefusals = {
  request_for_self_only: {
    status: 403,
    error: ErrorCode.forbidden,
    message: 'Заявку можно отправить только от своего имени',
  },
  request_for_own_company_only: {
    status: 403,
    error: ErrorCode.forbidden,
    message: 'Можно отправить заявку только для своей компании',
  },
  [CouponRequestErrorCode.partnerNotFound]: {
    status: 404,
    message: 'Такого партнера нет',
    field: 'companyName',
  },
  [CouponRequestErrorCode.partnerAmbiguous]: {
    status: 400,
    message: 'Партнеров с таким названием несколько: выберите из списка',
    field: 'partnerId',
  },
  [CouponRequestErrorCode.alreadyDecided]: { status: 409, message: 'Эта заявка уже рассмотрена' },
  request_not_found: { status: 404, error: ErrorCode.notFound, message: 'Такой заявки нет' },
  payment_link_missing: {
    status: 400,
    error: ErrorCode.badRequest,
    message: 'Укажите ссылку на оплату',
    field: 'paymentLink',
  },
  payment_link_not_https: {
    status: 400,
    error: ErrorCode.badRequest,
    message: HTTPS_ONLY,
    field: 'paymentLink',
  },
} satisfies Refusals;
export type CouponRequestRefusal = keyof typeof couponRequestRefusals;
