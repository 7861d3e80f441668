import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const TEXT = 'На этом телефоне приложение не откроется без связи.';

/** A fresh app: the shell's state and what was told are read anew, as at a start. */
async function startApp() {
  vi.resetModules();
  const shell = await import('@/lib/offline-shell');
  const { NoOfflineShellNotice } = await import('../no-offline-shell-notice');
  const show = (screenName: string) =>
    render(<NoOfflineShellNotice screen={screenName} text={TEXT} understood="Понятно" />);
  return { installOfflineShell: shell.installOfflineShell, show };
}

describe('the note of a phone whose webview keeps no offline shell', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('where there are no service workers (Telegram for iOS): says it once per screen, until «Понятно»', async () => {
    let app = await startApp();
    app.installOfflineShell();
    const { unmount } = app.show('check-coupon');
    expect(screen.getByText(TEXT)).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    unmount();

    app = await startApp();
    app.installOfflineShell();
    app.show('check-coupon');
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    // Another screen has its own advice to give.
    app.show('my-coupons');
    expect(screen.getByText(TEXT)).toBeVisible();
  });

  it('where the registration fails, says it; where it succeeds, says nothing', async () => {
    const register = vi.fn().mockRejectedValueOnce(new DOMException('refused', 'SecurityError'));
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
    let app = await startApp();
    app.installOfflineShell();
    const { unmount } = app.show('check-coupon');
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    // The registration waits for an idle page.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(register).toHaveBeenCalledWith('/sw.js');
    expect(screen.getByText(TEXT)).toBeVisible();
    unmount();

    register.mockResolvedValue({ scope: '/' });
    app = await startApp();
    app.installOfflineShell();
    app.show('check-coupon');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(register).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });
});
