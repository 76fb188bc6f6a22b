// Admission control (docs/decisions/0039): a server whose event loop is saturated answers new
// requests 503 with Retry-After before it starts work it could not finish in time, instead of
// letting renders run past their abort delay into a 500. The load is the event-loop delay that
// perf_hooks.monitorEventLoopDelay measures: the mean interval between the loop's ticks over a short
// window, less the monitor's resolution (the interval it asks for). Health checks (/healthz,
// answered before this gate) are never refused; event streams already open are not touched.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { NextFunction, Request, RequestHandler, Response as ExpressResponse } from 'express';
import type { Locale } from '~/shared/locales';
import type { Tenant } from '../tenants/schema';
import { serverMessage } from '../i18n/messages';
import { sendRefusal, statusPage } from './status-page';

export interface LoadMonitor {
  /** The event-loop delay of the last window, in ms. */
  delayMs(): number;
  /** Whether the last window's delay is over the limit. */
  overloaded(): boolean;
  stop(): void;
}

export interface LoadMonitorOptions {
  /** The delay above which the server counts as overloaded (OVERLOAD_DELAY_MS); 0 never does. */
  maxDelayMs: number;
  /** The window the delay is averaged over. */
  windowMs?: number;
  /** Tests only (OVERLOAD_TEST_DELAY_MS): the delay the monitor reports instead of measuring. */
  forcedDelayMs?: number;
}

const RESOLUTION_MS = 10;

export function startLoadMonitor(options: LoadMonitorOptions): LoadMonitor {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let delay = 0;
  // The histogram is read as a running total, never reset per window: a reset forgets the previous
  // tick, so a window holding one long tick (a blocked loop) would record nothing at all.
  let seen = { count: 0, sum: 0 };
  const timer = setInterval(() => {
    const count = histogram.count;
    const sum = count > 0 ? histogram.mean * count : 0;
    // A window without a tick (the loop blocked all along) keeps the last delay.
    if (count > seen.count) delay = Math.max(0, (sum - seen.sum) / (count - seen.count) / 1e6 - RESOLUTION_MS);
    seen = { count, sum };
    if (count > 1_000_000) {
      histogram.reset();
      seen = { count: 0, sum: 0 };
    }
  }, options.windowMs ?? 500);
  timer.unref();
  const delayMs = () => options.forcedDelayMs ?? delay;
  return {
    delayMs,
    overloaded: () => options.maxDelayMs > 0 && delayMs() > options.maxDelayMs,
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/** Answers 503 overloaded (with Retry-After) while the monitor says so; after the tenant is known. */
export function admissionGate(monitor: LoadMonitor, options: { retryAfterS: number; localeOf: (req: Request, tenant: Tenant) => Locale; warn: (message: string) => void }): RequestHandler {
  let refused = 0;
  let reported = 0;
  return (req: Request, res: ExpressResponse, next: NextFunction) => {
    if (!monitor.overloaded()) return next();
    refused += 1;
    // A line at the first refusal, then one a minute at most while it lasts, with the count since the
    // last line (each refused request's own line is at info: observability/http.ts).
    const at = Date.now();
    if (at - reported >= 60_000) {
      options.warn(`overloaded (event-loop delay ${Math.round(monitor.delayMs())} ms): ${refused} request(s) answered 503`);
      reported = at;
      refused = 0;
    }
    const tenant = res.locals.tenant as Tenant;
    sendRefusal(req, res, tenant, options.localeOf(req, tenant), { status: 503, code: 'overloaded', messageId: 'api.error.overloaded', headers: { 'Retry-After': String(options.retryAfterS) } });
  };
}

/** The 503 page of a render that ran past its abort delay (entry.server.tsx): the same answer as the gate's. */
export function overloadedResponse(tenant: Tenant, locale: Locale, retryAfterS: number): Response {
  return new Response(statusPage(tenant, locale, 503, serverMessage(locale, 'api.error.overloaded')), {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': String(retryAfterS) },
  });
}
