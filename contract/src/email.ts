import { z } from 'zod';

/**
 * The e-mail behind the bot: a buyer's address (the receipts' one), confirmed by a mailed link,
 * gets by mail what the bot could not deliver within 15 minutes.
 */

/** An address as typed: the receipts' rule, without their wording. */
export const ZMessagesEmail = z
  .string({ message: 'Укажите e-mail' })
  .trim()
  .min(1, 'Укажите e-mail')
  .max(254, 'Слишком длинный e-mail')
  .pipe(z.email('Неправильный формат e-mail'));

/**
 * Where an address stands: none given; given and its confirming link not yet followed; confirmed;
 * confirmed and then stopped by a mail's link.
 */
export const EMAIL_STATES = ['none', 'unconfirmed', 'confirmed', 'stopped'] as const;

/** GET /api/me/email, and the answer to PUT and POST …/confirmation. */
export const ZEmailState = z.object({
  email: z.string().nullable(),
  state: z.enum(EMAIL_STATES),
  /** Whether this server mails at all (SMTP_URL, or the local stand-in's mailbox). */
  mailOn: z.boolean(),
});
export type TEmailState = z.infer<typeof ZEmailState>;

/** PUT /api/me/email: the address to confirm (a confirmation mail is sent to it). */
export const ZEmailGiven = z.object({ email: ZMessagesEmail });
export type TEmailGiven = z.input<typeof ZEmailGiven>;

export const EmailErrorCode = {
  /** No SMTP server: nothing can be mailed. */
  mailOff: 'mail_off',
  /** The confirmation mail could not be sent now. */
  mailFailed: 'mail_failed',
  /** The local stand-in's «Почта»: no such mail of that person. */
  mailNotFound: 'mail_not_found',
} as const;

/** GET /api/dev/mail/{userId}: the local stand-in's «Почта» — mails caught for that person. */
export const ZStandInMail = z.object({
  id: z.number().int(),
  /** ISO instant it was caught. */
  at: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  /** The inline images (the QR) as addresses on the stand-in. */
  imageUrls: z.array(z.string()),
});
export type TStandInMail = z.infer<typeof ZStandInMail>;

export const ZStandInInbox = z.object({
  /** Changes whenever a mail is caught: a read with `since` waits for it. */
  version: z.number().int(),
  mails: z.array(ZStandInMail),
});
export type TStandInInbox = z.infer<typeof ZStandInInbox>;
