import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emitEvent } from '@/test/telegram-launch';
import { askWriteAccessOnce } from '../write-access';

const posted: string[] = [];

beforeAll(() => {
  // A user who never let the bot write: init data without allows_write_to_pm.
  const launchHash = new URLSearchParams({
    tgWebAppData: new URLSearchParams({
      user: JSON.stringify({ id: 42, first_name: 'Мария', username: 'quiet_maria' }),
      auth_date: '1700000000',
      signature: 'sig',
      hash: 'abc',
    }).toString(),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'ios',
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff' }),
  });
  window.history.replaceState(null, '', `/#${launchHash}`);
  Object.assign(window, { TelegramWebviewProxy: { postEvent: (type: string) => posted.push(type) } });
});

beforeEach(() => {
  posted.length = 0;
});

const asked = () => posted.filter((type) => type === 'web_app_request_write_access').length;

describe('askWriteAccessOnce', () => {
  it.each(['allowed', 'cancelled'])('asks Telegram once, and after «%s» never again', async (status) => {
    const first = askWriteAccessOnce();
    expect(asked()).toBe(1);
    emitEvent('write_access_requested', { status });
    await first;

    await askWriteAccessOnce();
    expect(asked()).toBe(1);
  });

  it('asks each Telegram user of the phone for themselves', async () => {
    localStorage.setItem('katajsya.writeAccess.7', 'allowed');
    const asking = askWriteAccessOnce();
    expect(asked()).toBe(1);
    emitEvent('write_access_requested', { status: 'allowed' });
    await asking;
  });
});
