import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import './toast.css';

/** SPEC §9: a toast stays 5 s unless told otherwise, and no more than 20 are shown at once. */
export const TOAST_DEFAULT_MS = 5000;
export const MAX_TOASTS = 20;

export type ToastTone = 'success' | 'error';

export type Toast = { id: number; text: string; tone: ToastTone };

type ShowToastOptions = { tone?: ToastTone; durationMs?: number };

/** The toasts of one screen: `showToast` adds one, which leaves by itself after its time. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const showToast = useCallback(
    (text: string, { tone = 'success', durationMs = TOAST_DEFAULT_MS }: ShowToastOptions = {}) => {
      const id = nextId.current++;
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setToasts((current) => current.filter((toast) => toast.id !== id));
      }, durationMs);
      timers.current.add(timer);
      // Past the limit the oldest goes first; its timer later finds nothing to remove.
      setToasts((current) => [...current, { id, text, tone }].slice(-MAX_TOASTS));
    },
    [],
  );

  return { toasts, showToast };
}

/** Shown above the screen, outside the page frame, which moves during page transitions. */
export function Toasts({ toasts }: { toasts: Toast[] }) {
  return createPortal(
    <div className="toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.tone}`}
          role={toast.tone === 'error' ? 'alert' : 'status'}
        >
          {toast.text}
        </div>
      ))}
    </div>,
    document.body,
  );
}
