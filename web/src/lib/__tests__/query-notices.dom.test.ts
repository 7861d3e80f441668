import { notifyManager } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { tellQueryNewsInOneTask } from '../query-notices';

describe('query news told in one task', () => {
  it('tells the news of several batches of one task in one later task, in their order', async () => {
    tellQueryNewsInOneTask();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const told: string[] = [];
    // As the cache does for each query that changes: a batch whose notices wait for its end.
    for (const query of ['me', 'list', 'image']) {
      notifyManager.batch(() => notifyManager.schedule(() => told.push(query)));
    }
    expect(told).toEqual([]);
    expect(timers).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(told).toEqual(['me', 'list', 'image']));
  });

  it('tells the news after the task that made them, in order, past one that fails', async () => {
    tellQueryNewsInOneTask();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const told: string[] = [];
    const failure = new Error('a listener failed');
    notifyManager.schedule(() => told.push('first'));
    notifyManager.schedule(() => {
      throw failure;
    });
    notifyManager.schedule(() => told.push('third'));
    expect(told).toEqual([]);

    await waitFor(() => expect(told).toEqual(['first', 'third']));
    expect(logged).toHaveBeenCalledWith('A query notice failed', failure);
  });
});
