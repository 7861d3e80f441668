import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useIntoViewWhenShown } from '@/hooks/use-into-view-when-shown';
import './notice.css';

type Tone = 'success' | 'error' | 'info';

type NoticeProps = {
  tone: Tone;
  children: ReactNode;
  /** A second, smaller line: the server's own explanation of a failure. */
  detail?: string | undefined;
};

/** A result or state line: errors are announced at once, the rest politely; shown in view. */
export function Notice({ tone, children, detail }: NoticeProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useIntoViewWhenShown(ref, `${typeof children === 'string' ? children : ''}${detail ?? ''}`);
  return (
    <p ref={ref} className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
      {detail && <span className="notice__detail">{detail}</span>}
    </p>
  );
}

/**
 * A message that clears itself after `durationMs` (SPEC §9: result messages 2 s). Showing a new
 * one restarts the clock.
 */
export function useTimedMessage<T>(durationMs: number) {
  const [message, setMessage] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  return [message, show] as const;
}
