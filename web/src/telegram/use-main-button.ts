import { useEffectEvent, useLayoutEffect, useState } from 'react';
import { useIsPresent } from '@/hooks/use-is-present';
import {
  type BottomButtonKind,
  clientHasBottomButton,
  hideBottomButton,
  onBottomButtonPress,
  setBottomButton,
} from './bottom-buttons';

/** A screen's action on one of Telegram's bottom buttons. */
export type BottomButtonAction = {
  text: string;
  onClick: () => void;
  /** False hides the button: the screen has nothing to do yet (no offer chosen, say). */
  visible?: boolean;
  /** False shows it greyed out: the form is not filled in yet. */
  enabled?: boolean;
  /** Telegram's spinner on the button while the request runs; presses are ignored meanwhile. */
  loading?: boolean;
};

type Kind = BottomButtonKind;

/**
 * Which screen's hook drives each button. During a page transition the leaving screen is still
 * mounted: the arriving one takes the button, and the leaving one must not hide it after that.
 */
const owners: Record<Kind, symbol | undefined> = { main: undefined, secondary: undefined };

/** Telegram draws this button itself (the local stand-in draws no Telegram chrome). */
export const telegramDraws = clientHasBottomButton;

function useBottomButton(kind: Kind, action: BottomButtonAction | undefined): boolean {
  const drawn = telegramDraws(kind) && action !== undefined;
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

  // Layout effects: Telegram's button changes in the same commit as the screen under it, so a
  // status that turns «Использован» never shows for a frame above a live «Погасить QR».
  useLayoutEffect(() => {
    if (!owns) return;
    owners[kind] = owner;
    setBottomButton(kind, {
      text,
      isVisible: visible,
      isEnabled: enabled && !loading,
      isLoaderVisible: loading,
    });
  }, [owns, kind, owner, text, visible, enabled, loading]);

  useLayoutEffect(() => {
    if (!owns) return;
    const off = onBottomButtonPress(kind, () => press());
    return () => {
      off();
      if (owners[kind] !== owner) return;
      owners[kind] = undefined;
      hideBottomButton(kind);
    };
  }, [owns, kind, owner]);

  return drawn;
}

/**
 * Puts a screen's main action on Telegram's main button inside Telegram, with its progress
 * state; answers whether it did, so the screen leaves out its own button. `undefined`: this
 * screen has no main action now. In a plain browser and in the local stand-in nothing changes.
 */
export const useMainButton = (action: BottomButtonAction | undefined) => useBottomButton('main', action);

/** The second action of a screen that has two, on Telegram's secondary button (as useMainButton). */
export const useSecondaryButton = (action: BottomButtonAction | undefined) =>
  useBottomButton('secondary', action);
