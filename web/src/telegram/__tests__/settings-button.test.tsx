import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SettingsButtonOpensPrivacy } from '../settings-button';

const pressed = vi.hoisted(() => ({ listeners: new Set<() => void>() }));
vi.mock('@telegram-apps/sdk-react', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('@telegram-apps/sdk-react')>();
  const onClick = (listener: () => void) => {
    pressed.listeners.add(listener);
    return () => pressed.listeners.delete(listener);
  };
  return {
    ...sdk,
    settingsButton: {
      ...sdk.settingsButton,
      onClick: { ifAvailable: (fn: () => void) => [true, onClick(fn)] },
    },
  };
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const pressSettings = () =>
  act(() => {
    for (const listener of pressed.listeners) listener();
  });

describe('Telegram’s Settings button', () => {
  it('opens the privacy policy from any screen, listening once, and stops when the app goes', () => {
    const { unmount } = renderWithProviders(
      <>
        <SettingsButtonOpensPrivacy />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </>,
      { route: '/my-coupons' },
    );

    pressSettings();
    expect(screen.getByTestId('where')).toHaveTextContent('/privacy');
    // Moving to another screen swapped the listener, never added a second one.
    expect(pressed.listeners.size).toBe(1);

    unmount();
    expect(pressed.listeners.size).toBe(0);
  });
});
