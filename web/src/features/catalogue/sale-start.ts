import { useEffect, useState } from 'react';

/** Whole seconds until `saleStartsAt` by this device's clock; 0 once it has come or when there is none. */
const secondsUntil = (saleStartsAt: string | null, now: number) =>
  saleStartsAt === null ? 0 : Math.max(0, Math.ceil((Date.parse(saleStartsAt) - now) / 1000));

/**
 * The seconds left before an offer's sale opens, ticking each second until it does; `onOpened` is
 * called once when the count reaches zero (the list is asked again: the server decides, not this clock).
 */
export function useSaleCountdown(saleStartsAt: string | null, onOpened?: () => void): number {
  const [left, setLeft] = useState(() => secondsUntil(saleStartsAt, Date.now()));
  useEffect(() => {
    setLeft(secondsUntil(saleStartsAt, Date.now()));
    if (secondsUntil(saleStartsAt, Date.now()) === 0) return;
    const timer = setInterval(() => {
      const now = secondsUntil(saleStartsAt, Date.now());
      setLeft(now);
      if (now === 0) {
        clearInterval(timer);
        onOpened?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [saleStartsAt, onOpened]);
  return left;
}

const two = (value: number) => String(value).padStart(2, '0');

/** «2 д 03:04:05» or «03:04:05»: what is left before the sale, read at a glance. */
export function formatCountdown(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const clock = `${two(Math.floor((seconds % 86_400) / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return days > 0 ? `${days} д ${clock}` : clock;
}
