/** What the mails and the pages of their links say, and the module's refusals. */

import { EmailErrorCode } from '#contract/email';
import type { Refusals } from '../../http/errors.ts';
import type { MailedKind } from './mailed-kinds.ts';

export const emailRefusals = {
  [EmailErrorCode.mailOff]: {
    status: 503,
    message: 'Отправка писем на этом сервере не настроена',
  },
  [EmailErrorCode.mailFailed]: {
    status: 503,
    message: 'Не удалось отправить письмо. Попробуйте через минуту',
  },
  [EmailErrorCode.mailNotFound]: { status: 404, message: 'Письмо не найдено' },
} satisfies Refusals;
export type EmailRefusal = keyof typeof emailRefusals;

const BRAND = 'Катайся с нами';

/** Each mailed message's subject, by what it tells. */
const SUBJECTS: Record<MailedKind, string> = {
  PURCHASE_CONFIRMED: 'Покупка подтверждена',
  COUPON_QR: 'QR-код вашего купона',
  COUPON_REFUNDED: 'Деньги за купон возвращены',
  SOLD_OUT_REFUNDED: 'Деньги возвращаются',
  UNSOLD_REFUND_SETTLED: 'Деньги возвращены',
  GIFT_RECEIVED: 'Вам подарили купон',
  WAITLIST_UNIT_HELD: 'Подошла ваша очередь',
  COUPON_EXPIRING: 'Напоминание о купоне',
  GIFT_RETURNING: 'Напоминание о подарке',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const paragraphs = (text: string) =>
  text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');

export const mailTexts = {
  subject: (kind: MailedKind) => `${BRAND}: ${SUBJECTS[kind]}`,

  /** A bot message as a mail: its own words, the QR where it is one, the app, and the way to stop. */
  message(input: { text: string; messenger: string; appUrl: string; stopUrl: string; qrCid?: string }) {
    const why = `Это письмо пришло, потому что бот не смог доставить сообщение в ${input.messenger} за 15 минут.`;
    const open = 'Открыть в приложении';
    const stop = 'Больше не присылать писем';
    return {
      text: [input.text, '', `${open}: ${input.appUrl}`, '', '—', why, `${stop}: ${input.stopUrl}`].join(
        '\n',
      ),
      html: [
        paragraphs(input.text),
        input.qrCid
          ? `<p><img src="cid:${input.qrCid}" alt="QR-код купона" width="300" height="300"></p>`
          : '',
        `<p><a href="${escapeHtml(input.appUrl)}">${open}</a></p>`,
        `<hr><p><small>${why} <a href="${escapeHtml(input.stopUrl)}">${stop}</a></small></p>`,
      ].join('\n'),
    };
  },

  confirmation(input: { confirmUrl: string; messenger: string }) {
    const lines = [
      `Подтвердите адрес: если бот не сможет доставить вам сообщение в ${input.messenger} за 15 минут (покупка, QR-код, возврат, подарок, очередь, напоминание), мы пришлем его сюда.`,
      'Подтвердить адрес',
      'Если вы не указывали этот адрес в «Катайся с нами», просто удалите письмо: без подтверждения писем не будет.',
    ] as const;
    return {
      subject: `${BRAND}: подтвердите адрес`,
      text: [lines[0], '', `${lines[1]}: ${input.confirmUrl}`, '', lines[2]].join('\n'),
      html: [
        `<p>${escapeHtml(lines[0])}</p>`,
        `<p><a href="${escapeHtml(input.confirmUrl)}">${lines[1]}</a></p>`,
        `<p><small>${escapeHtml(lines[2])}</small></p>`,
      ].join('\n'),
    };
  },
};

/** The pages a mail's links open, in a browser, without the app. */
export const linkPages = {
  confirmed: ({ email, messenger }: { email: string; messenger: string }) => ({
    title: 'Адрес подтвержден',
    body: `Если бот не сможет доставить вам сообщение в ${messenger}, мы пришлем его на ${email}.`,
  }),
  /** The address was changed after the mail was sent: this link confirms nothing now. */
  confirmOutdated: {
    title: 'Ссылка устарела',
    body: 'Адрес в приложении с тех пор изменился. Подтвердите новый по ссылке из последнего письма.',
  },
  askStop: ({ messenger }: { messenger: string }) => ({
    title: 'Не присылать писем?',
    body: `Сообщения бота останутся в ${messenger}; на почту мы больше ничего не пришлем.`,
    button: 'Не присылать',
  }),
  stopped: ({ messenger }: { messenger: string }) => ({
    title: 'Письма больше не придут',
    body: `Сообщения бота останутся в ${messenger}. Включить письма снова можно в приложении, в «Мои данные».`,
  }),
  invalid: {
    title: 'Ссылка не подходит',
    body: 'Она повреждена или устарела. Откройте приложение, раздел «Мои данные».',
  },
};

/** A page of our own: a title, a line, and maybe one button posting back to the same address. */
export function linkPage(page: { title: string; body: string; button?: string }): string {
  const form = page.button
    ? `<form method="post"><button type="submit">${escapeHtml(page.button)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} — ${BRAND}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem}</style>
</head><body><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.body)}</p>${form}</body></html>`;
}
