import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

// A page of its own: no MAX adapter was ever handed over in it.
it('a MAX launch that could not start names MAX and asks nothing of an adapter it never got', async () => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
  }));
  vi.resetModules();
  const { launch } = await import('../launch');
  const { launchUser, launchInitData } = await import('../launch-params');
  const { vibrateFor } = await import('../haptics');
  const { OpenInMessenger } = await import('../open-in-messenger');
  window.history.replaceState(null, '', '/#WebAppData=&WebAppPlatform=ios&WebAppVersion=26.2.8');

  expect(await launch()).toBe('failed');
  expect(launchUser()).toBeUndefined();
  expect(launchInitData()).toBeUndefined();
  expect(() => vibrateFor('error')).not.toThrow();
  render(<OpenInMessenger />);
  expect(screen.getByRole('heading', { name: 'Откройте приложение в MAX' })).toBeVisible();
});
