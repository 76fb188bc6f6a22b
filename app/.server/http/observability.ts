// The HTTP side of observability (docs/decisions/0045-observability.md): one JSON log line per request
// (requestLogging), the request-duration histogram by route pattern and tenant, the gauges read at scrape
// time, and the metrics listener on its own port (METRICS_PORT).
import http from 'node:http';
import type { RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PoolUse } from '../db/database';
import type { QueueStats } from '../jobs/queue';
import { paymentsByStatus, reconciliationLag } from '../payments/lag';
import { logger, moduleLogger } from '../observability/logger';
import { metrics, metricsText, scrapedGauge } from '../observability/metrics';
import type { Readiness } from '../observability/readiness';
import { outboxDepths, outboxFlows } from '../jobs/outbox-stats';
import { requestLocals } from './locals';

/** The route label of a response: the Remix route's pattern (remix-adapter.ts), else the part of the app that answered. */
export function routeOf(res: Response): string {
  const route = requestLocals(res).route;
  if (route) return route;
  const path = res.req.path;
  if (path === '/healthz' || path === '/readyz') return path;
  const top = /^\/(assets|media)\//.exec(path);
  return top ? `/${top[1]}/*` : 'unmatched';
}

const tenantOf = (res: Response) => requestLocals(res).tenant?.id ?? 'none';

/**
 * One line per request when it ends: request id, method, route pattern, tenant, status, duration and
 * the member (or operator) where known. No URL (a path or query can carry a token), no body, and
 * no headers but the user agent.
 *
 * Written by hand rather than through pino-http (decision 0060): pino-http made a child logger per
 * request and ran the process logger's redaction over every line, ≈ 17 % of a cached page's CPU. The
 * line's fields are fixed and carry nothing secret, so its logger redacts nothing; every other line
 * of the `http` module (failures with their errors) still goes through the redacting logger.
 */
export function requestLogging(): RequestHandler {
  const log = logger.child({ module: 'http' }, { redact: [] });
  return (req, res, next) => {
    const started = performance.now();
    const write = (aborted: boolean) => {
      res.off('finish', finished).off('close', closed);
      const route = routeOf(res);
      const status = res.statusCode;
      const line: RequestLine = {
        reqId: requestLocals(res).requestId ?? 'unknown',
        req: { method: req.method, user_agent: req.headers['user-agent'] },
        res: { status },
        route,
        tenant: tenantOf(res),
        status,
        duration_ms: Math.round(performance.now() - started),
      };
      if (res.locals.memberId) line.member_id = requestLocals(res).memberId;
      if (res.locals.operatorId) line.operator_id = requestLocals(res).operatorId;
      if (aborted) line.aborted = true;
      // A client that hung up before the answer went out is no server failure; nor is a request shed
      // under load (a 503 with Retry-After, decision 0039): the gate writes a summary of those at warn,
      // so that they do not bury the errors operators need exactly then (issue 45 item 4).
      const shed = status === 503 && res.getHeader('retry-after') !== undefined;
      if (status >= 500 && !aborted && !shed) log.error(line, `${req.method} ${route} ${status}`);
      else log.info(line, `${req.method} ${route} ${aborted ? 'aborted' : status}`);
    };
    const finished = () => write(false);
    const closed = () => write(true);
    res.once('finish', finished).once('close', closed);
    next();
  };
}

interface RequestLine {
  reqId: string;
  req: { method: string; user_agent: string | undefined };
  res: { status: number };
  route: string;
  tenant: string;
  status: number;
  duration_ms: number;
  member_id?: number;
  operator_id?: number;
  aborted?: boolean;
}

/** Observes every response's duration under its route pattern and tenant. */
export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpDuration.startTimer();
    res.once('finish', () => end({ route: routeOf(res), tenant: tenantOf(res), method: req.method, status: String(res.statusCode) }));
    next();
  };
}

export interface GaugeSources {
  db: Kysely<DB>;
  poolUse: () => PoolUse;
  openStreams: () => number;
  queueStats: () => Promise<QueueStats[]>;
  now: () => Date;
  searchIndex: () => { profiles: number; bytes: number };
}

/** `read`'s answer, read again only once it is older than `ms`: figures every instance shares (one database), for gauges that several scrapes ask at once. */
function readAtMostEvery<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!kept || Date.now() - kept.at > ms) kept = { at: Date.now(), value: read() };
    return kept.value;
  };
}

