import { afterEach, describe, expect, it, vi } from 'vitest';
import { launch } from '@/messenger/launch';
import { stubApi } from '@/test/fake-api';
import { launchInMax } from '@/test/max-launch';
import { jsonResponse } from '@/test/render';
import { shareGift } from '../share-gift';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.WebApp;
  window.history.replaceState(null, '', '/');
});

describe('sharing a gift in MAX', () => {
  it('shares the text and the app’s link the server answers, with no prepared message', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {} }));
    const max = launchInMax({ id: 1, username: 'giver' });
    await launch();
    const text = '🎁 @giver дарит купон «Рафт» на скидку 150 руб.';
    const appLink = 'https://max.ru/katajsya_bot?startapp=my-coupons';
    stubApi({ 'POST /api/gifts/7/prepared-message': () => jsonResponse({ text, appLink }) });

    expect(await shareGift(7)).toBe('sent');

    expect(max.calls).toContainEqual(['shareMaxContent', { text, link: appLink }]);
  });
});
