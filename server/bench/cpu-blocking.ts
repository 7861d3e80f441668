import type { Trace, TraceEvent } from 'lighthouse';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/** What Lighthouse's total blocking time leaves to a task: its first 50 ms are not blocking. */
const BLOCKING_FROM_MS = 50;

interface Task {
  /** Start, µs on the trace's clock. */
  ts: number;
  /** Wall time, µs. */
  dur?: number;
  /** The thread's own time on a core, µs (Chromium writes it beside the wall time). */
  tdur?: number;
}

/**
 * Total blocking time counted as Lighthouse's simulation counts it (each task of the page's main
 * thread from the first contentful paint on, times the CPU slowdown, less 50 ms), but from each
 * task's time on a core instead of its wall time: what the page's own work blocks when its main
 * thread never waits, neither for a core nor for another process. The gap to Lighthouse's figure is
 * the host's share: on this 2-core machine a task's wall time was often twice its CPU time
 * (docs/performance.md, «Lighthouse as a phone»).
 */
export function blockingOnCpuMs(tasks: Task[], firstContentfulPaint: number, slowdown: number): number {
  return tasks
    .filter((task) => task.ts >= firstContentfulPaint)
    .reduce(
      (sum, task) => sum + Math.max(0, ((task.tdur ?? task.dur ?? 0) / 1000) * slowdown - BLOCKING_FROM_MS),
      0,
    );
}

/** The same from a Lighthouse run's trace: its page's main-thread tasks and first contentful paint. */
export function traceBlockingOnCpuMs(trace: Trace, slowdown: number): number {
  const processed = TraceProcessor.processTrace(trace);
  const { timestamps } = TraceProcessor.processNavigation(processed);
  const tasks = processed.mainThreadEvents.filter((event: TraceEvent) =>
    TraceProcessor.isScheduleableTask(event),
  );
  return blockingOnCpuMs(tasks, timestamps.firstContentfulPaint, slowdown);
}
