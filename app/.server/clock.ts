// The one clock of the server (DESIGN §11). Tests move it with setClockForTests; outside the test
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
