// One channel of the event bus as a Server-Sent Events response (docs/architecture.md §8, docs/decisions/0018,
// docs/api.md GET /api/events.php). GET /api/events.php streams a member's channel with it; the
// operator console streams its tenant's queue channel with the same code.
//
// On the wire: a `retry:` hint, then the events the client missed since its Last-Event-ID (header,
// or ?lastEventId= for a client that opens a new EventSource), then `ready` (or `refresh` when the
// gap is too old to replay: the client reloads what it shows), then live events, each with its
// `id:`. A comment line every heartbeatMs keeps proxies from closing a quiet stream and lets the
// server notice a client that went away. The stream ends when the client goes, when `stillAllowed`
// says no (an `logout` event first: the session ended), and when the server stops.
import { z } from 'zod';
import { compareEventIds, parseEventId, type BusEvent, type Channel, type EventBus, type EventId } from './bus';
import { logger } from '../observability/logger';

export const STREAM_DEFAULTS = {
  heartbeatMs: 25_000,
  /** The reconnection delay the browser is told (its own EventSource reconnects after network errors). */
  retryMs: 3_000,
  /** How often a stream asks whether it may go on (the session still valid) without being told. */
  recheckMs: 120_000,
  /** Streams per member on one server process. */
  maxPerMember: 10,
} as const;

/**
 * A control event on a channel: every stream of it asks `stillAllowed` at once (published when
 * sessions end: logout, password change, deletion). Never passed to the client.
 */
export const RECHECK_EVENT = 'session';

export interface EventStreamOptions {
  /** The id to resume after; read from the request (Last-Event-ID, else ?lastEventId=) unless given. */
  lastEventId?: string | null;
  heartbeatMs?: number;
  retryMs?: number;
  /** Whether the stream may go on; asked every recheckMs and on a RECHECK_EVENT. False ends it with `logout`. */
  stillAllowed?: () => Promise<boolean>;
  recheckMs?: number;
  /** Open streams are counted under `key`; the one past `max` is answered `refuse()` instead. */
  limit?: { key: string; max: number; refuse: () => Response };
  /** Where open streams are counted and ended at shutdown (server.ts makes one); a module-wide one unless given. */
  registry?: StreamRegistry;
}

/** The open streams of one server process: counted per key, and ended together when the server stops. */
export interface StreamRegistry {
  count(key: string): number;
  add(key: string, end: () => void): () => void;
  /** Ends every open stream (the server stops: clients reconnect to another instance and resume). */
  closeAll(): void;
  readonly size: number;
}

export function createStreamRegistry(): StreamRegistry {
  const open = new Map<string, Set<() => void>>();
  let size = 0;
  return {
    count: (key) => open.get(key)?.size ?? 0,
    add(key, end) {
      let set = open.get(key);
      if (!set) open.set(key, (set = new Set()));
      set.add(end);
      size++;
      return () => {
        if (!set.delete(end)) return;
        size--;
        if (!set.size && open.get(key) === set) open.delete(key);
      };
    },
    closeAll() {
      for (const set of [...open.values()]) for (const end of [...set]) end();
    },
    get size() {
      return size;
    },
  };
}

const defaultRegistry = createStreamRegistry();

/** What server.ts hands routes that stream (AppContext.streams): the process's registry and its timing. */
export interface StreamSettings {
  registry: StreamRegistry;
  heartbeatMs?: number;
  recheckMs?: number;
  maxPerMember?: number;
}

/** The query of a stream: ?lastEventId= for a client that opens a new EventSource (the header wins). */
export const EventStreamQuerySchema = z.object({ lastEventId: z.string().max(64, { message: 'validation.tooLong' }).optional() });

/** The id a reconnecting client names: the Last-Event-ID header (EventSource's own reconnect), else ?lastEventId=. */
export function lastEventIdOf(request: Request): string | null {
  const header = request.headers.get('last-event-id');
  if (header) return header.trim().slice(0, 64);
  const query = new URL(request.url).searchParams.get('lastEventId');
  return query ? query.trim().slice(0, 64) : null;
}

