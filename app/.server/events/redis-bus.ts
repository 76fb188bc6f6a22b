// The event bus across server instances (docs/architecture.md §8, docs/decisions/0018): Redis pub/sub carries each
// event to the instances that hold a stream of its channel, and a Redis stream per channel keeps it
// for EVENT_LOG.retentionMs so that a client reconnecting to any instance gets what it missed.
//
// - publish: one Lua script appends the event to the channel's stream (XADD with MINID trimming by
//   Redis's own clock, so every instance agrees on the ids and on what is too old), renews the
//   stream's expiry and PUBLISHes "<id> <json>" — one round trip, and log and delivery never disagree.
// - subscribe: a second connection (a subscribed connection can do nothing else) SUBSCRIBEs to a
//   channel while this instance has a listener for it (the default), or PSUBSCRIBEs to every
//   channel of a tenant (`subscription: 'tenant'`); bench/events.ts measures both.
// - history: XRANGE after the client's id, with Redis's clock; a gap when the id is older than
//   the retention or more than EVENT_LOG.maxReplay events follow it.
import { Redis } from 'ioredis';
import { channelKey, compareEventIds, deliver, EVENT_LOG, formatEventId, parseEventId, type BusEvent, type Channel, type EventBus, type History, type Listener } from './bus';
import { logger } from '../observability/logger';

export interface RedisBusOptions {
  /** Keeps deployments (and test databases) that share one Redis apart; 'rdv' unless told. */
  namespace?: string;
  retentionMs?: number;
  maxReplay?: number;
  /** 'channel': SUBSCRIBE per channel with a local listener; 'tenant': PSUBSCRIBE per tenant. */
  subscription?: 'channel' | 'tenant';
  log?: (message: string) => void;
}

// KEYS: the channel's stream, its newest-id key. ARGV: pub/sub name, event JSON, retention, newest-id lifetime.
const PUBLISH_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local retention = tonumber(ARGV[3])
local id = redis.call('XADD', KEYS[1], 'MINID', '~', tostring(now - retention), '*', 'e', ARGV[2])
redis.call('PEXPIRE', KEYS[1], retention)
redis.call('SET', KEYS[2], id, 'PX', ARGV[4])
redis.call('PUBLISH', ARGV[1], id .. ' ' .. ARGV[2])
return id
`;

// KEYS as above. ARGV: the client's id ('' for none), how many events at most. Answers Redis's
// time, the newest id ('' when none), the stream's first id ('' when none) and the events after the id.
const HISTORY_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local newest = redis.call('GET', KEYS[2]) or ''
local first = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)
local entries = {}
if ARGV[1] ~= '' and newest ~= '' then entries = redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+', 'COUNT', ARGV[2]) end
return { tostring(now), newest, first[1] and first[1][1] or '', entries }
`;

const SUBSCRIBE_WAIT_MS = 3_000;

type Scripted = Redis & {
  rdvPublish(stream: string, newest: string, channel: string, payload: string, retentionMs: number, lastIdMs: number): Promise<string>;
  rdvHistory(stream: string, newest: string, afterId: string, count: number): Promise<[string, string, string, [string, string[]][]]>;
};

