import {
  hasHtmlTag,
  PARTNER_TEXT_LIMITS,
  partnerLimitTexts,
  type TAddPartnerRequest,
  type TPartner,
  type TPartnerType,
} from '#contract/partners';
import { parseUsername, usernameOf } from '#contract/usernames';
import { isCompletePhone } from '@/components/ui/phone-field';
import { partnerFormTexts as texts } from './texts';

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

/** The fields a person fills in, each of which may say what is wrong with it. */
export type PartnerField =
  | 'region'
  | 'companyName'
  | 'partnerType'
  | 'phone'
  | 'address'
  | 'email'
  | 'username';

export type PartnerFormErrors = Partial<Record<PartnerField, string>> & {
  /** Each discount condition's, by its key. */
  conditions: Record<number, string>;
};

const MAX_EMAIL = 254;

function textError(value: string, label: string, max: number, checked: boolean): string | undefined {
  if (value.trim().length > max) return partnerLimitTexts.tooLong(label, max);
  if (checked && value.trim() === '') return partnerLimitTexts.required(label);
  return undefined;
}

/** A name or region, which the contract keeps free of markup: a tag is said at once, as a limit is. */
const plainTextError = (value: string, label: string, max: number, checked: boolean) =>
  hasHtmlTag(value) ? partnerLimitTexts.markup(label) : textError(value, label, max, checked);

/**
 * What is wrong with each field, in the contract's words, said under it: a text too long at once,
 * before anything is sent; an empty or malformed field once it has been left (`checked`) or the form
 * sent (`checked` then holds every field).
 */
export function partnerFormErrors(form: PartnerForm, checked: ReadonlySet<PartnerField>): PartnerFormErrors {
  const errors: PartnerFormErrors = { conditions: {} };
  const set = (field: PartnerField, error: string | undefined) => {
    if (error) errors[field] = error;
  };
  set('region', plainTextError(form.region, texts.region, PARTNER_TEXT_LIMITS.region, checked.has('region')));
  set(
    'companyName',
    plainTextError(
      form.companyName,
      texts.companyName,
      PARTNER_TEXT_LIMITS.companyName,
      checked.has('companyName'),
    ),
  );
  set('address', textError(form.address, texts.address, PARTNER_TEXT_LIMITS.address, checked.has('address')));
  if (checked.has('partnerType') && form.partnerType === '') set('partnerType', texts.choosePartnerType);
  if (checked.has('phone') && !isCompletePhone(form.phone))
    set('phone', form.phone === '' ? partnerLimitTexts.required(texts.phone) : texts.incompletePhone);
  if (form.email.trim().length > MAX_EMAIL) set('email', texts.longEmail);
  else if (checked.has('email'))
    set(
      'email',
      form.email.trim() === ''
        ? partnerLimitTexts.required(texts.email)
        : isEmailValid(form.email)
          ? undefined
          : texts.badEmail,
    );
  const username = parseUsername(form.username);
  if (checked.has('username') && !username.ok) set('username', username.message);
  for (const { key, text } of form.discountConditions)
    if (text.trim().length > PARTNER_TEXT_LIMITS.discountCondition)
      errors.conditions[key] = texts.longCondition(PARTNER_TEXT_LIMITS.discountCondition);
  return errors;
}

export const hasErrors = ({ conditions, ...fields }: PartnerFormErrors) =>
  Object.keys(fields).length > 0 || Object.keys(conditions).length > 0;

export const ALL_PARTNER_FIELDS: ReadonlySet<PartnerField> = new Set([
  'region',
  'companyName',
  'partnerType',
  'phone',
  'address',
  'email',
  'username',
]);
