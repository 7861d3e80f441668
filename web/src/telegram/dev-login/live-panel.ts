import { useEffect, useState } from 'react';

/** After a failed read, the next one waits this long: the server is restarting, say. */
const RETRY_MS = 3000;

/**
 * A stand-in panel's newest read («Чат с ботом», «Почта»): `read` is asked again at once each time
 * the server answers (it holds a read until something changed since `version`), and after a pause
 * when it cannot be reached.
 */
export function useLiveRead<T extends { version: number }>(
  userId: number,
  read: (userId: number, since?: number) => Promise<T>,
) {
  const [latest, setLatest] = useState<T>();
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    let stopped = false;
    (async () => {
      let since: number | undefined;
      while (!stopped) {
        try {
          const answer = await read(userId, since);
          if (stopped) return;
          setLatest(answer);
          setUnreachable(false);
          since = answer.version;
        } catch {
          if (stopped) return;
          setUnreachable(true);
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    })();
    return () => {
      stopped = true;
    };
  }, [userId, read]);
  return { latest, unreachable };
}
