import { afterEach, describe, expect, it, vi } from 'vitest';
import { launch } from '@/messenger/launch';
import { stubApi } from '@/test/fake-api';
import { launchInMax } from '@/test/max-launch';
import { jsonResponse } from '@/test/render';
import { shareInvite } from '../share-invite';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.WebApp;
  window.history.replaceState(null, '', '/');
});

describe('sharing an invitation in MAX', () => {
  it('shares its words and the app’s link through MAX’s chat picker, which every MAX client has', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => {} }));
    const max = launchInMax({ id: 1, username: 'host' });
    await launch();
    const text = 'Присоединяйся к сплавному чату «Катайся с нами»';
    const appLink = 'https://max.ru/katajsya_bot?startapp=ref_abc';
    stubApi({ 'POST /api/me/invite': () => jsonResponse({ appLink, text, shareUrl: null }) });

    expect(await shareInvite()).toBeUndefined();

    expect(max.calls).toContainEqual(['shareMaxContent', { text, link: appLink }]);
  });
});
