// The event bus (docs/architecture.md §8, docs/decisions/0018): live events for one member (new message, read,
// like, match, credits) or for one tenant's operators (the operator queue). Publishers call it after
// their transaction committed; GET /api/events.php streams a member's events as Server-Sent Events.
// In-process by default; with REDIS_URL, Redis pub/sub carries events between server instances
// (redis-bus.ts). Channels are keyed by tenant: a stream never sees another tenant's events.
//
// Every published event gets an id that orders it within its channel (`<ms>-<seq>`, as Redis stream
// ids are), and each bus keeps a short log per channel, so that a stream that reconnects with
// Last-Event-ID gets what it missed (`history`), or learns that the gap is too old to replay.

import type { MemberEventType } from '~/shared/chat-types';
import { logger } from '../observability/logger';

export type { MemberEventType };
export type OperatorEventType = 'queue';

export interface BusEvent<T extends string = string> {
  type: T;
  /** JSON-serialisable payload; its shape per type is in docs/api.md (GET /api/events.php). */
  data: unknown;
  /** Set by the bus on delivery: the event's place in its channel's log (`<ms>-<seq>`). */
  id?: string;
}

export type Channel = { kind: 'member'; tenantId: string; userId: number } | { kind: 'operators'; tenantId: string } | { kind: 'sessions'; tenantId: string } | { kind: 'sites'; tenantId: string };

export function memberChannel(tenantId: string, userId: number): Channel {
  return { kind: 'member', tenantId, userId };
}

export function operatorChannel(tenantId: string): Channel {
  return { kind: 'operators', tenantId };
}

/** A tenant's control channel: members whose sessions ended, for every instance's session cache (accounts/session-cache.ts). */
export function sessionsChannel(tenantId: string): Channel {
  return { kind: 'sessions', tenantId };
}

/** The network's control channel: a site's configuration or status changed (tenants/store.ts, docs/decisions/0066). */
export function sitesChannel(): Channel {
  return { kind: 'sites', tenantId: '_network' };
}

export function channelKey(channel: Channel): string {
  return channel.kind === 'member' ? `member:${channel.tenantId}:${channel.userId}` : `${channel.kind}:${channel.tenantId}`;
}

export type Listener = (event: BusEvent) => void;

/** A channel's log after an event id: what a stream that reconnects with Last-Event-ID is sent. */
export interface History {
  /** The events after the id, oldest first; none when `gap`. */
  events: BusEvent[];
  /**
   * Some events after the id may be gone (older than the retention, more than a replay holds, from
   * before a restart of the in-process bus, an id the log cannot place): the client reloads instead.
   */
  gap: boolean;
  /** Where the client stands once it has these: the channel's newest id, or a mark before any event still to come. */
  cursor: string;
}

export interface EventBus {
  /**
   * Delivers to every subscriber of the channel, on this and (with Redis) every other instance, and
   * logs it for resumption. Resolves with the event's id, or null when it could not be sent (it
   * never rejects: a publisher's own work has committed and must not fail over it).
   */
  publish(channel: Channel, event: BusEvent): Promise<string | null>;
  /** Returns the unsubscribe function. */
  subscribe(channel: Channel, listener: Listener): () => void;
  /**
   * The channel's events after `afterId` (null: none wanted, only the cursor). Subscriptions made
   * before the call already receive whatever is published after its answer, so subscribe, then
   * ask, then drop live events the answer held (by id).
   */
  history?(channel: Channel, afterId: string | null): Promise<History>;
  /**
   * What a member's refreshes show changed without an event for them (docs/decisions/0067): their
   * refresh versions move (events/refresh-versions.ts watches the bus; a bare bus has nothing to do).
   */
  touch?(channel: Channel): Promise<void>;
  close(): Promise<void>;
}

/** How long and how much a channel's log keeps (docs/decisions/0018). */
export const EVENT_LOG = {
  /** Events older than this are not replayed: the client reloads instead. */
  retentionMs: 5 * 60_000,
  /** A replay longer than this is not sent event by event: the client reloads instead. */
  maxReplay: 200,
  /** How long a channel's newest id is remembered: a client that saw it misses nothing, however quiet the channel was. */
  lastIdMs: 24 * 3_600_000,
} as const;

export interface EventId {
  ms: number;
  seq: number;
}

