import { afterEach, expect, it, vi } from 'vitest';
import { launch } from '@/messenger/launch';
import { launchInMax } from '@/test/max-launch';
import { emailTexts } from '../texts';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.WebApp;
  window.history.replaceState(null, '', '/');
});

it('says the bot writes in MAX to someone who opened the app in MAX', async () => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
  }));
  launchInMax({ id: 3 });
  await launch();
  expect(emailTexts.lead).toContain('Если бот не сможет доставить сообщение в MAX за 15 минут');
  expect(emailTexts.lead).not.toContain('Telegram');
});
