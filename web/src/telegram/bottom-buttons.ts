import { on, postEvent } from './bridge';
import { supports } from './protocol';
import { themeColor } from './theme';

export type BottomButtonKind = 'main' | 'secondary';

export type BottomButtonState = {
  text: string;
  isVisible: boolean;
  isEnabled: boolean;
  isLoaderVisible: boolean;
};

const SETUP = { main: 'web_app_setup_main_button', secondary: 'web_app_setup_secondary_button' } as const;

/** Telegram draws this button (the secondary one came with Mini Apps 7.10; the stand-in draws none). */
export const clientHasBottomButton = (kind: BottomButtonKind) => supports(SETUP[kind]);

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
    position: 'left' as const,
  };
}

const shown: Record<BottomButtonKind, boolean> = { main: false, secondary: false };

/**
 * Marks the page with how many bottom buttons show (`data-bottom-bar`): the styles keep room above
 * Telegram's bar, where a client draws it over the web view, so no message sits under it.
 */
function markShown(kind: BottomButtonKind, visible: boolean): void {
  shown[kind] = visible;
  const count = Number(shown.main) + Number(shown.secondary);
  if (count === 0) document.documentElement.removeAttribute('data-bottom-bar');
  else document.documentElement.setAttribute('data-bottom-bar', String(count));
}

/** Sets a bottom button up as a whole, as Telegram takes it: every field, each time. */
export function setBottomButton(kind: BottomButtonKind, state: BottomButtonState): void {
  markShown(kind, state.isVisible);
  postEvent(SETUP[kind], {
    text: state.text,
    is_visible: state.isVisible,
    is_active: state.isEnabled,
    is_progress_visible: state.isLoaderVisible,
    // Said only to a client that knows it: an older one may refuse parameters it does not know.
    ...(supports(SETUP[kind], 'has_shine_effect') && { has_shine_effect: false }),
    ...colors(kind),
  });
}

/** Listens for presses of a bottom button; returns the way to stop. */
export const onBottomButtonPress = (kind: BottomButtonKind, listener: () => void) =>
  on(kind === 'main' ? 'main_button_pressed' : 'secondary_button_pressed', listener);

/** Hides a bottom button: Telegram needs nothing else to hide one. */
export function hideBottomButton(kind: BottomButtonKind): void {
  markShown(kind, false);
  postEvent(SETUP[kind], { is_visible: false });
}

/** A reloaded page finds a button the page before left shown; no screen owns it yet, so it goes. */
export function hideBottomButtons(): void {
  for (const kind of ['main', 'secondary'] as const) if (clientHasBottomButton(kind)) hideBottomButton(kind);
}
