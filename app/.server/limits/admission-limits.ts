// The admission gate's limits (app/.server/http/admission.ts, docs/decisions/0071), apart so that the
// configuration reads them without the gate's imports.
import os from 'node:os';

export interface AdmissionLimits {
  /** Requests that run at once (ADMISSION_IN_FLIGHT); 0: no limit (and no queue). */
  inFlight: number;
  /** Requests that may wait for a place (ADMISSION_QUEUE). */
  queue: number;
  /**
   * The longest a request may wait for a place (ADMISSION_QUEUE_MS). Within it, a request waits no
   * longer than a quiet request takes: the 90th percentile of the last requests that ran alone.
   */
  queueMs: number;
}

/**
 * The production sizing from the instance's cores (docs/decisions/0071): one request per core runs
 * at once — while one renders on the event loop, another waits for the database on another core — so
 * an admitted request runs beside about one other. Four times as many may wait, each no longer than
 * a quiet request takes (the deadline, not the queue's length, bounds the wait); never longer than
 * 3 s, half the render's abort delay.
 */
export function admissionLimits(cores = os.availableParallelism()): AdmissionLimits {
  const inFlight = Math.max(2, cores);
  return { inFlight, queue: 4 * inFlight, queueMs: 3_000 };
}

/** The shortest wait a queued request is given, however fast the quiet requests were. */
export const MIN_QUEUE_MS = 25;

