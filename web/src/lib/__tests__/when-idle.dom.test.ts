import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../when-idle';

/** An image on the page whose decoding ends when the test says. */
function imageDecoding() {
  const image = document.createElement('img');
  const decoding = { resolve: () => {}, reject: (_error: Error) => {} };
  const decoded = new Promise<void>((resolve, reject) => Object.assign(decoding, { resolve, reject }));
  image.decode = () => decoded;
  document.body.append(image);
  return decoding;
}

describe('whenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('waits until the page’s images are decoded and drawn, then runs the work once', async () => {
    const decoding = imageDecoding();
    const work = vi.fn();
    whenIdle(work);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(work).not.toHaveBeenCalled();

    decoding.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledOnce();
  });

  it('does not wait for an image that cannot be decoded', async () => {
    imageDecoding().reject(new DOMException('broken', 'EncodingError'));
    const work = vi.fn();
    whenIdle(work);

    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs nothing once canceled, before or after the images came', async () => {
    const decoding = imageDecoding();
    const early = vi.fn();
    const late = vi.fn();
    whenIdle(early)();
    const cancelLate = whenIdle(late);
    decoding.resolve();
    await vi.advanceTimersByTimeAsync(20);
    cancelLate();

    await vi.advanceTimersByTimeAsync(1000);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
