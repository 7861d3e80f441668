import { useEffectEvent, useLayoutEffect, useState } from 'react';
import { useIsPresent } from '@/hooks/use-is-present';
import {
  clientHasBottomButton,
  hideBottomButton,
  onBottomButtonPress,
  setBottomButton,
} from '@/telegram/bottom-buttons';
import { ofLaunch } from './messenger-of-launch';

type Kind = 'main' | 'secondary';

type BottomButtonState = { text: string; isVisible: boolean; isEnabled: boolean; isLoaderVisible: boolean };

/**
 * The messenger's own buttons under the screen, an optional capability: MAX has none (ADR 0019),
 * and there the screens draw their own, as they do in a plain browser.
 */
type BottomButtons = {
  /** Whether this launch's client draws the button. */
  draws: (kind: Kind) => boolean;
  /** Sets the button up as a whole: every field, each time. */
  set: (kind: Kind, state: BottomButtonState) => void;
  hide: (kind: Kind) => void;
  /** Listens for presses; returns the way to stop. */
  onPress: (kind: Kind, listener: () => void) => () => void;
};

const TELEGRAM_BUTTONS: BottomButtons = {
  draws: clientHasBottomButton,
  set: setBottomButton,
  hide: hideBottomButton,
  onPress: onBottomButtonPress,
};

const bottomButtons = () =>
  ofLaunch<BottomButtons | undefined>({ telegram: TELEGRAM_BUTTONS, max: () => undefined });

/** A screen's action on one of the messenger's bottom buttons. */
export type BottomButtonAction = {
  text: string;
  onClick: () => void;
  /** False hides the button: the screen has nothing to do yet (no offer chosen, say). */
  visible?: boolean;
  /** False shows it greyed out: the form is not filled in yet. */
  enabled?: boolean;
  /** The button's spinner while the request runs; presses are ignored meanwhile. */
  loading?: boolean;
};

/**
 * Which screen's hook drives each button. During a page transition the leaving screen is still
 * mounted: the arriving one takes the button, and the leaving one must not hide it after that.
 */
const owners: Record<Kind, symbol | undefined> = { main: undefined, secondary: undefined };

function useBottomButton(kind: Kind, action: BottomButtonAction | undefined): boolean {
  const buttons = bottomButtons();
  // The local stand-in draws no messenger chrome: its client says it draws no button.
  const drawn = buttons?.draws(kind) === true && action !== undefined;
  const isPresent = useIsPresent();
  const [owner] = useState(() => Symbol(kind));
  const owns = drawn && isPresent;

  const text = action?.text ?? '';
  const visible = action?.visible ?? true;
  const enabled = action?.enabled ?? true;
  const loading = action?.loading ?? false;
  const press = useEffectEvent(() => {
    if (!action || !enabled || loading) return;
    action.onClick();
  });

  // Layout effects: the messenger's button changes in the same commit as the screen under it, so a
  // status that turns «Использован» never shows for a frame above a live «Погасить QR».
  useLayoutEffect(() => {
    if (!owns || !buttons) return;
    owners[kind] = owner;
    buttons.set(kind, {
      text,
      isVisible: visible,
      isEnabled: enabled && !loading,
      isLoaderVisible: loading,
    });
  }, [owns, buttons, kind, owner, text, visible, enabled, loading]);

  useLayoutEffect(() => {
    if (!owns || !buttons) return;
    const off = buttons.onPress(kind, () => press());
    return () => {
      off();
      if (owners[kind] !== owner) return;
      owners[kind] = undefined;
      buttons.hide(kind);
    };
  }, [owns, buttons, kind, owner]);

  return drawn;
}

/**
 * Puts a screen's main action on the messenger's main button where its client draws one, with its
 * progress state; answers whether it did, so the screen leaves out its own button. `undefined`:
 * this screen has no main action now. In a plain browser and in the local stand-in nothing changes.
 */
export const useMainButton = (action: BottomButtonAction | undefined) => useBottomButton('main', action);

/** The second action of a screen that has two, on the messenger's secondary button (as useMainButton). */
export const useSecondaryButton = (action: BottomButtonAction | undefined) =>
  useBottomButton('secondary', action);
