import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { DEMO_USERS } from '../../db/seed/demo-users.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { type LocalMailbox, startLocalMailbox } from './local-mailbox.ts';
import { createMailLinks } from './mail-links.ts';

const PUBLIC_URL = 'https://katajsya.example';

let mailbox: LocalMailbox;
let t: TestApp;

beforeAll(async () => {
  mailbox = await startLocalMailbox();
  t = await createTestApp({
    env: { SMTP_URL: mailbox.url, SMTP_FROM: 'bot@katajsya.example', PUBLIC_URL },
    rateLimits: false,
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const confirmLinkOf = (address: string) =>
  /https:\/\/katajsya\.example(\/api\/email\/confirm\S*)/.exec(
    mailbox.mails([address])[0]?.text ?? '',
  )?.[1] ?? '';
const open = (path: string) => t.app.inject({ method: 'GET', url: path });
const stateOf = async (user: TelegramUser) => (await t.as(user).get('/api/me/email')).json();

describe('the address for the bot’s messages', () => {
  it('is given, mailed a confirming link, and confirmed by it; a changed address needs its own, and the old link confirms nothing', async () => {
    const user = telegramUser('ea_changer');
    expect(await stateOf(user)).toEqual({ email: null, state: 'none', mailOn: true });

    expect((await t.as(user).put('/api/me/email', { email: 'first@example.org' })).json()).toEqual({
      email: 'first@example.org',
      state: 'unconfirmed',
      mailOn: true,
    });
    const firstLink = confirmLinkOf('first@example.org');
    const [mail] = mailbox.mails(['first@example.org']);
    expect(mail?.text).toContain('без подтверждения писем не будет');

    expect((await t.as(user).put('/api/me/email', { email: 'second@example.org' })).json()).toMatchObject({
      state: 'unconfirmed',
    });
    const outdated = await open(firstLink);
    expect(outdated.statusCode).toBe(409);
    expect(outdated.body).toContain('Ссылка устарела');
    expect(await stateOf(user)).toMatchObject({ email: 'second@example.org', state: 'unconfirmed' });

    // Asked again, a second link comes; either works.
    await t.as(user).post('/api/me/email/confirmation');
    expect(mailbox.mails(['second@example.org'])).toHaveLength(2);
    const confirmed = await open(confirmLinkOf('second@example.org'));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Адрес подтвержден');
    expect(confirmed.body).toContain('second@example.org');
    expect(await stateOf(user)).toEqual({ email: 'second@example.org', state: 'confirmed', mailOn: true });

    // The same address again needs nothing more.
    await t.as(user).put('/api/me/email', { email: 'second@example.org' });
    expect(mailbox.mails(['second@example.org'])).toHaveLength(2);
  });

  it('stopped by a mail’s link, it resumes only by a new confirming link', async () => {
    const user = telegramUser('ea_resumer');
    await t.as(user).put('/api/me/email', { email: 'resumer@example.org' });
    await open(confirmLinkOf('resumer@example.org'));
    const links = createMailLinks({
      botToken: t.botToken,
      baseUrl: PUBLIC_URL,
      messengers: {},
    });
    const stop = links.stopUrl(user.id).replace(PUBLIC_URL, '');
    expect((await t.app.inject({ method: 'POST', url: stop })).statusCode).toBe(200);
    expect(await stateOf(user)).toMatchObject({ state: 'stopped' });

    const asked = await t.as(user).post('/api/me/email/confirmation');
    expect(asked.json()).toMatchObject({ state: 'stopped' });
    expect(mailbox.mails(['resumer@example.org'])).toHaveLength(2);
    await open(confirmLinkOf('resumer@example.org'));
    expect(await stateOf(user)).toMatchObject({ state: 'confirmed' });
  });

  it('a forged or garbled link confirms nothing', async () => {
    const user = telegramUser('ea_forger');
    await t.as(user).put('/api/me/email', { email: 'forger@example.org' });
    const link = confirmLinkOf('forger@example.org');
    const forged = await open(`${link.slice(0, -3)}abc`);
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Ссылка не подходит');
    expect(await stateOf(user)).toMatchObject({ state: 'unconfirmed' });
  });

  it('a bad address is refused at its field', async () => {
    const user = telegramUser('ea_typo');
    const refused = await t.as(user).put('/api/me/email', { email: 'not-an-address' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Неправильный формат e-mail');
  });
});

describe('without SMTP_URL outside the local stand-in', () => {
  it('nothing is mailed: the address is kept for receipts, and a confirming mail is refused in Russian', async () => {
    const off = await createTestApp();
    try {
      const user = telegramUser('ea_off');
      const given = await off.as(user).put('/api/me/email', { email: 'off@example.org' });
      expect(given.json()).toEqual({ email: 'off@example.org', state: 'unconfirmed', mailOn: false });
      expect(off.app.telegram.mail).toBeUndefined();
      const again = await off.as(user).post('/api/me/email/confirmation');
      expect(again.statusCode).toBe(503);
      expect(again.json().message).toBe('Отправка писем на этом сервере не настроена');
    } finally {
      await off.close();
    }
  });
});

describe('the local stand-in', () => {
  it('catches the mails in a server of its own and shows each person’s inbox, newest first, links working', async () => {
    const standIn = await createTestApp({ standIn: true });
    try {
      const member = DEMO_USERS.find((user) => user.username === 'demo_member') ?? DEMO_USERS[0];
      if (!member) throw new Error('no demo user');
      const person = {
        id: member.id,
        username: member.username,
        firstName: member.firstName,
        lastName: null,
      };
      await standIn.as(person).put('/api/me/email', { email: 'member@example.org' });
      await standIn.as(person).post('/api/me/email/confirmation');

      const inbox = await standIn.app.inject({ method: 'GET', url: `/api/dev/mail/${member.id}` });
      expect(inbox.statusCode).toBe(200);
      const { mails } = inbox.json() as { mails: { id: number; subject: string; text: string }[] };
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Катайся с нами: подтвердите адрес',
        'Катайся с нами: подтвердите адрес',
      ]);
      expect((mails[0]?.id ?? 0) > (mails[1]?.id ?? 0)).toBe(true);
      const link = /http:\/\/localhost:\d+(\/api\/email\/confirm\S*)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
      const page = await standIn.app.inject({ method: 'GET', url: link });
      expect(page.body).toContain('Адрес подтвержден');
      expect((await standIn.as(person).get('/api/me/email')).json()).toMatchObject({ state: 'confirmed' });
    } finally {
      await standIn.close();
    }
  });
});
