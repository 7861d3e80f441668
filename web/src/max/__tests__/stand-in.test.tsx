import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchStandInMax } from '../stand-in';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the stand-in’s MAX launch', () => {
  it('opens the app as MAX launches it, started again where only the hash changes, marked for the tab', () => {
    sessionStorage.setItem('katajsya.standInInitData', 'telegram-launch');
    const assign = vi.fn();
    const reload = vi.fn();
    vi.stubGlobal('location', { href: 'http://localhost/', pathname: '/', assign, reload });

    launchStandInMax('signed-for-max', '/', 'qr-42');

    const [address] = assign.mock.calls[0] as [string];
    const hash = new URLSearchParams(address.split('#')[1]);
    expect(address.startsWith('/#')).toBe(true);
    expect(Object.fromEntries(hash)).toEqual({
      WebAppData: 'signed-for-max',
      WebAppPlatform: 'web',
      WebAppVersion: '26.2.8',
      WebAppStartParam: 'qr-42',
    });
    expect(reload).toHaveBeenCalledTimes(1);
    // Nothing of the Telegram launch before it is kept.
    expect(sessionStorage.getItem('katajsya.standInInitData')).toBeNull();
    expect(sessionStorage.getItem('katajsya.standInMax')).toBe('1');
  });
});
