import { type ReactNode, useRef } from 'react';
import { useIntoViewWhenShown } from '@/hooks/use-into-view-when-shown';
import './in-view.css';

/** A block that appears after a tap (a confirm step), brought into view when it does. */
export function InView({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useIntoViewWhenShown(ref);
  return (
    <div ref={ref} className={className ? `in-view ${className}` : 'in-view'}>
      {children}
    </div>
  );
}
