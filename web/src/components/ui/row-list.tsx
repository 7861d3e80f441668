import type { ReactNode } from 'react';
import './row-list.css';

/**
 * Rows on one card with a hairline between them (a report's rows, staff, the audit log); `ordered`
 * where the order means something, as a ranking does. Each row's layout is its screen's.
 */
export function RowList({
  className,
  ordered = false,
  children,
}: {
  className: string;
  ordered?: boolean;
  children: ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return <List className={`row-list ${className}`}>{children}</List>;
}
