import type { TValidity } from '#contract/offers';
import { formatDay } from '@/lib/dates';

const dayForms = new Intl.PluralRules('ru-RU');
const DAY_WORDS: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'день', few: 'дня', many: 'дней' };
const days = (count: number) => `${count} ${DAY_WORDS[dayForms.select(count)] ?? 'дня'}`;

/** How long a coupon bought from an offer stays valid, as the buyer reads it; '' when it never expires. */
export function offerValidityText({ validUntil, validDays }: TValidity): string {
  if (validDays !== null && validUntil !== null)
    return `Действует ${days(validDays)} после покупки, но не позже ${formatDay(validUntil)}`;
  if (validDays !== null) return `Действует ${days(validDays)} после покупки`;
  if (validUntil !== null) return `Действует до ${formatDay(validUntil)}`;
  return '';
}
