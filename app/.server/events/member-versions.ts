// A version per member of what the refresh calls show (GET /api/user.php, chats.php, likes.php;
// issue 46 item 2, docs/decisions/0067): a random token that every change to those answers replaces.
// The refresh answers carry an ETag made from it, and a refresh whose If-None-Match still matches is
// answered 304 without a database query (http/refresh-etags.ts).
//
// What moves it: every event published to the member's channel or ending their sessions (the bus is
// watched: `watch`), and every write the member makes (http/api-router.ts and remix-adapter.ts after
// a non-GET request of theirs, before its answer is sent). With REDIS_URL the tokens live in Redis,
// so a change on one instance is seen by all; else in this process.
//
// Why a random token and not a counter: a token that is missing (never made, expired, Redis lost it)
// is made anew and so never equals one given out before; a counter restarting at 0 could. Why the
// token is read before the answer's own queries: a change that commits meanwhile moves it after,
// so the answer is never newer-looking than what it shows. Each token lives `ttlMs` (5 minutes):
// the bound on how long a change that no event announces (another member's new photo in the chat
// list, a moderator's suspension, a mail bounce) can be hidden behind a 304.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { BusEvent, Channel, EventBus } from './bus';
import { logger } from '../observability/logger';

export const MEMBER_VERSION_TTL_MS = 5 * 60_000;

export interface MemberVersions {
  /** The member's token, made now when none is kept (for an answer about to be read). */
  current(tenantId: string, userId: number): Promise<string>;
  /** The kept token, or null when there is none (nothing can match it then). */
  peek(tenantId: string, userId: number): Promise<string | null>;
  /** A new token: every ETag made from the old one no longer matches. Never rejects. */
  bump(tenantId: string, userId: number): Promise<void>;
  /** The bus, watched: a member event or a session end moves the member's token before it is sent. */
  watch(events: EventBus): EventBus;
  close(): Promise<void>;
}

const newToken = () => crypto.randomBytes(9).toString('base64url');

interface Store {
  get(key: string): Promise<string | null>;
  /** Sets when absent; answers the token kept afterwards. */
  add(key: string, token: string): Promise<string>;
  set(key: string, token: string): Promise<void>;
  close(): Promise<void>;
}

function versions(store: Store): MemberVersions {
  const key = (tenantId: string, userId: number) => `${tenantId}:${userId}`;
  const bump = async (tenantId: string, userId: number) => {
    try {
      await store.set(key(tenantId, userId), newToken());
    } catch (error) {
      logger.error({ err: error }, 'moving a member version failed');
    }
  };
  return {
    async current(tenantId, userId) {
      const k = key(tenantId, userId);
      return (await store.get(k)) ?? (await store.add(k, newToken()));
    },
    peek: (tenantId, userId) => store.get(key(tenantId, userId)),
    bump,
    watch(events) {
      const touched = async (channel: Channel, event: BusEvent) => {
        if (channel.kind === 'member') await bump(channel.tenantId, channel.userId);
        const user = (event.data as { user?: unknown } | null)?.user;
        if (channel.kind === 'sessions' && typeof user === 'number') await bump(channel.tenantId, user);
      };
      return {
        async publish(channel, event) {
          await touched(channel, event);
          return events.publish(channel, event);
        },
        subscribe: (channel, listener) => events.subscribe(channel, listener),
        close: () => events.close(),
        ...(events.history ? { history: events.history.bind(events) } : {}),
      };
    },
    close: () => store.close(),
  };
}

/** In this process: one instance, or tests. `clock` in ms. */
export function createLocalVersions(options: { ttlMs?: number; clock?: () => number; maxEntries?: number } = {}): MemberVersions {
  const ttlMs = options.ttlMs ?? MEMBER_VERSION_TTL_MS;
  const clock = options.clock ?? Date.now;
  const maxEntries = options.maxEntries ?? 200_000;
  const kept = new Map<string, { token: string; until: number }>();
  const live = (k: string) => {
    const entry = kept.get(k);
    if (entry && entry.until > clock()) return entry.token;
    if (entry) kept.delete(k);
    return null;
  };
  const put = (k: string, token: string) => {
    if (kept.size >= maxEntries) kept.clear();
    kept.set(k, { token, until: clock() + ttlMs });
  };
  return versions({
    get: async (k) => live(k),
    async add(k, token) {
      const known = live(k);
      if (known) return known;
      put(k, token);
      return token;
    },
    set: async (k, token) => put(k, token),
    close: async () => kept.clear(),
  });
}

/** In Redis, shared by every instance of the deployment (`namespace` as the events'). */
export function createRedisVersions(redisUrl: string, options: { namespace: string; ttlMs?: number }): MemberVersions {
  const ttlMs = options.ttlMs ?? MEMBER_VERSION_TTL_MS;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', (error: Error) => logger.warn(`member versions: Redis: ${error.message}`));
  const full = (k: string) => `${options.namespace}:ver:${k}`;
  return versions({
    get: (k) => redis.get(full(k)),
    async add(k, token) {
      // SET NX, then whichever token is kept (another instance may have made one first).
      const set = await redis.set(full(k), token, 'PX', ttlMs, 'NX');
      return set === 'OK' ? token : ((await redis.get(full(k))) ?? token);
    },
    set: async (k, token) => void (await redis.set(full(k), token, 'PX', ttlMs)),
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  });
}
