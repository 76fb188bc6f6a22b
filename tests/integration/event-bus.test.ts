// The event buses (docs/decisions/0018) against one contract: delivery to the channel's subscribers
// only (members, tenants and operators apart), ordered ids, a listener that throws harms nobody,
// the log that a reconnecting stream resumes from and its gaps. The in-process bus always; the
// Redis bus when REDIS_URL is set, in both subscription modes and across two instances (as two
// server processes would hold them).
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { compareEventIds, createLocalBus, memberChannel, operatorChannel, parseEventId, type BusEvent, type EventBus } from '../../app/.server/events/bus';
import { createRedisBus } from '../../app/.server/events/redis-bus';

const REDIS_URL = process.env.REDIS_URL;
const buses: EventBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

/** Collects a subscription's events; `until(n)` resolves once n arrived. */
function collect(bus: EventBus, channel: Parameters<EventBus['subscribe']>[0]) {
  const events: BusEvent[] = [];
  const waiting = new Set<() => void>();
  const off = bus.subscribe(channel, (event) => {
    events.push(event);
    for (const wake of [...waiting]) wake();
  });
  const until = (count: number) =>
    new Promise<BusEvent[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${events.length} of ${count} events`)), 5_000);
      const look = () => {
        if (events.length < count) return;
        clearTimeout(timer);
        waiting.delete(look);
        resolve(events);
      };
      waiting.add(look);
      look();
    });
  return { events, until, off };
}

interface Kind {
  name: string;
  /** Two handles on one bus: the same object in process, two instances on one Redis. */
  make: () => Promise<[EventBus, EventBus]>;
}

const kinds: Kind[] = [
  {
    name: 'in-process',
    make: async () => {
      const bus = createLocalBus();
      buses.push(bus);
      return [bus, bus];
    },
  },
];
if (REDIS_URL) {
  for (const subscription of ['channel', 'tenant'] as const) {
    kinds.push({
      name: `redis (${subscription})`,
      make: async () => {
        const namespace = `rdv-test:${crypto.randomBytes(6).toString('hex')}`;
        const pair: [EventBus, EventBus] = [createRedisBus(REDIS_URL, { namespace, subscription }), createRedisBus(REDIS_URL, { namespace, subscription })];
        buses.push(...pair);
        return pair;
      },
    });
  }
}

describe.each(kinds)('the $name bus', ({ make }) => {
  it('delivers to the subscribers of the channel only, with ordered ids, through either handle', async () => {
    const [a, b] = await make();
    const mine = collect(b, memberChannel('flirtlokaal', 7));
    const sameIdOtherTenant = collect(b, memberChannel('herzklopfen', 7));
    const otherMember = collect(b, memberChannel('flirtlokaal', 8));
    const operators = collect(b, operatorChannel('flirtlokaal'));
    // history() answers once this handle's subscriptions are live.
    await b.history?.(memberChannel('flirtlokaal', 7), null);
    await b.history?.(memberChannel('herzklopfen', 7), null);
    await b.history?.(memberChannel('flirtlokaal', 8), null);
    await b.history?.(operatorChannel('flirtlokaal'), null);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await a.publish(memberChannel('flirtlokaal', 7), { type: 'credits', data: { credits: i } }));
    await a.publish(operatorChannel('flirtlokaal'), { type: 'queue', data: { waiting: 1 } });
    const got = await mine.until(5);
    await operators.until(1);
    expect(got.map((e) => e.data)).toEqual([0, 1, 2, 3, 4].map((credits) => ({ credits })));
    expect(got.map((e) => e.id)).toEqual(ids);
    for (let i = 1; i < got.length; i++) expect(compareEventIds(parseEventId(got[i]!.id)!, parseEventId(got[i - 1]!.id)!)).toBeGreaterThan(0);
    expect(sameIdOtherTenant.events).toEqual([]);
    expect(otherMember.events).toEqual([]);
    expect(operators.events.map((e) => e.type)).toEqual(['queue']);
  });

  it('keeps delivering to the others when a listener throws, and stops after unsubscribe', async () => {
    const [a, b] = await make();
    const channel = memberChannel('flirtlokaal', 9);
    const failing = b.subscribe(channel, () => {
      throw new Error('a broken listener');
    });
    const fine = collect(b, channel);
    await b.history?.(channel, null);
    await a.publish(channel, { type: 'like', data: 1 });
    await fine.until(1);
    fine.off();
    failing();
    const later = collect(b, channel);
    await b.history?.(channel, null);
    await a.publish(channel, { type: 'like', data: 2 });
    await later.until(1);
    expect(fine.events.map((e) => e.data)).toEqual([1]);
  });

  it('replays what came after an id, gives a cursor, and calls old, future and unreadable ids a gap', async () => {
    const [a, b] = await make();
    const channel = memberChannel('bellacurva', 11);
    const start = await b.history!(channel, null);
    expect(start).toMatchObject({ gap: false, events: [] });
    const first = await a.publish(channel, { type: 'match', data: 'first' });
    await a.publish(memberChannel('bellacurva', 12), { type: 'match', data: 'someone else' });
    await a.publish(channel, { type: 'match', data: 'second' });
    const third = await a.publish(channel, { type: 'match', data: 'third' });

    // From the cursor of a stream opened before them: all three, in order.
    const all = await b.history!(channel, start.cursor);
    expect(all.gap).toBe(false);
    expect(all.events.map((e) => e.data)).toEqual(['first', 'second', 'third']);
    expect(all.cursor).toBe(third);
    expect((await b.history!(channel, first!)).events.map((e) => e.data)).toEqual(['second', 'third']);
    expect(await b.history!(channel, third!)).toEqual({ events: [], gap: false, cursor: third });
    for (const id of ['1000-0', 'not an id', '99999999999999-0', '']) expect((await b.history!(channel, id)).gap, id).toBe(true);
  });
});

describe('the in-process bus log', () => {
  it('calls a replay longer than maxReplay, and one from before the retention, a gap', async () => {
    let now = 1_700_000_000_000;
    const bus = createLocalBus({ retentionMs: 60_000, maxReplay: 3, clock: () => now });
    buses.push(bus);
    const channel = memberChannel('flirtlokaal', 1);
    const { cursor } = await bus.history!(channel, null);
    const ids: (string | null)[] = [];
    for (let i = 0; i < 3; i++) ids.push(await bus.publish(channel, { type: 'like', data: i }));
    expect((await bus.history!(channel, cursor)).events).toHaveLength(3);
    const fourth = await bus.publish(channel, { type: 'like', data: 3 });
    expect((await bus.history!(channel, cursor)).gap).toBe(true);
    now += 61_000;
    await bus.publish(channel, { type: 'like', data: 4 });
    // The first four are past the retention: from the second, the third and fourth are gone…
    expect((await bus.history!(channel, ids[1]!)).gap).toBe(true);
    // …while the one who saw the fourth misses nothing.
    expect((await bus.history!(channel, fourth!)).events.map((e) => e.data)).toEqual([4]);
    // A quiet channel: whoever saw its newest event misses nothing, however long ago that was.
    const newest = await bus.publish(channel, { type: 'like', data: 5 });
    now += 3_600_000;
    expect(await bus.history!(channel, newest!)).toMatchObject({ gap: false, events: [] });
  });

  it('does not know what happened before it started (a restart): an id from before is a gap', async () => {
    const before = createLocalBus();
    const old = await before.publish(memberChannel('flirtlokaal', 1), { type: 'like', data: 1 });
    await before.close();
    const restarted = createLocalBus({ clock: () => Date.now() + 5 });
    buses.push(restarted);
    expect((await restarted.history!(memberChannel('flirtlokaal', 1), old!)).gap).toBe(true);
    expect(await before.publish(memberChannel('flirtlokaal', 1), { type: 'like', data: 2 })).toBeNull();
  });
});

describe.skipIf(!REDIS_URL)('the Redis bus in Redis', () => {
  it('subscribes to a channel only while a listener of this instance wants it', async () => {
    const namespace = `rdv-test:${crypto.randomBytes(6).toString('hex')}`;
    const bus = createRedisBus(REDIS_URL!, { namespace });
    buses.push(bus);
    const redis = new Redis(REDIS_URL!);
    try {
      const name = `${namespace}:ev:{flirtlokaal}:member:flirtlokaal:5`;
      const subscribers = async () => Number(((await redis.pubsub('NUMSUB', name)) as [string, number])[1]);
      const off = [bus.subscribe(memberChannel('flirtlokaal', 5), () => {}), bus.subscribe(memberChannel('flirtlokaal', 5), () => {})];
      await bus.history!(memberChannel('flirtlokaal', 5), null);
      expect(await subscribers()).toBe(1);
      off[0]!();
      expect(await subscribers()).toBe(1);
      off[1]!();
      for (let i = 0; i < 50 && (await subscribers()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await subscribers()).toBe(0);
      // The channel's log expires by itself: nothing is kept longer than the retention.
      await bus.publish(memberChannel('flirtlokaal', 5), { type: 'credits', data: { credits: 1 } });
      const ttl = await redis.pttl(`${namespace}:log:member:flirtlokaal:5`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    } finally {
      redis.disconnect();
    }
  });

  it('answers publish with null, not an error, when Redis cannot be reached', async () => {
    const bus = createRedisBus('redis://127.0.0.1:1', { namespace: 'rdv-test:unreachable', log: () => {} });
    buses.push(bus);
    expect(await bus.publish(memberChannel('flirtlokaal', 1), { type: 'like', data: 1 })).toBeNull();
  });
});
