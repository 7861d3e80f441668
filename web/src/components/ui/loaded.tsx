import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Button } from './button';
import { Notice } from './notice';
import { Spinner } from './spinner';
import './loaded.css';

/** What `Loaded` reads of a query: TanStack's result, or a view of one (an infinite query's items). */
export type LoadedQuery<T> = {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type LoadedProps<T> = {
  query: LoadedQuery<T>;
  /**
   * The class of the line the spinner and the empty text stand in (`state-line`, or the screen's
   * own); without one, the spinner alone.
   */
  className?: string;
  /** The spinner's words where the spec gives the screen its own (the calendar's); «Загрузка…» else. */
  loading?: string;
  /** Nothing is asked yet (the screen still waits for input): nothing is shown until it is. */
  idle?: boolean;
  /** What a failure says when the server said nothing of its own (`errorMessage`'s fallback). */
  failed?: string;
  /**
   * What any failure says, in place of the server's words: for a read the screen explains better
   * than a status could (the operator's and the seller's details: check the connection, open again).
   */
  failedAlways?: string;
  /** For a read that asks again by itself: its failure is a spinner with these words, not an alert. */
  connecting?: string;
  /** The label of a button under the failure that asks again. */
  retry?: string;
  /** Said in place of the content when the answer is an empty list. */
  empty?: string;
  /** The empty text's class, when not the state line's. */
  emptyClassName?: string;
  children: (data: T) => ReactNode;
};

/**
 * The ladder a screen climbs to show what it asked the server for: a failure (an alert with the
 * server's words, or a «still connecting» spinner), the spinner while the answer is on its way, the
 * empty text, then the content. Spinners are `role="status"`, alerts `role="alert"`.
 */
export function Loaded<T>({
  query,
  className,
  loading,
  idle = false,
  failed,
  failedAlways,
  connecting,
  retry,
  empty,
  emptyClassName = className,
  children,
}: LoadedProps<T>) {
  if (query.isError)
    return (
      <>
        {connecting === undefined ? (
          <Notice tone="error">{failedAlways ?? errorMessage(query.error, failed)}</Notice>
        ) : (
          <StateLine className={className}>
            <Spinner label={connecting} />
          </StateLine>
        )}
        {retry && (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {retry}
          </Button>
        )}
      </>
    );
  if (query.data === undefined)
    return (
      !idle && (
        <StateLine className={className}>
          <Spinner label={loading} />
        </StateLine>
      )
    );
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0)
    return <p className={emptyClassName}>{empty}</p>;
  return children(query.data);
}

function StateLine({ className, children }: { className: string | undefined; children: ReactNode }) {
  return className === undefined ? children : <p className={className}>{children}</p>;
}
