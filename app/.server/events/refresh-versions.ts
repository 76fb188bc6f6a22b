// Per-member versions of the refresh answers (issue 46 item 2, docs/decisions/0067): GET
// /api/user.php, /api/chats.php and /api/likes.php carry an ETag made from the member's version, and
// a request whose If-None-Match still matches is answered 304 before anything reads the database
// (app/.server/http/refresh-etag.ts). The version moves with every change to what they show:
//   - every live event published to the member's channel (a message, a read, a like, a match,
//     credits, a removed chat, a session check) — `watch` wraps the bus, so publishers do nothing new;
//   - `touch(channel)` on the bus where the member's own answers change without an event for them
//     (opening a conversation reads it, opening a liker's profile clears like_new);
//   - every request by the member that is not a GET or HEAD (server.ts: after it answered, before
//     the answer is sent) — a block, a profile or settings change, a language, a purchase started;
// and an ETag holds for REFRESH_VERSION.windowMs at most (refresh-etag.ts), which bounds what a change
// made by someone else without an event for this member (a chat partner's new photo) can be late.
//
// A version is a random token, not a counter: a lost key (expired, Redis flushed) comes back as a
// token never given out before, so an old ETag can never match by accident. With REDIS_URL the
// tokens live in Redis (every instance sees the same), else in this process.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { Channel, EventBus } from './bus';
import { logger } from '../observability/logger';

export const REFRESH_VERSION = {
  /** How long an ETag can be answered 304 at most (refresh-etag.ts): missed changes of others show by then. */
  windowMs: 5 * 60_000,
  /** How long a version is kept without a change (longer than the window: an ETag never outlives its token). */
  keepMs: 60 * 60_000,
} as const;

export interface RefreshVersions {
  /** The member's current version (made on first ask); null when it cannot be read (then no 304 and no ETag). */
  current(tenantId: string, userId: number): Promise<string | null>;
  /** A change to what the member's refreshes show: a new version. */
  bump(tenantId: string, userId: number): Promise<void>;
  /** The bus, watched: a publish to a member's channel bumps that member; `touch` bumps without an event. */
  watch(events: EventBus): EventBus;
  close(): Promise<void>;
}

const token = () => crypto.randomBytes(9).toString('base64url');

// KEYS: the member's version key. ARGV: a new token, lifetime (ms). The stored token, or the new one when there was none.
const CURRENT_SCRIPT = `
local v = redis.call('GET', KEYS[1])
if v then return v end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]
`;

type Scripted = Redis & { rdvRefreshVersion(key: string, fresh: string, keepMs: number): Promise<string> };

export function createRefreshVersions(options: { redisUrl?: string; namespace?: string; clock?: () => number } = {}): RefreshVersions {
  const keyOf = (tenantId: string, userId: number) => `${options.namespace ?? 'rdv'}:rv:${tenantId}:${userId}`;
  let store: Omit<RefreshVersions, 'watch'>;
  if (options.redisUrl) {
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectionName: 'rendezvous-refresh-versions' }) as Scripted;
    redis.defineCommand('rdvRefreshVersion', { numberOfKeys: 1, lua: CURRENT_SCRIPT });
    let lastError = '';
    redis.on('error', (error: Error) => {
      if (error.message !== lastError) logger.error(`refresh versions: redis ${error.message}`);
      lastError = error.message;
    });
    store = {
      async current(tenantId, userId) {
        try {
          return await redis.rdvRefreshVersion(keyOf(tenantId, userId), token(), REFRESH_VERSION.keepMs);
        } catch {
          return null;
        }
      },
      async bump(tenantId, userId) {
        try {
          await redis.set(keyOf(tenantId, userId), token(), 'PX', REFRESH_VERSION.keepMs);
        } catch (error) {
          // The change itself has committed; without its bump an ETag may hold until its window ends.
          logger.error(`refresh versions: bump failed: ${(error as Error).message}`);
        }
      },
      async close() {
        // QUIT waits in the offline queue for a connection that may never come (Redis down): the
        // instance's stop must not wait for it (tests/integration/observability-http.test.ts).
        if (redis.status === 'ready') await redis.quit().catch(() => {});
        else redis.disconnect();
      },
    };
  } else {
    const clock = options.clock ?? Date.now;
    const versions = new Map<string, { token: string; until: number }>();
    const sweeper = setInterval(() => {
      const now = clock();
      for (const [key, entry] of versions) if (entry.until <= now) versions.delete(key);
    }, 60_000);
    sweeper.unref();
    store = {
      async current(tenantId, userId) {
        const key = keyOf(tenantId, userId);
        const known = versions.get(key);
        if (known && known.until > clock()) return known.token;
        const made = { token: token(), until: clock() + REFRESH_VERSION.keepMs };
        versions.set(key, made);
        return made.token;
      },
      async bump(tenantId, userId) {
        versions.set(keyOf(tenantId, userId), { token: token(), until: clock() + REFRESH_VERSION.keepMs });
      },
      async close() {
        clearInterval(sweeper);
        versions.clear();
      },
    };
  }
  return {
    ...store,
    watch(events) {
      const bumpFor = (channel: Channel) => (channel.kind === 'member' ? store.bump(channel.tenantId, channel.userId) : Promise.resolve());
      return {
        async publish(channel, event) {
          // After the cause committed (bus.ts); the version first, so that the refresh the event may prompt sees it.
          await bumpFor(channel);
          return events.publish(channel, event);
        },
        async touch(channel) {
          await bumpFor(channel);
          await events.touch?.(channel);
        },
        subscribe: (channel, listener) => events.subscribe(channel, listener),
        close: () => events.close(),
        ...(events.history ? { history: events.history.bind(events) } : {}),
      };
    },
  };
}
