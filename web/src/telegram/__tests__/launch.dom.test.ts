import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const start = vi.hoisted(() => ({ startTelegram: vi.fn() }));
vi.mock('../init', () => start);

import { launchStandIn, launchTelegram } from '../launch';
import { launchParams } from '../launch-params';

const STAND_IN_KEY = 'katajsya.standInInitData';
const standInInitData = 'user=%7B%22id%22%3A2%7D&auth_date=1700000000&hash=h';

describe('launchTelegram', () => {
  beforeEach(() => {
    start.startTelegram.mockReset();
    // jsdom has no matchMedia; the stand-in asks it for the system colour scheme.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  });

  afterEach(() => {
    sessionStorage.clear();
    delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
    window.history.replaceState(null, '', '/');
  });

  it('stays outside Telegram in a plain browser', () => {
    expect(launchTelegram()).toBe('outside');
    expect(start.startTelegram).not.toHaveBeenCalled();
  });

  it('starts when Telegram launched the app, and again after a reload on another screen', () => {
    window.history.replaceState(null, '', '/#tgWebAppData=real&tgWebAppVersion=8.0&tgWebAppPlatform=ios');
    expect(launchTelegram()).toBe('started');
    window.history.replaceState(null, '', '/my-coupons');
    expect(launchTelegram()).toBe('started');
    expect(start.startTelegram.mock.calls).toEqual([[{ standIn: false }], [{ standIn: false }]]);
    expect(launchParams()?.initData).toBe('real');
  });

  it('resumes the stand-in user after a reload, as a web client of Mini Apps 8.0', () => {
    sessionStorage.setItem(STAND_IN_KEY, standInInitData);
    expect(launchTelegram()).toBe('started');
    expect(launchParams()).toMatchObject({ initData: standInInitData, version: '8.0', platform: 'web' });
    expect(start.startTelegram.mock.calls).toEqual([[{ standIn: true }]]);
  });

  it('lets a real Telegram launch win over a stand-in user left in the tab', () => {
    sessionStorage.setItem(STAND_IN_KEY, standInInitData);
    window.history.replaceState(null, '', '/#tgWebAppData=real&tgWebAppVersion=8.0&tgWebAppPlatform=ios');
    expect(launchTelegram()).toBe('started');
    expect(launchParams()).toMatchObject({ initData: 'real', platform: 'ios' });
    expect(sessionStorage.getItem(STAND_IN_KEY)).toBeNull();
    expect(start.startTelegram.mock.calls).toEqual([[{ standIn: false }]]);
  });

  it('reports a failed start instead of throwing', () => {
    window.history.replaceState(null, '', '/#tgWebAppData=real&tgWebAppVersion=8.0&tgWebAppPlatform=ios');
    start.startTelegram.mockImplementation(() => {
      throw new Error('unsupported client');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(launchTelegram()).toBe('failed');
  });

  it('starts the app for a picked stand-in user, answers Telegram as a client would, and remembers them', async () => {
    expect(launchStandIn(standInInitData)).toBe('started');
    expect(sessionStorage.getItem(STAND_IN_KEY)).toBe(standInInitData);
    expect(launchParams()?.initData).toBe(standInInitData);
    expect(start.startTelegram.mock.calls).toEqual([[{ standIn: true }]]);

    const { on, postEvent } = await import('../bridge');
    const insets = vi.fn();
    on('safe_area_changed', insets);
    postEvent('web_app_request_safe_area');
    expect(insets).toHaveBeenCalledWith({ top: 0, bottom: 0, left: 0, right: 0 });
  });
});
