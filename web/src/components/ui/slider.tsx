import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import './slider.css';

/** A slide counts as the current one once this much of it is in view. */
const CURRENT_SLIDE_RATIO = 0.6;

type SliderProps<T> = {
  items: readonly T[];
  renderSlide: (item: T) => ReactNode;
  /** Give it a stable function (not a new one each render): the slides are observed anew when it changes. */
  itemKey: (item: T) => string;
  /** The current slide's key; the first slide when it names none of the items. */
  currentKey: string | undefined;
  /** Stable as well, like a state setter. */
  onCurrentKeyChange: (key: string) => void;
  labels: { previous: string; next: string };
};

/**
 * Slides side by side in a CSS scroll-snap track: a swipe moves by the browser's own physics, the
 * arrows scroll the track, and whichever slide is mostly in view is the current one.
 */
export function Slider<T>({
  items,
  itemKey,
  renderSlide,
  currentKey,
  onCurrentKeyChange,
  labels,
}: SliderProps<T>) {
  const trackRef = useRef<HTMLDivElement>(null);
  const keys = items.map(itemKey);
  const index = Math.max(0, keys.indexOf(currentKey ?? ''));
  /** The slide the track shows now, as the last scroll left it. */
  const shownIndex = useRef(0);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          // Crossing the threshold on its way out is reported too.
          if (entry.intersectionRatio < CURRENT_SLIDE_RATIO) continue;
          const shown = Number((entry.target as HTMLElement).dataset.index);
          const item = items[shown];
          if (item === undefined) continue;
          shownIndex.current = shown;
          onCurrentKeyChange(itemKey(item));
        }
      },
      { root: track, threshold: CURRENT_SLIDE_RATIO },
    );
    for (const slide of track.children) observer.observe(slide);
    return () => observer.disconnect();
  }, [items, itemKey, onCurrentKeyChange]);

  /** Whether the track has been drawn once: the slide it opens on is placed, not scrolled to. */
  const placed = useRef(false);

  // An arrow, or a list that changed under the track, moves the current slide: bring it into view.
  // Before the slides are first watched, so the first one never reports itself current on the way.
  useLayoutEffect(() => {
    const track = trackRef.current;
    const first = !placed.current;
    if (track) placed.current = true;
    if (!track || index === shownIndex.current) return;
    shownIndex.current = index;
    track.scrollTo({ left: index * track.clientWidth, behavior: first ? 'instant' : 'smooth' });
  }, [index]);

  const goTo = (target: number) => {
    const key = keys[target];
    if (key !== undefined) onCurrentKeyChange(key);
  };

  return (
    <div className="slider">
      <div className="slider__track" ref={trackRef}>
        {items.map((item, slideIndex) => (
          <div
            key={keys[slideIndex]}
            className="slider__slide"
            data-index={slideIndex}
            aria-hidden={slideIndex !== index || undefined}
          >
            {renderSlide(item)}
          </div>
        ))}
      </div>
      {items.length > 1 && (
        <div className="slider__controls">
          <button
            type="button"
            className="slider__arrow"
            aria-label={labels.previous}
            disabled={index === 0}
            onClick={() => goTo(index - 1)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M15 5 8 12l7 7" />
            </svg>
          </button>
          <span className="slider__pager">{`${index + 1} / ${items.length}`}</span>
          <button
            type="button"
            className="slider__arrow"
            aria-label={labels.next}
            disabled={index === items.length - 1}
            onClick={() => goTo(index + 1)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="m9 5 7 7-7 7" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