/** `<ms>-<seq>` → numbers; null for anything else. */
export function parseEventId(id: string | null | undefined): EventId | null {
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(id ?? '');
  return match ? { ms: Number(match[1]), seq: Number(match[2]) } : null;
}

export function compareEventIds(a: EventId, b: EventId): number {
  return a.ms - b.ms || a.seq - b.seq;
}

export function formatEventId(id: EventId): string {
  return `${id.ms}-${id.seq}`;
}

/** A subscriber that throws must not keep the event from the others, nor fail the publisher. */
export function deliver(listeners: Iterable<Listener>, event: BusEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      logger.error({ err: error }, 'event listener failed');
    }
  }
}

export interface LocalBusOptions {
  retentionMs?: number;
  maxReplay?: number;
  /** Milliseconds since the epoch; ids and retention follow it (tests). */
  clock?: () => number;
}

interface LocalLog {
  entries: { id: EventId; event: BusEvent }[];
  /** The newest id dropped from `entries`: a replay from before it may miss events. */
  dropped: EventId | null;
  last: EventId;
}

/**
 * The default bus: one process, no network. Ids are `<ms>-<seq>` over the whole process, so the
 * newest id given out is a cursor for every channel. Its log lives in memory, per channel, for the
 * retention time (and at most maxReplay + 1 events); an id from before the bus started is a gap,
 * since what happened before a restart is not known.
 */
export function createLocalBus(options: LocalBusOptions = {}): EventBus {
  const retentionMs = options.retentionMs ?? EVENT_LOG.retentionMs;
  const maxReplay = options.maxReplay ?? EVENT_LOG.maxReplay;
  const clock = options.clock ?? Date.now;
  const listeners = new Map<string, Set<Listener>>();
  const logs = new Map<string, LocalLog>();
  const started: EventId = { ms: clock(), seq: 0 };
  let last: EventId = started;
  /** The newest id of the logs forgotten after EVENT_LOG.lastIdMs without an event. */
  let forgotten: EventId = started;
  let closed = false;

  const nextId = (): EventId => {
    const ms = clock();
    last = ms > last.ms ? { ms, seq: 0 } : { ms: last.ms, seq: last.seq + 1 };
    return last;
  };
  const prune = (key: string, log: LocalLog) => {
    const now = clock();
    const { entries } = log;
    let drop = 0;
    while (drop < entries.length && (entries[drop]!.id.ms < now - retentionMs || entries.length - drop > maxReplay + 1)) drop++;
    if (drop) log.dropped = entries.splice(0, drop)[drop - 1]!.id;
    if (!entries.length && log.last.ms < now - EVENT_LOG.lastIdMs) {
      logs.delete(key);
      if (compareEventIds(log.last, forgotten) > 0) forgotten = log.last;
    }
  };
  const sweeper = setInterval(() => {
    for (const [key, log] of [...logs]) prune(key, log);
  }, Math.max(1_000, Math.min(retentionMs, 60_000)));
  sweeper.unref();

  return {
    async publish(channel, event) {
      if (closed) return null;
      const key = channelKey(channel);
      const id = nextId();
      const sent: BusEvent = { type: event.type, data: event.data, id: formatEventId(id) };
      let log = logs.get(key);
      if (!log) logs.set(key, (log = { entries: [], dropped: null, last: id }));
      log.entries.push({ id, event: sent });
      log.last = id;
      prune(key, log);
      const set = listeners.get(key);
      if (set) deliver(set, sent);
      return sent.id!;
    },
    subscribe(channel, listener) {
      const key = channelKey(channel);
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
      };
    },
    async history(channel, afterId) {
      const cursor = formatEventId(last);
      if (afterId === null) return { events: [], gap: false, cursor };
      const after = parseEventId(afterId);
      const gap = { events: [], gap: true, cursor };
      // Unknown to this process: from before it started, from the future, or not an id at all.
      if (!after || compareEventIds(after, forgotten) < 0 || compareEventIds(after, last) > 0) return gap;
      const key = channelKey(channel);
      const log = logs.get(key);
      if (!log || compareEventIds(after, log.last) >= 0) return { events: [], gap: false, cursor };
      prune(key, log);
      if (log.dropped && compareEventIds(log.dropped, after) > 0) return gap;
      const events = log.entries.filter((entry) => compareEventIds(entry.id, after) > 0).map((entry) => entry.event);
      return events.length > maxReplay ? gap : { events, gap: false, cursor };
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      listeners.clear();
      logs.clear();
    },
  };
}
