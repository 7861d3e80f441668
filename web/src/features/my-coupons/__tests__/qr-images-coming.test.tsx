import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { myCouponsKeys } from '@/lib/query-keys';
import { createTestQueryClient } from '@/test/render';
import { useQrImagesComing } from '../api/get-qr-image';

/** An image's fetch that comes when the test says. */
function held() {
  let come: (image: string) => void = () => {};
  const image = new Promise<string>((resolve) => {
    come = resolve;
  });
  return { image, come };
}

describe('useQrImagesComing', () => {
  it('says yes while any QR image is on its way, and redraws only when that turns', async () => {
    const client = createTestQueryClient();
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useQrImagesComing();
      },
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        ),
      },
    );
    expect(result.current).toBe(false);

    const first = held();
    const second = held();
    const third = held();
    act(() => {
      for (const [url, fetch] of [
        ['/a', first],
        ['/b', second],
        ['/c', third],
      ] as const) {
        void client.fetchQuery({ queryKey: myCouponsKeys.qrImage(url), queryFn: () => fetch.image });
      }
    });
    await waitFor(() => expect(result.current).toBe(true));
    const rendersWhileComing = renders;

    // Each image that comes is in the cache before the hook hears of it: the cache tells its
    // listeners in a timer of its own, set before the test's, so the test's fires after it.
    for (const [fetch, left] of [
      [first, 2],
      [second, 1],
    ] as const) {
      await act(async () => fetch.come('data:image/png;base64,'));
      await waitFor(() => expect(client.isFetching({ queryKey: myCouponsKeys.qrImages })).toBe(left));
      await act(() => new Promise((told) => setTimeout(told)));
    }
    expect(result.current).toBe(true);
    expect(renders).toBe(rendersWhileComing);

    await act(async () => third.come('data:image/png;base64,c'));
    await waitFor(() => expect(result.current).toBe(false));
    expect(renders).toBe(rendersWhileComing + 1);
  });
});
