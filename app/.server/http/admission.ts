// Admission control (docs/decisions/0039, 0071): an instance admits only the work it can finish in
// time and answers the rest at once with 503 and Retry-After, before it starts on them.
//
// Two measures, one gate:
// - **Requests in flight** (the bound on the work): at most `inFlight` requests run at once (sized
//   from the cores, `admissionLimits`); a request past that waits in a short queue (`queue` places)
//   no longer than a quiet request takes (the 90th percentile of the last requests that ran alone,
//   at least 25 ms and at most `queueMs`), and is answered 503 when no place frees up in time or the
//   queue is full. An admitted request so waits about one quiet request's time, then runs beside
//   at most `inFlight - 1` others: a small multiple of its quiet time. On a machine whose CPU other
//   programs take, quiet requests are slower, and the wait allowed grows with them.
//   Every request is answered: it runs, or it is refused at its deadline. Event streams
//   (GET /api/events.php) stay open for minutes and are never counted.
// - **This process's sustained event-loop delay**: the monitor keeps the last 5 s of its 500-ms
//   windows; the instance counts as saturated only when the loop's delay stayed over the limit for
//   four fifths of them *and* the loop was busy for 90 % of that time (event-loop utilisation). A
//   process whose CPU another program takes waits in the poll, idle: its delay grows but its
//   utilisation does not, so a busy neighbour sheds nothing; one long tick sheds nothing either.
//   Even then the gate refuses only while the in-flight limit is reached — never a handful of
//   requests. A saturated loop then refuses at once instead of queueing.
// Health checks, static files, the message catalogues and media are answered before this gate.
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { NextFunction, Request, RequestHandler, Response as ExpressResponse } from 'express';
import type { Locale } from '~/shared/locales';
import type { Tenant } from '../tenants/schema';
import { serverMessage } from '../i18n/messages';
import { sendRefusal, statusPage } from './status-page';
import { MIN_QUEUE_MS, type AdmissionLimits } from '../limits/admission-limits';
import { siteOf } from './locals';

export { admissionLimits, type AdmissionLimits } from '../limits/admission-limits';

export interface LoadMonitor {
  /** The event-loop delay the loop held for four fifths of the last 5 s, in ms (the 20th percentile of its windows). */
  delayMs(): number;
  /** The share of the last 5 s the loop was busy running this process's code (0…1). */
  utilisation(): number;
  /** Whether the loop is saturated: the sustained delay over the limit while the loop was busy. */
  overloaded(): boolean;
  stop(): void;
}

export interface LoadMonitorOptions {
  /** The delay above which the server counts as overloaded (OVERLOAD_DELAY_MS); 0 never does. */
  maxDelayMs: number;
  /** One window's length (500 ms unless told); the monitor keeps the last WINDOWS of them. */
  windowMs?: number;
  /** Tests only (OVERLOAD_TEST_DELAY_MS): the sustained delay the monitor reports instead of measuring, with a busy loop. */
  forcedDelayMs?: number;
}

const RESOLUTION_MS = 10;
/** Windows kept: 10 × 500 ms, the last 5 s. */
export const WINDOWS = 10;
/** The loop counts as busy with this process's own work from this utilisation on. */
export const BUSY_UTILISATION = 0.9;

/** The `q` quantile (0…1) of `values` (nearest rank); 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function startLoadMonitor(options: LoadMonitorOptions): LoadMonitor {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const delays: number[] = [];
  let lastDelay = 0;
  let elu: EventLoopUtilization = performance.eventLoopUtilization();
  const utilisations: number[] = [];
  // The histogram is read as a running total, never reset per window: a reset forgets the previous
  // tick, so a window holding one long tick (a blocked loop) would record nothing at all.
  let seen = { count: 0, sum: 0 };
  const timer = setInterval(() => {
    const count = histogram.count;
    const sum = count > 0 ? histogram.mean * count : 0;
    // A window without a tick (the loop blocked all along) keeps the last delay.
    if (count > seen.count) lastDelay = Math.max(0, (sum - seen.sum) / (count - seen.count) / 1e6 - RESOLUTION_MS);
    seen = { count, sum };
    if (count > 1_000_000) {
      histogram.reset();
      seen = { count: 0, sum: 0 };
    }
    const now = performance.eventLoopUtilization();
    utilisations.push(performance.eventLoopUtilization(now, elu).utilization);
    elu = now;
    delays.push(lastDelay);
    if (delays.length > WINDOWS) delays.shift();
    if (utilisations.length > WINDOWS) utilisations.shift();
  }, options.windowMs ?? 500);
  timer.unref();
  const forced = options.forcedDelayMs;
  const delayMs = () => forced ?? (delays.length < WINDOWS ? 0 : quantile(delays, 0.2));
  const utilisation = () => (forced !== undefined ? 1 : utilisations.length === 0 ? 0 : utilisations.reduce((a, b) => a + b, 0) / utilisations.length);
  return {
    delayMs,
    utilisation,
    overloaded: () => options.maxDelayMs > 0 && delayMs() > options.maxDelayMs && utilisation() >= BUSY_UTILISATION,
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/** Event streams stay open for minutes: they never hold a place. */
const unlimited = (req: Request) => req.method === 'GET' && req.path.toLowerCase() === '/api/events.php';

