/** After this long the work runs even on a page that is never idle. */
const LATEST_MS = 3000;

/** The images now on the page loaded and decoded (or failed: an image that cannot come is no wait). */
const imagesDecoded = () =>
  Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined)));

/** A task after the next frame: that frame has been painted by then. */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

function idle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: LATEST_MS });
    return () => cancelIdleCallback(handle);
  }
  // Safari before 18 has no requestIdleCallback.
  const timer = setTimeout(work, 500);
  return () => clearTimeout(timer);
}

/**
 * Runs `work` once the page has nothing better to do: the first screen drawn with its images (My
 * QR's largest paint is the QR), its own requests sent. So fetching ahead never competes with what
 * the user is waiting for, and Lighthouse does not count it as part of the first screen.
 * Returns a cancel.
 */
export function whenIdle(work: () => void): () => void {
  let cancel: (() => void) | undefined;
  let canceled = false;
  void imagesDecoded()
    .then(afterNextPaint)
    .then(() => {
      if (!canceled) cancel = idle(work);
    });
  return () => {
    canceled = true;
    cancel?.();
  };
}
