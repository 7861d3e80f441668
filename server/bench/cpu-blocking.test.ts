import { describe, expect, it } from 'vitest';
import { blockingOnCpuMs } from './cpu-blocking.ts';

const FCP = 1_000_000;

describe('blocking time on the CPU alone', () => {
  it("counts each task after the first paint by its time on a core times the slowdown, less Lighthouse's 50 ms", () => {
    const tasks = [
      { ts: FCP + 10_000, dur: 40_000, tdur: 20_000 }, // 20 ms × 4 − 50 = 30
      { ts: FCP + 60_000, dur: 30_000, tdur: 10_000 }, // 10 ms × 4 = 40: not blocking
    ];
    expect(blockingOnCpuMs(tasks, FCP, 4)).toBeCloseTo(30);
  });

  it('leaves out what ran before the first contentful paint', () => {
    expect(blockingOnCpuMs([{ ts: FCP - 1, dur: 90_000, tdur: 90_000 }], FCP, 4)).toBe(0);
  });

  it('takes the wall time of a task the trace gave no thread time', () => {
    expect(blockingOnCpuMs([{ ts: FCP, dur: 30_000 }], FCP, 2)).toBeCloseTo(10);
  });
});
