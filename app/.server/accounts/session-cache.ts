// The session lookup, cached per instance for a few seconds (issue 32 item 1, docs/decisions/0041):
// every online member's refresh calls (user, chats, likes) would otherwise hash the cookie and join
// sessions to users each time. What is cached is only which member a session belongs to and until
// when; the member's row is read fresh on every request (by primary key), so a suspension, a deletion
// or any change to the member shows at once. A session that ends — logout, password change or reset,
// account deletion (announceSessionEnd) — is dropped on this instance at once and on every other one
// through the event bus (the tenant's sessions channel); the time to live bounds what a lost
// message could cost.
import type { Kysely } from 'kysely';
import type { DB, User } from '../db/schema';
import { sessionsChannel, type BusEvent, type Channel, type EventBus } from '../events/bus';
import { readCookie } from '../i18n/negotiate';
import type { Tenant } from '../tenants/schema';
import { activeMember, SESSION_COOKIE, sessionOf } from './sessions';

export const SESSION_CACHE_DEFAULTS = {
  ttlMs: 5_000,
  /** As long as a refresh's ETag holds at most (REFRESH_VERSION.windowMs, docs/decisions/0067). */
  peekMs: 5 * 60_000,
  maxEntries: 100_000,
} as const;

interface Entry {
  tenantId: string;
  userId: number;
  /** When the cached answer is stale, or the session expires, whichever is first (ms). */
  until: number;
  /** Until when `peek` names the member (ms): the session's end, or `peekMs` after it was read, whichever is first. */
  peekUntil: number;
}

export interface SessionCache {
  /** As userForSession: the member behind the cookie on this tenant, or null. */
  userFor(db: Kysely<DB>, tenant: Tenant, cookieHeader: string | null | undefined): Promise<User | null>;
  /**
   * The member behind the cookie as last read from the database, without reading it again nor the
   * member's row: for an answer that tells nothing new (a refresh's 304, http/refresh-etag.ts).
   * null when not known here or older than `peekMs` (then ask userFor).
   */
  peek(tenant: Tenant, cookieHeader: string | null | undefined): number | null;
  /** Drops every cached session of a member. */
  forgetMember(tenantId: string, userId: number): void;
  /**
   * The bus, watched: a session end published through it is dropped here before it is sent, and
   * those of other instances as they arrive. Use the returned bus in place of the given one.
   */
  watch(events: EventBus): EventBus;
  readonly size: number;
}

export function createSessionCache(options: { ttlMs?: number; peekMs?: number; maxEntries?: number; clock?: () => number } = {}): SessionCache {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_DEFAULTS.ttlMs;
  const peekMs = options.peekMs ?? SESSION_CACHE_DEFAULTS.peekMs;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_DEFAULTS.maxEntries;
  const clock = options.clock ?? Date.now;
  /** By tenant and session id (the token's hash). */
  const entries = new Map<string, Entry>();
  let bus: EventBus | null = null;
  const listening = new Set<string>();

  const forgetMember = (tenantId: string, userId: number) => {
    for (const [key, entry] of entries) if (entry.userId === userId && entry.tenantId === tenantId) entries.delete(key);
  };
  const onControl = (event: BusEvent, tenantId: string) => {
    const user = (event.data as { user?: unknown } | null)?.user;
    if (typeof user === 'number') forgetMember(tenantId, user);
  };
  const listen = (tenantId: string) => {
    if (!bus || listening.has(tenantId)) return;
    listening.add(tenantId);
    bus.subscribe(sessionsChannel(tenantId), (event) => onControl(event, tenantId));
  };

  return {
    get size() {
      return entries.size;
    },
    async userFor(db, tenant, cookieHeader) {
      if (ttlMs <= 0) return (await sessionOf(db, tenant, cookieHeader))?.user ?? null;
      const token = readCookie(cookieHeader, SESSION_COOKIE);
      if (!token || token.length > 100) return null;
      const now = clock();
      // The raw token is the key: hashing it is what the cache saves (the database keeps the hash).
      const key = `${tenant.id} ${token}`;
      const known = entries.get(key);
      if (known && known.until > now) {
        const user = await activeMember(db, tenant, known.userId);
        if (!user) entries.delete(key);
        return user;
      }
      entries.delete(key);
      const session = await sessionOf(db, tenant, cookieHeader);
      if (!session) return null;
      listen(tenant.id);
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { tenantId: tenant.id, userId: session.user.id, until: Math.min(now + ttlMs, session.expiresAt.getTime()), peekUntil: Math.min(now + Math.max(ttlMs, peekMs), session.expiresAt.getTime()) });
      return session.user;
    },
    peek(tenant, cookieHeader) {
      if (ttlMs <= 0) return null;
      const token = readCookie(cookieHeader, SESSION_COOKIE);
      if (!token || token.length > 100) return null;
      const known = entries.get(`${tenant.id} ${token}`);
      return known && known.peekUntil > clock() ? known.userId : null;
    },
    forgetMember,
    watch(events) {
      bus = events;
      return {
        async publish(channel: Channel, event: BusEvent) {
          if (channel.kind === 'sessions') onControl(event, channel.tenantId);
          return events.publish(channel, event);
        },
        subscribe: (channel, listener) => events.subscribe(channel, listener),
        close: () => events.close(),
        ...(events.history ? { history: events.history.bind(events) } : {}),
        ...(events.touch ? { touch: events.touch.bind(events) } : {}),
      };
    },
  };
}
