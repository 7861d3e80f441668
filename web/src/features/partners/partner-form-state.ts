import type { TAddPartnerRequest, TPartner, TPartnerType } from '#contract/partners';
import { usernameOf } from '#contract/usernames';
import { isCompletePhone } from '@/components/ui/phone-field';

type DiscountConditionInput = { key: number; text: string };

export type PartnerForm = {
  region: string;
  companyName: string;
  partnerType: TPartnerType | '';
  /** '' or 7 and up to ten more digits, as the phone field hands them out. */
  phone: string;
  address: string;
  email: string;
  username: string;
  /** Kept as the partner has it: the form has no field for it, and saving must not erase it. */
  inn: string;
  discountConditions: DiscountConditionInput[];
};

export type FilledPartnerForm = PartnerForm & { partnerType: TPartnerType };

export const emptyPartnerForm = (): PartnerForm => ({
  region: '',
  companyName: '',
  partnerType: '',
  phone: '',
  address: '',
  email: '',
  username: '',
  inn: '',
  discountConditions: [{ key: 0, text: '' }],
});

/** An existing partner's data in the form, to edit it; at least one condition field, as when adding. */
export const partnerFormOf = (partner: TPartner): PartnerForm => ({
  region: partner.region,
  companyName: partner.companyName,
  partnerType: partner.partnerType,
  phone: partner.phoneNumber,
  address: partner.address,
  email: partner.email,
  username: partner.spokesmanNickname,
  inn: partner.inn ?? '',
  discountConditions: (partner.discountConditions.length > 0 ? partner.discountConditions : ['']).map(
    (text, key) => ({ key, text }),
  ),
});

/** The server takes 20 conditions at most. */
export const MAX_DISCOUNT_CONDITIONS = 20;

// SPEC §5: a basic address pattern; the server checks it properly.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmailValid = (email: string) => EMAIL_PATTERN.test(email.trim());

/** SPEC §5: every field but the discount conditions must be filled before anything is sent. */
export function isPartnerFormFilled(form: PartnerForm): form is FilledPartnerForm {
  return (
    [form.region, form.companyName, form.address, form.email].every((text) => text.trim() !== '') &&
    form.partnerType !== '' &&
    isCompletePhone(form.phone) &&
    usernameOf(form.username) !== ''
  );
}

/** The partner creation payload: texts trimmed, the username as the one rule reads it, empty conditions left out. */
export function toAddPartnerRequest(form: FilledPartnerForm): TAddPartnerRequest {
  return {
    region: form.region.trim(),
    companyName: form.companyName.trim(),
    partnerType: form.partnerType,
    phoneNumber: form.phone,
    address: form.address.trim(),
    email: form.email.trim(),
    spokesmanNickname: usernameOf(form.username),
    ...(form.inn && { inn: form.inn }),
    discountConditions: form.discountConditions.map(({ text }) => text.trim()).filter(Boolean),
  };
}
