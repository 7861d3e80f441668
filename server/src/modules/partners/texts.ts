import { BackOfficePartnerErrorCode } from '#contract/back-office-partners';
import { ErrorCode } from '#contract/errors';
import { PartnerErrorCode } from '#contract/partners';
import type { Refusals } from '../../http/errors.ts';

export const partnerRefusals = {
  [PartnerErrorCode.partnerExists]: {
    status: 409,
    message: ({ companyName, region }) => `Партнер «${companyName}» уже есть в регионе «${region}»`,
    field: 'companyName',
  },
  [BackOfficePartnerErrorCode.notYourPartner]: {
    status: 403,
    message: 'Сотрудников партнера назначают администратор и представитель партнера',
  },
  inn_required: {
    status: 400,
    error: ErrorCode.badRequest,
    message: 'Укажите ИНН партнера: он нужен в чеках, когда купоны продаются от его имени',
    field: 'inn',
  },
} satisfies Refusals;
export type PartnerRefusal = keyof typeof partnerRefusals;
