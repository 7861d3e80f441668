import { on, postEvent } from './bridge';
import { supports } from './protocol';

/** Telegram's menu offers «Настройки» with it (Mini Apps 6.10): the app opens its privacy policy there. */
export const clientHasSettingsButton = () => supports('web_app_setup_settings_button');

export function showSettingsButton(): void {
  if (clientHasSettingsButton()) postEvent('web_app_setup_settings_button', { is_visible: true });
}

/** Listens for presses of the Settings button; returns the way to stop. */
export const onSettingsButtonPress = (listener: () => void) => on('settings_button_pressed', listener);
