import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ isTMA: vi.fn(() => false), mockTelegramEnv: vi.fn() }));
const start = vi.hoisted(() => ({ startTelegramSdk: vi.fn() }));

vi.mock('@telegram-apps/sdk-react', () => ({ ...sdk, emitEvent: vi.fn() }));
vi.mock('../init', () => start);

import { launch, launchAsStandIn } from '../launch';

const STAND_IN_KEY = 'katajsya.standInInitData';
const standInInitData = 'user=%7B%22id%22%3A2%7D&auth_date=1700000000&hash=h';

describe('launch', () => {
  beforeEach(() => {
    sdk.isTMA.mockReset().mockReturnValue(false);
    sdk.mockTelegramEnv.mockReset();
    start.startTelegramSdk.mockReset();
    // jsdom has no matchMedia; the stand-in asks it for the system colour scheme.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  });

  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('stays outside Telegram in a plain browser', () => {
    expect(launch()).toBe('outside');
    expect(start.startTelegramSdk).not.toHaveBeenCalled();
  });

  it('starts the SDK when Telegram launched the app', () => {
    sdk.isTMA.mockReturnValue(true);
    expect(launch()).toBe('started');
    expect(start.startTelegramSdk).toHaveBeenCalledOnce();
    expect(sdk.mockTelegramEnv).not.toHaveBeenCalled();
  });

  it('resumes the stand-in user after a reload', () => {
    sessionStorage.setItem(STAND_IN_KEY, standInInitData);
    expect(launch()).toBe('started');
    expect(sdk.mockTelegramEnv).toHaveBeenCalledWith(
      expect.objectContaining({
        launchParams: expect.objectContaining({
          tgWebAppData: standInInitData,
          tgWebAppVersion: '8.0',
          tgWebAppPlatform: 'web',
        }),
      }),
    );
    expect(start.startTelegramSdk).toHaveBeenCalledOnce();
  });

  it('lets a real Telegram launch win over a stand-in user left in the tab', () => {
    sessionStorage.setItem(STAND_IN_KEY, standInInitData);
    window.history.replaceState(null, '', '/#tgWebAppData=real&tgWebAppVersion=8.0&tgWebAppPlatform=ios');
    expect(launch()).toBe('started');
    expect(sdk.mockTelegramEnv).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(STAND_IN_KEY)).toBeNull();
  });

  it('reports a failed start instead of throwing', () => {
    sdk.isTMA.mockReturnValue(true);
    start.startTelegramSdk.mockImplementation(() => {
      throw new Error('unsupported client');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(launch()).toBe('failed');
  });

  it('starts the app for a picked stand-in user and remembers them for reloads', () => {
    expect(launchAsStandIn(standInInitData)).toBe('started');
    expect(sessionStorage.getItem(STAND_IN_KEY)).toBe(standInInitData);
    expect(sdk.mockTelegramEnv).toHaveBeenCalledOnce();
    expect(start.startTelegramSdk).toHaveBeenCalledOnce();
  });
});
