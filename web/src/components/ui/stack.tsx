import type { ReactNode } from 'react';
import './stack.css';

/** The column of controls below a screen's header, spaced and padded alike on every screen. */
export function Stack({ children }: { children: ReactNode }) {
  return <main className="stack">{children}</main>;
}
