import { describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../../config.ts';

const BOT = {
  BOT_TOKEN: '4242424242:TEST-token-for-the-suite_0123456789',
  COMMUNITY_CHAT_ID: '@rafting_chat',
  PAYMENT_PROVIDER: 'link',
};

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('SMTP_URL and SMTP_FROM', () => {
  it('mail goes through SMTP_URL from SMTP_FROM', () => {
    const config = loadConfig({
      ...BOT,
      SMTP_URL: 'smtp://robot:secret@smtp.example.ru:587',
      SMTP_FROM: 'robot@example.ru',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://robot:secret@smtp.example.ru:587',
      from: 'robot@example.ru',
    });
  });

  it('SMTP_URL needs SMTP_FROM, and an smtp:// or smtps:// address', () => {
    expect(problemsOf({ ...BOT, SMTP_URL: 'smtp://smtp.example.ru:587' })).toEqual([
      'SMTP_FROM: required with SMTP_URL: the address the mails come from',
    ]);
    expect(
      problemsOf({ ...BOT, SMTP_URL: 'https://smtp.example.ru', SMTP_FROM: 'robot@example.ru' }),
    ).toEqual(['SMTP_URL: expected smtp://user:password@host:587 or smtps://…:465']);
  });

  it('unset: nothing is mailed with a bot; the local stand-in catches its mails itself', () => {
    expect(loadConfig(BOT).mail).toBeNull();
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Катайся с нами <bot@katajsya.localhost>',
    });
  });
});
