// GET /readyz (docs/decisions/0045-observability.md): whether this instance should get traffic. It
// asks the database, Redis (when configured) and the media store, each within a timeout, and says
// no at once while the instance drains (after SIGTERM). /healthz stays the liveness check.
export type Check = () => Promise<void>;

export interface Readiness {
  ready: boolean;
  draining: boolean;
  checks: Record<string, 'ok' | string>;
}

const TIMEOUT_MS = 2_000;
/** A store answers over the network: its last answer is reused this long (load balancers poll every few seconds). */
const STORE_CACHE_MS = 10_000;

function withTimeout(check: Check, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    check().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The last outcome of `check` is kept for `ms`; a failure is never kept. */
export function cachedCheck(check: Check, ms = STORE_CACHE_MS): Check {
  let okUntil = 0;
  return async () => {
    if (Date.now() < okUntil) return;
    await check();
    okUntil = Date.now() + ms;
  };
}

export function readinessProbe(checks: Record<string, Check>, draining: () => boolean): () => Promise<Readiness> {
  return async () => {
    if (draining()) return { ready: false, draining: true, checks: {} };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check, TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, (error as Error).message || 'failed'] as const;
        }
      }),
    );
    return { ready: results.every(([, outcome]) => outcome === 'ok'), draining: false, checks: Object.fromEntries(results) };
  };
}
