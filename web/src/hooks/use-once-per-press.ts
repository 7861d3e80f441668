import { useMemo, useRef, useState } from 'react';

/**
 * A press that acts once: held at the tap itself, since a double tap arrives before the re-render
 * that disables the button, until `release` lets the next press act again. `held` is the same as
 * state, for the button to show it is working from the tap on, through whatever the press waits
 * for before its request (a name looked up, a permission asked), not only while the request runs.
 */
export function useOncePerPress() {
  const heldNow = useRef(false);
  const [held, setHeld] = useState(false);
  return useMemo(
    () => ({
      held,
      /** Runs `act` unless an earlier press still holds. */
      press: (act: () => void) => {
        if (heldNow.current) return;
        heldNow.current = true;
        setHeld(true);
        act();
      },
      release: () => {
        heldNow.current = false;
        setHeld(false);
      },
    }),
    [held],
  );
}
