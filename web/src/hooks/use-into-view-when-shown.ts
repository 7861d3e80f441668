import { type RefObject, useEffect } from 'react';

/**
 * Whatever appears after a tap (a result, a refusal, a confirm step) is brought where the eye is:
 * scrolled smoothly, only as far as it takes to show it whole, when it appears and whenever `what`
 * it says changes. A phone shows little of a long screen; a message under the fold is not seen.
 */
export function useIntoViewWhenShown(ref: RefObject<HTMLElement | null>, what?: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `what` is the reason to run again, not an input.
  useEffect(() => {
    // jsdom lays nothing out and has no scrollIntoView.
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [ref, what]);
}
