import { notifyManager } from '@tanstack/react-query';

let waiting: Array<() => void> = [];

/**
 * TanStack Query tells its observers of a change in a task of their own after the one that made it
 * (`setTimeout(…, 0)`), one timer per batch: My QR's first load set 61 of them from 13 tasks (17
 * from one), each set with its stack under Lighthouse's trace and each its own task. Here every
 * batch scheduled before that task runs joins it: the same notices, in the same order, no sooner,
 * in one task and one render.
 */
function inOneTask(notify: () => void) {
  waiting.push(notify);
  if (waiting.length > 1) return;
  setTimeout(() => {
    const notices = waiting;
    waiting = [];
    for (const tell of notices) {
      try {
        tell();
      } catch (error) {
        // Logged, and the notices after it still told, as each was in a timer of its own.
        console.error('A query notice failed', error);
      }
    }
  });
}

/** Sets the app's query notices to come in one task (above); once, before the first query. */
export function tellQueryNewsInOneTask() {
  notifyManager.setScheduler(inOneTask);
}
