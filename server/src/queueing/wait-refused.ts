/** A wait refused: its queue was full (its bound), or it waited past its deadline. */
export class WaitRefusedError extends Error {
  constructor(readonly why: 'bound' | 'deadline') {
    super(why === 'bound' ? 'too many are waiting already' : 'waited past its deadline');
  }
}

/** Whether a failure is a `WaitRefusedError`, looking through drizzle's wrapper. */
export function isWaitRefused(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    if (e instanceof WaitRefusedError) return true;
  }
  return false;
}