export interface AdmissionGate extends RequestHandler {
  /** Requests running and waiting now (for tests and /metrics). */
  state(): { inFlight: number; queued: number; queueMs: number };
}

/**
 * Answers 503 overloaded (with Retry-After) what the instance cannot finish in time; after the
 * tenant is known, so the answer wears its colours and language.
 */
export function admissionGate(
  monitor: LoadMonitor,
  limits: AdmissionLimits,
  options: { retryAfterS: number; localeOf: (req: Request, tenant: Tenant) => Locale; warn: (message: string) => void },
): AdmissionGate {
  let inFlight = 0;
  const queue: { admit: () => void; refuse: () => void }[] = [];
  let refused = 0;
  let reported = 0;
  // The 503 page of each tenant and language, made once: a refusal must cost next to nothing, or the
  // refusals themselves take the loop from the admitted requests.
  const pages = new WeakMap<Tenant, Map<Locale, string>>();
  const headers = { 'Retry-After': String(options.retryAfterS) };
  // The durations of the last requests that ran alone (none in flight when they started).
  const alone: number[] = [];
  // Until requests have run alone: a fifth of the longest wait.
  let queueMs = Math.min(limits.queueMs, Math.max(MIN_QUEUE_MS, limits.queueMs / 5));
  const ranAlone = (ms: number) => {
    alone.push(ms);
    if (alone.length > 100) alone.shift();
    queueMs = Math.min(limits.queueMs, Math.max(MIN_QUEUE_MS, quantile(alone, 0.9)));
  };

  const refuse = (req: Request, res: ExpressResponse, why: string) => {
    refused += 1;
    // A line at the first refusal, then one a minute at most while it lasts, with the count since the
    // last line (each refused request's own line is at info: http/observability.ts).
    const at = Date.now();
    if (at - reported >= 60_000) {
      options.warn(`overloaded (${why}): ${refused} request(s) answered 503`);
      reported = at;
      refused = 0;
    }
    if (res.headersSent || res.writableEnded) return;
    const tenant = siteOf(res);
    const locale = options.localeOf(req, tenant);
    if (req.path.toLowerCase().startsWith('/api/') || req.method === 'HEAD') {
      sendRefusal(req, res, tenant, locale, { status: 503, code: 'overloaded', messageId: 'api.error.overloaded', headers });
      return;
    }
    let byLocale = pages.get(tenant);
    if (!byLocale) pages.set(tenant, (byLocale = new Map()));
    let page = byLocale.get(locale);
    if (page === undefined) byLocale.set(locale, (page = statusPage(tenant, locale, 503, serverMessage(locale, 'api.error.overloaded'))));
    res.status(503).set({ 'Cache-Control': 'no-store', ...headers }).type('html').send(page);
  };

  const release = () => {
    inFlight -= 1;
    const next = queue.shift();
    if (next) next.admit();
  };

  const run = (res: ExpressResponse, next: NextFunction) => {
    const started = inFlight === 0 ? performance.now() : null;
    inFlight += 1;
    let done = false;
    // 'close' follows every answer, sent or cut off by the client.
    res.once('close', () => {
      if (done) return;
      done = true;
      if (started !== null && res.writableFinished) ranAlone(performance.now() - started);
      release();
    });
    next();
  };

  const why = () => `${inFlight} in flight, ${queue.length} waiting at most ${Math.round(queueMs)} ms; event-loop delay ${Math.round(monitor.delayMs())} ms, busy ${Math.round(monitor.utilisation() * 100)} %`;

  const gate = ((req: Request, res: ExpressResponse, next: NextFunction) => {
    if (unlimited(req)) {
      // Not counted, but not opened on a saturated loop either (its client retries).
      if (monitor.overloaded() && (limits.inFlight === 0 || inFlight >= limits.inFlight)) return refuse(req, res, why());
      return next();
    }
    if (limits.inFlight === 0) {
      if (monitor.overloaded()) return refuse(req, res, why());
      return next();
    }
    if (inFlight < limits.inFlight && queue.length === 0) return run(res, next);
    // Full: a saturated loop would not finish a waiting request in time either.
    if (queue.length >= limits.queue || monitor.overloaded()) return refuse(req, res, why());
    const place = {
      admit: () => {
        clearTimeout(timer);
        res.off('close', gone);
        run(res, next);
      },
      refuse: () => {
        const at = queue.indexOf(place);
        if (at >= 0) queue.splice(at, 1);
        res.off('close', gone);
        refuse(req, res, why());
      },
    };
    // A client that hangs up while waiting gives its place back.
    const gone = () => {
      clearTimeout(timer);
      const at = queue.indexOf(place);
      if (at >= 0) queue.splice(at, 1);
    };
    const timer = setTimeout(place.refuse, queueMs);
    res.once('close', gone);
    queue.push(place);
  }) as AdmissionGate;
  gate.state = () => ({ inFlight, queued: queue.length, queueMs });
  return gate;
}

/** The 503 page of a render that ran past its abort delay (entry.server.tsx): the same answer as the gate's. */
export function overloadedResponse(tenant: Tenant, locale: Locale, retryAfterS: number): Response {
  return new Response(statusPage(tenant, locale, 503, serverMessage(locale, 'api.error.overloaded')), {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': String(retryAfterS) },
  });
}
