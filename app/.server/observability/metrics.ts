// Prometheus metrics of one server process (docs/decisions/0045-observability.md), served on their own
// port (METRICS_PORT, server.ts). Labels are bounded: a route is its pattern (`/members/:id`), never
// the raw URL; a tenant is its id. Counters are incremented where the work happens; gauges that need
// the database (queue depth, payments, reconciliation lag) are read when Prometheus scrapes.
import client from 'prom-client';

// server.ts and the Remix build each load their own copy of this module: both must count into one
// registry, so it lives on globalThis (as the search index does, docs/decisions/0011).
function createMetrics() {
  const registry = new client.Registry();
  // Process CPU and memory, heap, GC, handles, and event-loop delay (nodejs_eventloop_lag_* percentiles).
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return {
    registry,
    httpDuration: new client.Histogram({
      name: 'rendezvous_http_request_duration_seconds',
      help: 'HTTP request duration by route pattern and tenant',
      labelNames: ['route', 'tenant', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    /** Mails and SMS from their outboxes, web pushes: sent, failed (retried or given up) and gone (a push subscription dropped). */
    deliveries: new client.Counter({
      name: 'rendezvous_deliveries_total',
      help: 'Mails, SMS and web pushes by channel and result (sent, failed, gone)',
      labelNames: ['channel', 'result'] as const,
      registers: [registry],
    }),
    jobRuns: new client.Counter({
      name: 'rendezvous_jobs_total',
      help: 'Job runs on this instance by queue and result',
      labelNames: ['queue', 'result'] as const,
      registers: [registry],
    }),
  };
}

const holder = globalThis as { __rendezvousMetrics?: ReturnType<typeof createMetrics> };
export const metrics = (holder.__rendezvousMetrics ??= createMetrics());
const { registry } = metrics;

/** A gauge whose value is read at scrape time; `read` sets it (with `set`) and may be async. */
export function scrapedGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: (set: (labels: Partial<Record<L, string>>, value: number) => void) => Promise<void> | void,
): client.Gauge<L> {
  registry.removeSingleMetric(name);
  return new client.Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      await read((labels, value) => this.set(labels, value));
    },
  });
}

/** The text Prometheus scrapes. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
