import { useMemo, useRef } from 'react';

/**
 * A press that acts once: held at the tap itself, since a double tap arrives before the re-render
 * that disables the button, until `release` lets the next press act again.
 */
export function useOncePerPress() {
  const held = useRef(false);
  return useMemo(
    () => ({
      /** Runs `act` unless an earlier press still holds. */
      press: (act: () => void) => {
        if (held.current) return;
        held.current = true;
        act();
      },
      release: () => {
        held.current = false;
      },
    }),
    [],
  );
}