/** One event in SSE framing. Data is JSON on one line; types and ids never hold a line break. */
export function formatSseEvent(event: { type: string; data: unknown; id?: string | null }): string {
  const id = event.id ? `id: ${event.id.replace(/[\r\n]/g, '')}\n` : '';
  return `${id}event: ${event.type.replace(/[\r\n]/g, '')}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`;
}

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // no-transform: proxies must neither compress nor hold it back; X-Accel-Buffering: nginx likewise.
  'Cache-Control': 'no-store, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

/** Streams `channel` of `bus` to the client that sent `request`, until it goes away. */
export function eventStreamResponse(request: Request, bus: EventBus, channel: Channel, options: EventStreamOptions = {}): Response {
  const registry = options.registry ?? defaultRegistry;
  const { limit } = options;
  if (limit && registry.count(limit.key) >= limit.max) return limit.refuse();
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers: SSE_HEADERS });
  const heartbeatMs = options.heartbeatMs ?? STREAM_DEFAULTS.heartbeatMs;
  const retryMs = options.retryMs ?? STREAM_DEFAULTS.retryMs;
  const recheckMs = options.recheckMs ?? STREAM_DEFAULTS.recheckMs;
  const lastEventId = options.lastEventId !== undefined ? options.lastEventId : lastEventIdOf(request);
  const encoder = new TextEncoder();
  let end = () => {};

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false;
      const write = (text: string) => {
        if (ended) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          end();
        }
      };
      // Live events wait here while the missed ones are looked up, then go out in order, once each.
      let waiting: BusEvent[] | null = [];
      let sentThrough: EventId | null = parseEventId(lastEventId);
      const check = async () => {
        if (!options.stillAllowed || ended) return;
        let allowed = true;
        try {
          allowed = await options.stillAllowed();
        } catch {
          // The database did not answer: keep the stream; the next check asks again.
        }
        if (!allowed) {
          write(formatSseEvent({ type: 'logout', data: {} }));
          end();
        }
      };
      const send = (event: BusEvent) => {
        if (event.type === RECHECK_EVENT) return void check();
        const id = parseEventId(event.id);
        if (id && sentThrough && compareEventIds(id, sentThrough) <= 0) return;
        if (id) sentThrough = id;
        write(formatSseEvent(event));
      };
      const unsubscribe = bus.subscribe(channel, (event) => (waiting ? waiting.push(event) : send(event)));
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      const recheck = options.stillAllowed ? setInterval(() => void check(), recheckMs) : null;
      const unregister = registry.add(limit?.key ?? '', () => end());
      const onAbort = () => end();
      end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        unregister();
        clearInterval(heartbeat);
        if (recheck) clearInterval(recheck);
        request.signal.removeEventListener('abort', onAbort);
        try {
          controller.close();
        } catch {
          // already closed or errored
        }
      };
      request.signal.addEventListener('abort', onAbort);
      if (request.signal.aborted) return end();

      write(`retry: ${retryMs}\n: stream of ${channel.kind} events\n\n`);
      void (async () => {
        let answer: Awaited<ReturnType<NonNullable<EventBus['history']>>> | null = null;
        try {
          answer = bus.history ? await bus.history(channel, lastEventId) : null;
        } catch (error) {
          logger.error(`event history failed: ${(error as Error).message}`);
        }
        if (!answer) {
          // No log to replay from: a client that missed something reloads instead.
          write(formatSseEvent({ type: lastEventId ? 'refresh' : 'ready', data: {} }));
        } else if (answer.gap) {
          write(formatSseEvent({ type: 'refresh', data: {}, id: answer.cursor }));
        } else {
          for (const event of answer.events) send(event);
          write(formatSseEvent({ type: 'ready', data: {}, id: answer.cursor }));
        }
        const live = waiting ?? [];
        waiting = null;
        for (const event of live) send(event);
      })();
    },
    cancel() {
      end();
    },
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
