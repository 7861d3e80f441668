import { type RefObject, useEffect } from 'react';

/**
 * How long a block just shown is kept in view while the layout around it settles: an image or a
 * list above it arriving, the block itself growing (a price, a threshold) after its first frame.
 */
const SETTLE_MS = 1500;

/** What a person does to scroll themselves: from then on the screen is theirs. */
const USER_SCROLLS = ['touchstart', 'wheel', 'keydown', 'pointerdown'] as const;

/**
 * Whatever appears after a tap (a result, a refusal, a confirm step, the next step of a form) is
 * brought where the eye is: scrolled smoothly, only as far as it takes to show it whole, when it
 * appears and whenever `what` it says changes. A phone shows little of a long screen; a message
 * under the fold is not seen. The layout may still move after the first scroll (a single scroll
 * left «Попробуйте снова провести оплату» pushed out by the payment area growing under it), so the
 * block is brought back each time it or its parent changes size, for SETTLE_MS or until the person
 * scrolls themselves.
 */
export function useIntoViewWhenShown(ref: RefObject<HTMLElement | null>, what?: unknown) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `what` is the reason to run again, not an input.
  useEffect(() => {
    const element = ref.current;
    // jsdom lays nothing out and has no scrollIntoView.
    if (!element?.scrollIntoView) return;
    const bring = () => element.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
    bring();
    if (typeof ResizeObserver === 'undefined') return;
    let lastSize = '';
    const observer = new ResizeObserver(() => {
      const size = `${element.offsetHeight}/${element.parentElement?.offsetHeight ?? 0}`;
      // Its first report is the size it was shown at, already brought into view.
      if (lastSize !== '' && size !== lastSize) bring();
      lastSize = size;
    });
    observer.observe(element);
    if (element.parentElement) observer.observe(element.parentElement);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of USER_SCROLLS) window.removeEventListener(type, stop, true);
    };
    const timer = setTimeout(stop, SETTLE_MS);
    for (const type of USER_SCROLLS) window.addEventListener(type, stop, { capture: true, passive: true });
    return stop;
  }, [ref, what]);
}
