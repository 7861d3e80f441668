import { z } from 'zod';
import { ZInn } from './inn.ts';
import { ZPartnerRating } from './ratings.ts';
import { ZTelegramUsername } from './username-schemas.ts';

export const PARTNER_TYPES = ['ШКОЛА', 'ПРОКАТ', 'МАГАЗИН', 'ТУРЫ', 'ПРОИЗВОДСТВО', 'КЛУБ'] as const;
export const ZPartnerType = z.enum(PARTNER_TYPES, { message: 'Выберите тип партнера из списка' });
export type TPartnerType = z.infer<typeof ZPartnerType>;

/** How long each text of a partner may be: the form says it before anything is sent. */
export const PARTNER_TEXT_LIMITS = {
  region: 100,
  companyName: 120,
  address: 300,
  discountCondition: 300,
} as const;

export const partnerLimitTexts = {
  required: (label: string) => `Заполните поле «${label}»`,
  tooLong: (label: string, max: number) => `Поле «${label}» длиннее ${max} символов`,
  markup: (label: string) => `В поле «${label}» не должно быть HTML-тегов вроде <b> или <a href>`,
} as const;

/** `<b>`, `</a>`, `<a href="…">`, `<!-- -->`: «<», then a Latin letter, «/» and a letter, or «!». */
const HTML_TAG = /<(?:\/?[a-z]|!)[^<>]*>/i;

/**
 * Whether a text carries an HTML tag. A partner's name and region are shown to every buyer (the
 * app, the bot's messages, mails, QR and receipts), escaped everywhere: a tag typed into them
 * would be shown to them raw, as code.
 */
export const hasHtmlTag = (value: string) => HTML_TAG.test(value);

const text = (label: string, max: number) =>
  z
    .string({ message: partnerLimitTexts.required(label) })
    .trim()
    .min(1, partnerLimitTexts.required(label))
    .max(max, partnerLimitTexts.tooLong(label, max));

/** A name shown wherever the partner is: no markup in it. */
const plainText = (label: string, max: number) =>
  text(label, max).refine((value) => !hasHtmlTag(value), partnerLimitTexts.markup(label));

/** SPEC §3 partner creation payload; discount conditions may come joined with ';' or as a list. */
export const ZAddPartnerRequest = z.object({
  region: plainText('Регион', PARTNER_TEXT_LIMITS.region),
  companyName: plainText('Название компании', PARTNER_TEXT_LIMITS.companyName),
  partnerType: ZPartnerType,
  phoneNumber: z
    .string({ message: 'Укажите телефон' })
    .regex(/^7\d{10}$/, 'Телефон: 11 цифр, начиная с 7 (+7 (000) 000-00-00)'),
  address: text('Адрес', PARTNER_TEXT_LIMITS.address),
  email: z.string().trim().max(254, 'Слишком длинный email').pipe(z.email('Неправильный формат email')),
  spokesmanNickname: ZTelegramUsername,
  /** Needed when sales are made as the partner's agent (RECEIPT_AGENT): its receipts name it. */
  inn: z
    .union([z.literal(''), ZInn])
    .nullish()
    .transform((value) => value || null),
  discountConditions: z
    .union([z.string(), z.array(z.string())])
    .default([])
    .transform((value) => (Array.isArray(value) ? value : value.split(';')))
    .transform((list) => list.map((condition) => condition.trim()).filter(Boolean))
    .pipe(
      z
        .array(
          z
            .string()
            .max(
              PARTNER_TEXT_LIMITS.discountCondition,
              `Условие скидки длиннее ${PARTNER_TEXT_LIMITS.discountCondition} символов`,
            ),
        )
        .max(20, 'Не больше 20 условий скидки'),
    ),
});
export type TAddPartnerRequest = z.input<typeof ZAddPartnerRequest>;

export const ZPartner = z.object({
  id: z.number().int(),
  region: z.string(),
  companyName: z.string(),
  partnerType: ZPartnerType,
  phoneNumber: z.string(),
  address: z.string(),
  email: z.string(),
  spokesmanNickname: z.string(),
  inn: z.string().nullable(),
  discountConditions: z.array(z.string()),
});
export type TPartner = z.infer<typeof ZPartner>;

/** GET /api/partners: the companies a partner (own) or admin (all) may request coupons for. */
export const ZPartnerOption = z.object({ id: z.number().int(), companyName: z.string(), region: z.string() });
export type TPartnerOption = z.infer<typeof ZPartnerOption>;
export const ZPartnerOptionsResponse = z.array(ZPartnerOption);

/** GET /api/partners/filter/…: partners that have coupons on sale. */
export const ZListedPartner = z.object({
  id: z.number().int(),
  companyName: z.string(),
  discountConditions: z.array(z.string()),
  /** Its visits' rating; null until MIN_RATINGS_SHOWN visits are rated. */
  rating: ZPartnerRating.nullable(),
});
export type TListedPartner = z.infer<typeof ZListedPartner>;
export const ZListedPartnersResponse = z.array(ZListedPartner);

export const ZRegionsResponse = z.array(z.string());
export const ZPartnerTypesResponse = z.array(ZPartnerType);

/** The `error` code of adding a company that is already there. */
export const PartnerErrorCode = { partnerExists: 'partner_exists' } as const;
