import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWhenIdle } from '../use-when-idle';

describe('useWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the screen to be ready, then for the page to be idle, and stays true', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ ready }) => useWhenIdle(ready), {
      initialProps: { ready: false },
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(result.current).toBe(false);

    rerender({ ready: true });
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(result.current).toBe(true);

    rerender({ ready: false });
    expect(result.current).toBe(true);
  });
});