/** The gauges read when Prometheus scrapes; a failing source leaves its gauge empty and says so in the log. */
export function registerGauges(sources: GaugeSources): void {
  const log = moduleLogger('metrics');
  const guarded = async (name: string, read: () => Promise<void> | void) => {
    try {
      await read();
    } catch (error) {
      log.warn({ gauge: name, error: (error as Error).message }, `metric ${name} unavailable`);
    }
  };
  scrapedGauge('rendezvous_event_streams_open', 'Event streams open on this instance', [], (set) => set({}, sources.openStreams()));
  scrapedGauge('rendezvous_db_pool_connections', 'Database pool: connections by state (total, idle, waiting queries, max)', ['state'], (set) => {
    const use = sources.poolUse();
    set({ state: 'total' }, use.total);
    set({ state: 'idle' }, use.idle);
    set({ state: 'active' }, use.total - use.idle);
    set({ state: 'waiting' }, use.waiting);
    set({ state: 'max' }, use.max);
  });
  // Queue depth and age are the same for every instance (one database): read them at most every 5 s.
  const queueStats = readAtMostEvery(5_000, () => sources.queueStats());
  scrapedGauge('rendezvous_job_queue_depth', 'Jobs due and waiting per queue', ['queue'], (set) =>
    guarded('rendezvous_job_queue_depth', async () => {
      for (const queue of await queueStats()) set({ queue: queue.name }, queue.waiting);
    }),
  );
  scrapedGauge('rendezvous_job_queue_oldest_seconds', 'Seconds the oldest due job of each queue has waited', ['queue'], (set) =>
    guarded('rendezvous_job_queue_oldest_seconds', async () => {
      for (const queue of await queueStats()) set({ queue: queue.name }, queue.oldestSeconds);
    }),
  );
  // The outboxes (issue 45): shared by every instance like the job queues, read at most every 5 s.
  const outboxStats = readAtMostEvery(5_000, () => Promise.all([outboxDepths(sources.db, sources.now()), outboxFlows(sources.db, sources.now())]));
  scrapedGauge('rendezvous_outbox_depth', 'Rows due and waiting per outbox (mail, sms, postbacks) and priority', ['outbox', 'priority'], (set) =>
    guarded('rendezvous_outbox_depth', async () => {
      for (const row of (await outboxStats())[0]) set({ outbox: row.outbox, priority: row.priority }, row.waiting);
    }),
  );
  scrapedGauge('rendezvous_outbox_oldest_seconds', 'Seconds the oldest due row of each outbox and priority has waited', ['outbox', 'priority'], (set) =>
    guarded('rendezvous_outbox_oldest_seconds', async () => {
      for (const row of (await outboxStats())[0]) set({ outbox: row.outbox, priority: row.priority }, row.oldestSeconds);
    }),
  );
  scrapedGauge('rendezvous_outbox_sent_per_second', 'Sends per second over the last minute, per outbox (the whole fleet)', ['outbox'], (set) =>
    guarded('rendezvous_outbox_sent_per_second', async () => {
      for (const row of (await outboxStats())[1]) set({ outbox: row.outbox }, row.sentPerSecond);
    }),
  );
  scrapedGauge('rendezvous_outbox_failed_24h', 'Rows that gave up in the last 24 hours, per outbox', ['outbox'], (set) =>
    guarded('rendezvous_outbox_failed_24h', async () => {
      for (const row of (await outboxStats())[1]) set({ outbox: row.outbox }, row.failed24h);
    }),
  );
  scrapedGauge('rendezvous_payments_reconciliation_lag_seconds', 'Age of the oldest payment that can still be paid (open or pending within its payable window)', [], (set) =>
    guarded('rendezvous_payments_reconciliation_lag_seconds', async () => set({}, (await reconciliationLag(sources.db, sources.now())).oldestPayableSeconds)),
  );
  scrapedGauge('rendezvous_payments_reconciliation_overdue_seconds', 'How long the most overdue check of an open or pending payment has waited', [], (set) =>
    guarded('rendezvous_payments_reconciliation_overdue_seconds', async () => set({}, (await reconciliationLag(sources.db, sources.now())).overdueSeconds)),
  );
  scrapedGauge('rendezvous_payments', 'Payments created in the last 24 hours by tenant and status', ['tenant', 'status'], (set) =>
    guarded('rendezvous_payments', async () => {
      for (const row of await paymentsByStatus(sources.db, sources.now())) set({ tenant: row.tenant_id, status: row.status }, row.count);
    }),
  );
  scrapedGauge('rendezvous_search_index_profiles', 'Listed profiles in this instance\'s search index', [], (set) => set({}, sources.searchIndex().profiles));
  scrapedGauge('rendezvous_search_index_bytes', 'Bytes of the search index\'s arrays in this instance', [], (set) => set({}, sources.searchIndex().bytes));
}

/**
 * The metrics listener (METRICS_PORT, loopback unless METRICS_HOST says otherwise): GET /metrics for
 * Prometheus, and /readyz and /healthz again for a load balancer that checks on this port.
 */
export function startMetricsServer(port: number, host: string, probes: { ready: () => Promise<Readiness>; onListening: (port: number) => void }): http.Server {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      if (path === '/metrics') {
        const { contentType, body } = await metricsText();
        return void res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body);
      }
      if (path === '/readyz') {
        const readiness = await probes.ready();
        return void res.writeHead(readiness.ready ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(readiness));
      }
      if (path === '/healthz') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    };
    answer().catch((error: Error) => {
      logger.error({ err: error }, 'metrics listener failed');
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.listen(port, host, () => {
    const address = server.address();
    probes.onListening(typeof address === 'object' && address ? address.port : port);
  });
  return server;
}
