import { PartnerErrorCode } from '#contract/partners';
import type { Refusals } from '../../http/errors.ts';

export const partnerRefusals = {
  [PartnerErrorCode.partnerExists]: {
    status: 409,
    message: ({ companyName, region }) => `Партнер «${companyName}» уже есть в регионе «${region}»`,
    field: 'companyName',
  },
} satisfies Refusals;
export type PartnerRefusal = keyof typeof partnerRefusals;
