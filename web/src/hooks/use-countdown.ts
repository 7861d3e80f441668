import { useEffect, useState } from 'react';

/** Whole seconds until `until` by this device's clock; 0 once it has come or when there is none. */
const secondsUntil = (until: string | null, now: number) =>
  until === null ? 0 : Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));

/**
 * The seconds left before `until` (an offer's sale opening, a held unit passing on), ticking each
 * second until it comes; `onReached` is called once when the count reaches zero (the screen asks
 * the server again: the server decides, not this clock).
 */
export function useCountdown(until: string | null, onReached?: () => void): number {
  const [left, setLeft] = useState(() => secondsUntil(until, Date.now()));
  useEffect(() => {
    setLeft(secondsUntil(until, Date.now()));
    if (secondsUntil(until, Date.now()) === 0) return;
    const timer = setInterval(() => {
      const now = secondsUntil(until, Date.now());
      setLeft(now);
      if (now === 0) {
        clearInterval(timer);
        onReached?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [until, onReached]);
  return left;
}

const two = (value: number) => String(value).padStart(2, '0');

/** «2 д 03:04:05» or «03:04:05»: what is left, read at a glance. */
export function formatCountdown(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const clock = `${two(Math.floor((seconds % 86_400) / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return days > 0 ? `${days} д ${clock}` : clock;
}
