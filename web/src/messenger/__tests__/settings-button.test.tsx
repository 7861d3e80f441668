import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ScreenAt } from '@/test/screens';
import { emitEvent, launchInTelegram } from '@/test/telegram-launch';
import { SettingsButtonOpensPrivacy } from '../settings-button';

const pressSettings = () => act(() => emitEvent('settings_button_pressed'));

describe('Telegram’s Settings button', () => {
  it('opens the privacy policy from any screen, listening once, and stops when the app goes', () => {
    launchInTelegram('8.0');
    const { unmount } = renderWithProviders(
      <>
        <SettingsButtonOpensPrivacy />
        <ScreenAt screens={{}} />
      </>,
      { route: '/my-coupons' },
    );

    pressSettings();
    expect(screen.getByTestId('where')).toHaveTextContent('/privacy');
    // On the policy already, a press leaves it where it is.
    pressSettings();
    expect(screen.getByTestId('where')).toHaveTextContent('/privacy');

    unmount();
    pressSettings();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });
});
