import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeQrPng } from '../../../test/decode-qr.ts';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { messengerIdentities, notifications, users } from '../../db/schema.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { type CaughtMail, type LocalMailbox, startLocalMailbox } from './local-mailbox.ts';
import { createMailFallback } from './mail-fallback.worker.ts';
import { createMailLinks } from './mail-links.ts';
import { createMailer } from './mailer.ts';

const MINUTE = 60_000;
const PUBLIC_URL = 'https://katajsya.example';
const admin = telegramUser('mf_admin');
const withMail = telegramUser('mf_with_mail');
const withoutMail = telegramUser('mf_without_mail');
const unconfirmed = telegramUser('mf_unconfirmed');
const stopping = telegramUser('mf_stopping');
const twice = telegramUser('mf_twice');
const neverStarted = telegramUser('mf_never_started');
const addressOf = (user: TelegramUser) => `${user.username}@example.org`;

let mailbox: LocalMailbox;
let t: TestApp;
let couponId: number;
/** The test's clock (ms): the workers run at it and the fake Bot API's outages last by it. */
let clock = Date.now();

beforeAll(async () => {
  mailbox = await startLocalMailbox();
  t = await createTestApp({
    env: {
      ADMIN_USERNAMES: 'mf_admin',
      SMTP_URL: mailbox.url.replace('smtp://', 'smtp://bot:secret@'),
      SMTP_FROM: 'Катайся с нами <bot@katajsya.example>',
      PUBLIC_URL,
    },
    rateLimits: false,
  });
  t.botApi.setClock(() => clock);
  for (const user of [admin, withMail, withoutMail, unconfirmed, stopping, twice, neverStarted]) {
    t.botApi.members.set(user.id, 'member');
    await t.as(user).get('/api/me');
  }
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Порог', spokesmanNickname: 'mf_partner' }, [
      { price: 150, discount: 1000 },
    ])
  ).couponIds[0] as number;
  // A running server has asked Telegram the bot's name by now (the mail worker's start asks it).
  expect((await t.as(admin).post('/api/me/invite')).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const mailsTo = (user: TelegramUser) => mailbox.mails([addressOf(user)]);
/** The subjects of the bot's messages mailed to the person (not the confirming mail). */
const told = (user: TelegramUser) =>
  mailsTo(user)
    .map((mail) => mail.subject)
    .filter((subject) => !subject.includes('подтвердите'));
/** The first link in a mail's text that starts with `prefix`. */
const linkIn = (mail: CaughtMail | undefined, prefix: string) =>
  new RegExp(`${prefix.replace(/[.?/]/g, '\\$&')}\\S*`).exec(mail?.text ?? '')?.[0] ?? '';
const pathOf = (url: string) => url.replace(PUBLIC_URL, '');

async function giveAddress(user: TelegramUser) {
  const given = await t.as(user).put('/api/me/email', { email: addressOf(user) });
  expect(given.statusCode).toBe(200);
  expect(given.json()).toEqual({ email: addressOf(user), state: 'unconfirmed', mailOn: true });
}

/** Follows the confirming link of the newest mail, as the person would in their mail. */
async function confirmAddress(user: TelegramUser) {
  const [mail] = mailsTo(user);
  expect(mail?.subject).toBe('Катайся с нами: подтвердите адрес');
  const page = await t.app.inject({
    method: 'GET',
    url: pathOf(linkIn(mail, `${PUBLIC_URL}/api/email/confirm`)),
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Адрес подтвержден');
  expect((await t.as(user).get('/api/me/email')).json()).toMatchObject({ state: 'confirmed' });
}

const photosTo = (user: TelegramUser) => t.botApi.sentPhotos().filter((photo) => photo.chatId === user.id);

/** Both workers, each run as if the clock said so: the outbox until it has nothing, the mail once. */
async function runWorkersAt(ms: number) {
  await t.deliverNotifications(new Date(ms));
  await t.app.telegram.mail?.deliverDue(new Date(ms));
}

/** A minute at a time up to `untilMs`; `onStep` after each. */
async function runUntil(untilMs: number, onStep?: () => void) {
  while (clock < untilMs) {
    clock += MINUTE;
    await runWorkersAt(clock);
    onStep?.();
  }
}

/**
 * A purchase, its messages written at the test's clock: the clock runs ahead of the database's,
 * whose `now()` stamped them.
 */
async function buyNow(user: TelegramUser, id: number) {
  const purchaseId = await buyCoupon(t, user, id);
  await t.database.db
    .update(notifications)
    .set({ createdAt: new Date(clock) })
    .where(and(eq(notifications.chatId, user.id), isNull(notifications.sentAt)));
  return purchaseId;
}

const messageRows = (user: TelegramUser) =>
  t.database.db.select().from(notifications).where(eq(notifications.chatId, user.id));

describe('the e-mail behind the bot', () => {
  it('Telegram refusing for 20 minutes: a confirmed address gets the purchase and the QR by mail at 15 minutes, once; the bot still delivers both when Telegram is back', async () => {
    await giveAddress(withMail);
    await confirmAddress(withMail);
    const purchaseId = await buyNow(withMail, couponId);
    const start = clock;
    t.botApi.addOutage({ fromMs: start, untilMs: start + 20 * MINUTE, status: 502 });

    let firstMailAt: number | undefined;
    await runUntil(start + 30 * MINUTE, () => {
      if (firstMailAt === undefined && mailsTo(withMail).length > 1) firstMailAt = clock;
    });

    // Nothing before 15 minutes; by the first run past them, both messages.
    expect(firstMailAt).toBeGreaterThanOrEqual(start + 15 * MINUTE);
    expect(firstMailAt).toBeLessThanOrEqual(start + 16 * MINUTE);
    expect(told(withMail).sort()).toEqual([
      'Катайся с нами: QR-код вашего купона',
      'Катайся с нами: Покупка подтверждена',
    ]);
    const qrMail = mailsTo(withMail).find((mail) => mail.subject.includes('QR-код'));
    const purchaseMail = mailsTo(withMail).find((mail) => mail.subject.includes('Покупка'));

    // The QR as the same PNG the bot sends, inline, and the caption's words.
    const [qrPhoto] = photosTo(withMail);
    expect(qrMail?.images).toHaveLength(1);
    expect(qrMail?.images[0]?.contentType).toBe('image/png');
    expect(await decodeQrPng(qrMail?.images[0]?.content ?? new Uint8Array())).toBe(
      await decodeQrPng(qrPhoto?.photo.content ?? new Uint8Array()),
    );
    expect(qrMail?.text).toContain(qrPhoto?.caption);
    // Shown where it stands in the HTML (mailparser puts the attachment in place of its cid: reference).
    expect(qrMail?.html).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="QR-код купона"/);
    // A link opening the app on the coupon, and the one link to stop, in the text and the header.
    expect(qrMail?.text).toContain(`https://t.me/katajsya_bot?startapp=qr-${purchaseId}`);
    const stopUrl = linkIn(qrMail, `${PUBLIC_URL}/api/email/stop`);
    expect(qrMail?.headers['list-unsubscribe']).toBe(`<${stopUrl}>`);
    expect(qrMail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The bot's own words.
    const purchaseRow = (await messageRows(withMail)).find((row) => row.kind === 'PURCHASE_CONFIRMED');
    expect(purchaseMail?.text.startsWith(`${purchaseRow?.text}\n`)).toBe(true);
    expect(purchaseRow?.text).toMatch(/^Оплата прошла, купон ваш: «Порог»/);

    // Telegram came back at 20 minutes: the chat has the photo and the purchase too.
    expect(photosTo(withMail)).toHaveLength(1);
    const rows = await messageRows(withMail);
    expect(rows.filter((row) => row.kind !== 'COUPON_QR_CAPTION').every((row) => row.sentAt !== null)).toBe(
      true,
    );
    await runUntil(clock + 10 * MINUTE);
    expect(told(withMail)).toHaveLength(2);
  });

  it('Telegram back within 15 minutes: the bot delivers, and nothing is mailed', async () => {
    const mailed = told(withMail).length;
    const photos = photosTo(withMail).length;
    await buyNow(withMail, couponId);
    const start = clock;
    t.botApi.addOutage({ fromMs: start, untilMs: start + 8 * MINUTE, status: 502 });

    await runUntil(start + 30 * MINUTE);

    expect(photosTo(withMail)).toHaveLength(photos + 1);
    expect(told(withMail)).toHaveLength(mailed);
  });

  it('a buyer who never started the bot (Telegram refuses for good, 403) gets it by mail at 15 minutes', async () => {
    await giveAddress(neverStarted);
    await confirmAddress(neverStarted);
    t.botApi.setChatError(neverStarted.id, {
      error_code: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    });
    await buyNow(neverStarted, couponId);
    const start = clock;

    await runUntil(start + 14 * MINUTE);
    expect(told(neverStarted)).toEqual([]);
    await runUntil(start + 16 * MINUTE);
    expect(told(neverStarted).sort()).toEqual([
      'Катайся с нами: QR-код вашего купона',
      'Катайся с нами: Покупка подтверждена',
    ]);
    expect((await messageRows(neverStarted)).every((row) => row.undelivered === 'REFUSED')).toBe(true);
  });

  it('without an address the message waits, is never mailed, and goes when Telegram returns', async () => {
    await buyNow(withoutMail, couponId);
    const start = clock;
    t.botApi.addOutage({ fromMs: start, untilMs: start + 20 * MINUTE, status: 502 });
    const mailsBefore = mailbox.mails().length;

    await runUntil(start + 19 * MINUTE);
    expect(photosTo(withoutMail)).toEqual([]);
    await runUntil(start + 30 * MINUTE);

    expect(photosTo(withoutMail)).toHaveLength(1);
    expect(t.botApi.sentMessages().filter((m) => m.chatId === withoutMail.id)).toHaveLength(1);
    expect(mailbox.mails().length).toBe(mailsBefore);
  });

  it('an unconfirmed address gets its confirming mail and nothing else', async () => {
    await giveAddress(unconfirmed);
    await buyNow(unconfirmed, couponId);
    const start = clock;
    t.botApi.addOutage({ fromMs: start, untilMs: start + 40 * MINUTE, status: 502 });

    await runUntil(start + 35 * MINUTE);

    expect(mailsTo(unconfirmed).map((mail) => mail.subject)).toEqual(['Катайся с нами: подтвердите адрес']);
    expect(photosTo(unconfirmed)).toEqual([]);
    await runUntil(start + 50 * MINUTE);
    expect(photosTo(unconfirmed)).toHaveLength(1);
  });

  it('the stop link asks first, then stops every further mail; a mail client’s one-click post does the same', async () => {
    await giveAddress(stopping);
    await confirmAddress(stopping);
    await buyNow(stopping, couponId);
    let start = clock;
    t.botApi.addOutage({ fromMs: start, untilMs: start + 20 * MINUTE, status: 502 });
    await runUntil(start + 16 * MINUTE);
    expect(told(stopping)).toHaveLength(2);
    const [mail] = mailsTo(stopping);

    const stopPath = pathOf(linkIn(mail, `${PUBLIC_URL}/api/email/stop`));
    const asked = await t.app.inject({ method: 'GET', url: stopPath });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Не присылать писем?');
    expect((await t.as(stopping).get('/api/me/email')).json()).toMatchObject({ state: 'confirmed' });
    // RFC 8058's post, without our CSRF token or init data: the link's signature is the proof.
    const stopped = await t.app.inject({
      method: 'POST',
      url: stopPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('Письма больше не придут');
    expect((await t.as(stopping).get('/api/me/email')).json()).toMatchObject({ state: 'stopped' });

    await runUntil(start + 30 * MINUTE);
    const mailsBefore = mailsTo(stopping).length;
    await buyNow(stopping, couponId);
    start = clock;
    t.botApi.addOutage({ fromMs: start, untilMs: start + 20 * MINUTE, status: 502 });
    await runUntil(start + 30 * MINUTE);
    expect(mailsTo(stopping)).toHaveLength(mailsBefore);

    // A forged link stops nobody.
    const forged = await t.app.inject({ method: 'POST', url: `${stopPath.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(400);
  });

  it('two server processes mail a message once', async () => {
    await giveAddress(twice);
    await confirmAddress(twice);
    await buyNow(twice, couponId);
    const start = clock;
    t.botApi.addOutage({ fromMs: start, untilMs: start + 60 * MINUTE, status: 502 });
    const links = createMailLinks({
      botToken: t.botToken,
      baseUrl: PUBLIC_URL,
      messengers: {},
    });
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const worker = () =>
      createMailFallback({
        db: t.database.db,
        mailer: createMailer({ smtpUrl: mailbox.url, from: 'bot@katajsya.example' }),
        links,
        qrPhotos: { photo: async () => null },
        log,
      });
    const at = new Date(start + 16 * MINUTE);
    const [one, other] = await Promise.all([worker().deliverDue(at), worker().deliverDue(at)]);

    // The QR's worker here has no photo: it is not mailed, and never will be; the purchase goes once.
    expect(one.claimed + other.claimed).toBe(2);
    expect(told(twice)).toEqual(['Катайся с нами: Покупка подтверждена']);
    await Promise.all([worker().deliverDue(new Date(start + 40 * MINUTE)), worker().deliverDue(at)]);
    expect(told(twice)).toHaveLength(1);
  });

  it('a person of a messenger without a bot here: their message waits, and their confirmed address gets it at 15 minutes, naming their messenger', async () => {
    const address = 'mf_max@example.org';
    const person = { id: 4_503_599_627_370_496 + 11, externalId: '9000011' };
    await t.database.db.insert(users).values({
      id: person.id,
      messenger: 'max',
      username: 'mf_max',
      firstName: 'Макс',
      email: address,
      emailConfirmed: address,
    });
    await t.database.db
      .insert(messengerIdentities)
      .values({ messenger: 'max', externalId: person.externalId, userId: person.id });
    await t.app.telegram.notifications.notify('GIFT_RECEIVED', {
      giftId: 'mf-max-gift',
      toUserId: person.id,
      fromUsername: 'mf_admin',
      coupon: { companyName: 'Порог', discount: 1000, region: 'Карелия' },
    });
    await t.database.db
      .update(notifications)
      .set({ createdAt: new Date(clock) })
      .where(eq(notifications.eventKey, 'mf-max-gift'));
    const start = clock;

    await runUntil(start + 14 * MINUTE);
    expect(mailbox.mails([address])).toEqual([]);
    await runUntil(start + 16 * MINUTE);
    const [mail] = mailbox.mails([address]);
    expect(mail?.subject).toBe('Катайся с нами: Вам подарили купон');
    expect(mail?.text).toContain('бот не смог доставить сообщение в MAX за 15 минут');
    // No MAX bot here to say its link: the app's own address.
    expect(mail?.text).toContain(`Открыть в приложении: ${PUBLIC_URL}/`);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.eventKey, 'mf-max-gift'));
    expect(row).toMatchObject({ messenger: 'max', chatId: 9000011, sentAt: null, failedAt: null });
  });
});
