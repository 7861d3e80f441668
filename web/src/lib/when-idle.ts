/** After this long the work runs even on a page that is never idle. */
const LATEST_MS = 3000;

/**
 * Runs `work` once the page has nothing better to do (the first screen drawn, its own requests
 * sent), so fetching ahead never competes with what the user is waiting for. Returns a cancel.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: LATEST_MS });
    return () => cancelIdleCallback(handle);
  }
  // Safari before 18 has no requestIdleCallback.
  const timer = setTimeout(work, 500);
  return () => clearTimeout(timer);
}
