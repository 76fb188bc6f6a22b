// The browser's clock and timers, in one place (docs/architecture.md §12): every client rule that waits (the user
// refresh, retries, the progress bar) asks this module, so tests move time with vitest's fake
// timers instead of sleeping. The globals are looked up at each call, which is what lets fakes in.
export type TimerId = ReturnType<typeof setTimeout>;

export const clientClock = {
  now: (): number => Date.now(),
  /** Milliseconds since this document started loading (the page's own clock: navigation start is 0). */
  sinceLoad: (): number => globalThis.performance?.now() ?? 0,
  setTimer: (callback: () => void, ms: number): TimerId => globalThis.setTimeout(callback, ms),
  clearTimer: (id: TimerId | null | undefined): void => {
    if (id !== null && id !== undefined) globalThis.clearTimeout(id);
  },
  /** Resolves after `ms` (by the same timers, so fake timers drive it too). */
  wait: (ms: number): Promise<void> => new Promise((resolve) => globalThis.setTimeout(resolve, ms)),
};
