// GET /readyz (docs/decisions/0045-observability.md): whether this instance should get traffic. It
// asks the database, Redis (when configured) and the media store, each within a timeout, and says
// no at once while the instance drains (after SIGTERM). /healthz stays the liveness check.
import express, { type Router } from 'express';
import { Redis } from 'ioredis';

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

/**
 * This instance's readiness: the database, Redis when REDIS_URL is set (one probe connection of its
 * own, which never queues a command while down), and the media store (its answer kept a while).
 */
export function instanceReadiness(options: { database: Check; redisUrl?: string; store: Check; draining: () => boolean }): { ready: () => Promise<Readiness>; close: () => void } {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: 'rendezvous-readyz' }) : null;
  redis?.on('error', () => {}); // each failed check says so in its answer
  const checks: Record<string, Check> = { database: options.database, store: cachedCheck(options.store) };
  if (redis) {
    checks.redis = async () => {
      if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
      await redis.ping();
    };
  }
  return { ready: readinessProbe(checks, options.draining), close: () => redis?.disconnect() };
}

/** GET /healthz (liveness: the database answers) and GET /readyz (readiness, 503 while draining or a dependency is down). */
export function healthRoutes(options: { database: Check; kind: string; ready: () => Promise<Readiness> }): Router {
  const router = express.Router();
  router.get('/healthz', async (_req, res) => {
    try {
      await options.database();
      res.json({ status: 'ok', database: options.kind });
    } catch (error) {
      res.status(503).json({ status: 'unavailable', error: (error as Error).message });
    }
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await options.ready();
    res.status(readiness.ready ? 200 : 503).set('Cache-Control', 'no-store').json(readiness);
  });
  return router;
}
