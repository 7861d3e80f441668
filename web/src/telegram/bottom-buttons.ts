import { on, postEvent } from './bridge';
import { clientVersionAtLeast } from './launch-params';
import { themeColor } from './theme';

export type BottomButtonKind = 'main' | 'secondary';

export type BottomButtonState = {
  text: string;
  isVisible: boolean;
  isEnabled: boolean;
  isLoaderVisible: boolean;
};

/** The secondary button came with Mini Apps 7.10; the main one was always there. */
export const BOTTOM_BUTTON_SINCE: Record<BottomButtonKind, string> = { main: '6.0', secondary: '7.10' };

/** Telegram's own colours for each button where the theme names none. */
function colors(kind: BottomButtonKind) {
  if (kind === 'main')
    return {
      color: themeColor('button_color') ?? '#2481cc',
      text_color: themeColor('button_text_color') ?? '#ffffff',
    };
  return {
    color: themeColor('bottom_bar_bg_color') ?? themeColor('secondary_bg_color') ?? '#000000',
    text_color: themeColor('button_color') ?? '#2481cc',
    position: 'left',
  };
}

/** Sets a bottom button up as a whole, as Telegram takes it: every field, each time. */
export function setBottomButton(kind: BottomButtonKind, state: BottomButtonState): void {
  postEvent(`web_app_setup_${kind}_button`, {
    text: state.text,
    is_visible: state.isVisible,
    is_active: state.isEnabled,
    is_progress_visible: state.isLoaderVisible,
    has_shine_effect: false,
    ...colors(kind),
  });
}

/** Listens for presses of a bottom button; returns the way to stop. */
export const onBottomButtonPress = (kind: BottomButtonKind, listener: () => void) =>
  on(`${kind}_button_pressed`, listener);

/** Hides a bottom button: Telegram needs nothing else to hide one. */
export const hideBottomButton = (kind: BottomButtonKind) =>
  postEvent(`web_app_setup_${kind}_button`, { is_visible: false });

/** A reloaded page finds a button the page before left shown; no screen owns it yet, so it goes. */
export function hideBottomButtons(): void {
  for (const kind of ['main', 'secondary'] as const)
    if (clientVersionAtLeast(BOTTOM_BUTTON_SINCE[kind])) hideBottomButton(kind);
}