export function createRedisBus(redisUrl: string, options: RedisBusOptions = {}): EventBus {
  const namespace = options.namespace ?? 'rdv';
  const retentionMs = options.retentionMs ?? EVENT_LOG.retentionMs;
  const maxReplay = options.maxReplay ?? EVENT_LOG.maxReplay;
  const mode = options.subscription ?? 'channel';
  const log = options.log ?? ((message: string) => logger.error(`${message}`));

  const commands = new Redis(redisUrl, { maxRetriesPerRequest: 2 }) as Scripted;
  commands.defineCommand('rdvPublish', { numberOfKeys: 2, lua: PUBLISH_SCRIPT });
  commands.defineCommand('rdvHistory', { numberOfKeys: 2, lua: HISTORY_SCRIPT });
  // No ready check (INFO) on this connection: a SUBSCRIBE queued before it connected puts it in
  // subscriber mode first, where INFO is refused and the connection would never become ready.
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: false });
  let lastError = '';
  const onError = (error: Error) => {
    // One line per kind of failure, not one per retry while Redis is away.
    if (error.message !== lastError) log(`event bus: redis ${error.message}`);
    lastError = error.message;
  };
  commands.on('error', onError);
  subscriber.on('error', onError);

  // Pub/sub names carry the tenant in braces first, so that one pattern covers a tenant and no other.
  const pubsubName = (channel: Channel) => `${namespace}:ev:{${channel.tenantId}}:${channelKey(channel)}`;
  const streamName = (channel: Channel) => `${namespace}:log:${channelKey(channel)}`;
  const newestName = (channel: Channel) => `${namespace}:last:${channelKey(channel)}`;
  const tenantPattern = (tenantId: string) => `${namespace}:ev:{${tenantId}}:*`;
  const keyFromPubsub = (name: string) => name.slice(name.indexOf('}:') + 2);

  const listeners = new Map<string, Set<Listener>>();
  /** Redis subscriptions (a channel or a tenant pattern) → listeners of ours on it, and the SUBSCRIBE's answer. */
  const subscriptions = new Map<string, { count: number; ready: Promise<unknown> }>();
  let closed = false;

  const onMessage = (name: string, message: string) => {
    const set = listeners.get(keyFromPubsub(name));
    if (!set) return;
    const space = message.indexOf(' ');
    try {
      const event = JSON.parse(message.slice(space + 1)) as BusEvent;
      deliver(set, { type: event.type, data: event.data, id: message.slice(0, space) });
    } catch (error) {
      log(`event bus: unreadable message on ${name}: ${(error as Error).message}`);
    }
  };
  subscriber.on('message', onMessage);
  subscriber.on('pmessage', (_pattern: string, name: string, message: string) => onMessage(name, message));

  const redisSubscription = (channel: Channel) => (mode === 'tenant' ? tenantPattern(channel.tenantId) : pubsubName(channel));
  const join = (name: string) => {
    const known = subscriptions.get(name);
    if (known) {
      known.count++;
      return;
    }
    const ready = (mode === 'tenant' ? subscriber.psubscribe(name) : subscriber.subscribe(name)).catch((error: Error) => onError(error));
    subscriptions.set(name, { count: 1, ready });
  };
  const leave = (name: string) => {
    const known = subscriptions.get(name);
    if (!known || --known.count > 0) return;
    subscriptions.delete(name);
    if (closed) return;
    void (mode === 'tenant' ? subscriber.punsubscribe(name) : subscriber.unsubscribe(name)).catch((error: Error) => onError(error));
  };

  return {
    async publish(channel, event) {
      if (closed) return null;
      const key = channelKey(channel);
      try {
        const payload = JSON.stringify({ type: event.type, data: event.data });
        return await commands.rdvPublish(streamName(channel), newestName(channel), pubsubName(channel), payload, retentionMs, EVENT_LOG.lastIdMs);
      } catch (error) {
        log(`event bus: publishing ${event.type} to ${key} failed: ${(error as Error).message}`);
        return null;
      }
    },
    subscribe(channel, listener) {
      const key = channelKey(channel);
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      const name = redisSubscription(channel);
      join(name);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
        leave(name);
      };
    },
    async history(channel, afterId): Promise<History> {
      const after = afterId === null ? null : parseEventId(afterId);
      // Events published once our SUBSCRIBE took effect reach the listeners; ask after that (but
      // not forever: with Redis away, the lookup below fails and the client is told to refresh).
      const subscribed = subscriptions.get(redisSubscription(channel))?.ready;
      if (subscribed) await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())]);
      const asked = after ? formatEventId(after) : '';
      const [nowText, newestId, firstId, entries] = await commands.rdvHistory(streamName(channel), newestName(channel), asked, maxReplay + 1);
      const now = Number(nowText);
      const newest = parseEventId(newestId);
      // Without an event yet, anything published from now on gets a later id than this.
      const cursor = newest ? newestId : `${now - 1}-0`;
      const gap: History = { events: [], gap: true, cursor };
      if (afterId === null) return { events: [], gap: false, cursor };
      if (!after || after.ms > now + 60_000) return gap;
      if (!newest) return after.ms >= now - EVENT_LOG.lastIdMs ? { events: [], gap: false, cursor } : gap;
      if (compareEventIds(after, newest) >= 0) return { events: [], gap: false, cursor };
      // Trimming takes the oldest entries only, and only those older than the retention.
      const first = parseEventId(firstId);
      const complete = (first !== null && compareEventIds(first, after) <= 0) || after.ms >= now - retentionMs;
      if (!complete || entries.length > maxReplay) return gap;
      const events: BusEvent[] = [];
      for (const [id, fields] of entries) {
        try {
          const event = JSON.parse(fields[1] ?? '') as BusEvent;
          events.push({ type: event.type, data: event.data, id });
        } catch {
          return gap;
        }
      }
      return { events, gap: false, cursor };
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      subscriptions.clear();
      // QUIT waits in the offline queue for a connection that may never come (Redis down, and the
      // sites' channel subscribed from the start): a stop never waits for it.
      const end = async (client: Redis) => (client.status === 'ready' ? client.quit().catch(() => {}) : client.disconnect());
      await Promise.all([end(commands), end(subscriber)]);
    },
  };
}
