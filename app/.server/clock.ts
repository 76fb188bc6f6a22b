// The one clock of the server (docs/architecture.md §12). Tests move it with setClockForTests; outside the test
// environment it cannot be moved.
let offsetMs = 0;

export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Today's date in UTC, YYYY-MM-DD. */
export function today(): string {
  return now().toISOString().slice(0, 10);
}

export function setClockForTests(to: Date | null): void {
  if (process.env.NODE_ENV !== 'test') throw new Error('The clock can only be moved in tests');
  offsetMs = to ? to.getTime() - Date.now() : 0;
}

/**
 * Runs `work` with the clock at `at` (and moving on from there), then puts it back: the demo seed
 * replays sixty days of a site's life through the domain functions this way (seed/demo-history.ts).
 * Never in a real production start, and never while the server answers requests (the seed runs
 * before it listens): the clock is the process's one clock.
 */
export async function replayAt<T>(at: Date, work: () => Promise<T>): Promise<T> {
  if (process.env.NODE_ENV === 'production' && process.env.DEMO !== '1') throw new Error('The clock can only be replayed by the demo seed');
  const before = offsetMs;
  offsetMs = at.getTime() - Date.now();
  try {
    return await work();
  } finally {
    offsetMs = before;
  }
}
