// The network overview's daily roll-ups on PGlite and PostgreSQL (issue 35 item 2, docs/decisions/0058):
// over random-ish data of three sites — members, visits (some folded into bursts), payments (repeat
// buyers, several a day, unfulfilled ones), refunds (some failed), chargebacks, events at a day's
// first and last millisecond — the overview and the series read from the roll-ups are the live
// computation's, for any range; after late changes to old days (a refund that failed, a payment
// written with an old time, an erased member, a visit folded after midnight) too, before and after
// the next round; the round is idempotent, adds one day when the day ends, and two rounds at once
// roll each day up once.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { networkOverview, networkSeries, type Bucket } from '~/.server/network/overview';
import { addDays, rollupCoverage, rollUpNetworkDays } from '~/.server/network/rollup';
import type { NetworkActor } from '~/.server/network/staff';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants').slice(0, 3);
const analyst: NetworkActor = { id: 1, email: 'analyst@rendezvous.example', name: 'Analyst', role: 'network_analyst' } as NetworkActor;
const FIRST = '2026-03-01';
const TODAY = '2026-05-20';
const DAY_MS = 86_400_000;
const CURRENCIES = ['EUR', 'GBP', 'PLN'];

/** A small deterministic generator (mulberry32): the same data on both databases and in every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(databaseKinds)('network roll-ups on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  const next = random(35);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const start = Date.parse(`${FIRST}T00:00:00Z`);
  const now = Date.parse(`${TODAY}T12:00:00Z`);
  /** A moment between `from` and now; now and then a day's first or last millisecond. */
  const moment = (from = start) => {
    const roll = next();
    const at = from + Math.floor(next() * (now - from));
    if (roll < 0.1) return new Date(Math.floor(at / DAY_MS) * DAY_MS);
    if (roll < 0.2) return new Date(Math.min(now, Math.floor(at / DAY_MS) * DAY_MS + DAY_MS - 1));
    return new Date(at);
  };
  let n = 0;

  async function member(tenant = pick(tenants).id, at = moment(), confirmed: Date | null = next() < 0.7 ? new Date(Math.min(now, at.getTime() + Math.floor(next() * 30) * 3600_000)) : null) {
    n++;
    return db()
      .insertInto('users')
      .values({ tenant_id: tenant, email: `rollup${n}@example.com`, password_hash: 'x', status: 'confirmed', language: 'en', signup_date: at, confirmed_at: confirmed, created_at: at } as never)
      .returning(['id', 'tenant_id', 'signup_date'])
      .executeTakeFirstOrThrow();
  }

  async function payment(user: { id: number; tenant_id: string }, at: Date | null, charged?: Date) {
    n++;
    const price = 995 + Math.floor(next() * 3000);
    return db()
      .insertInto('payments')
      .values({
        tenant_id: user.tenant_id, user_id: user.id, order_number: `r${n}`, provider: 'sandbox', provider_id: `p${n}`, package_id: 'popular', credits: 100,
        price, amount: price, currency: pick(CURRENCIES), country: 'NL', method: 'ideal', locale: 'en',
        status: at ? 'paid' : 'open', paid_at: at, fulfilled_at: at, created_at: at ?? new Date(now), updated_at: at ?? new Date(now), checked_at: at ?? new Date(now), charged_back_at: charged ?? null,
      } as never)
      .returning(['id', 'tenant_id', 'user_id', 'amount', 'currency', 'credits', 'fulfilled_at'])
      .executeTakeFirstOrThrow();
  }

  async function visit(tenant = pick(tenants).id, at = moment(), burstOf: number | null = null) {
    n++;
    return db()
      .insertInto('visits')
      .values({ tenant_id: tenant, click_id: `c${n}`, path: '/', user_agent_class: 'mobile', visitor_key: `k${n}`, visitor_id: `v${n}`, target_key: `t${n}`, created_at: at, last_seen_at: at, burst_of: burstOf } as never)
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  async function rows() {
    const [daily, money, payers] = await Promise.all([
      db().selectFrom('network_daily').selectAll().orderBy('day').orderBy('tenant_id').execute(),
      db().selectFrom('network_daily_money').selectAll().orderBy('day').orderBy('tenant_id').orderBy('currency').execute(),
      db().selectFrom('network_daily_payers').selectAll().orderBy('day').orderBy('tenant_id').orderBy('previous_day').execute(),
    ]);
    return { daily, money, payers };
  }

  /** The overview and the series of `range` from the roll-ups equal the live computation. */
  async function expectSameAsLive(range: { from: string; to: string }) {
    const [rolled, live] = await Promise.all([networkOverview(db(), analyst, { tenants, range }), networkOverview(db(), analyst, { tenants, range, live: true })]);
    expect(rolled, `overview ${range.from}..${range.to}`).toEqual(live);
    // Byte for byte, as the API sends it (currencies in the same order).
    expect(JSON.stringify(rolled)).toBe(JSON.stringify(live));
    for (const bucket of ['day', 'week', 'month'] as Bucket[]) {
      const [a, b] = await Promise.all([networkSeries(db(), analyst, { tenants, range, bucket }), networkSeries(db(), analyst, { tenants, range, bucket, live: true })]);
      expect(a, `series by ${bucket} ${range.from}..${range.to}`).toEqual(b);
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    }
    return live.ok ? live.value : [];
  }

  const round = () => rollUpNetworkDays(db(), { settleMs: 5000 });

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    setClockForTests(new Date(now));
    const members = [];
    for (let i = 0; i < 90; i++) members.push(await member());
    const visits = [];
    for (let i = 0; i < 220; i++) visits.push(await visit());
    // Bursts: visits folded into an earlier one of the same site do not count.
    for (let i = 0; i < 25; i++) {
      const first = pick(visits);
      await db().updateTable('visits').set({ burst_of: first.id }).where('id', '=', pick(visits).id).where('id', '<>', first.id).execute();
    }
    for (const user of members.filter(() => next() < 0.45)) {
      const times = Array.from({ length: 1 + Math.floor(next() * 4) }, () => moment(user.signup_date.getTime()));
      // Now and then twice the same day.
      if (next() < 0.3) times.push(new Date(Math.min(now, times[0]!.getTime() + 3600_000)));
      for (const at of times) {
        const charged = next() < 0.1 ? new Date(Math.min(now, at.getTime() + Math.floor(next() * 20) * DAY_MS)) : undefined;
        const paid = await payment(user, at, charged);
        if (next() < 0.2) {
          const created = moment(paid.fulfilled_at!.getTime());
          await db().insertInto('refunds').values({ tenant_id: paid.tenant_id, payment_id: paid.id, user_id: paid.user_id, amount: Math.floor(paid.amount / 2), currency: paid.currency, credits: paid.credits, status: pick(['pending', 'refunded', 'failed'] as const), created_at: created, updated_at: created } as never).execute();
        }
      }
      if (next() < 0.2) await payment(user, null);
    }
  });
  afterEach(() => setClockForTests(new Date(now)));
  afterAll(async () => {
    setClockForTests(null);
    await database?.close();
    await drop?.();
  });

  it('gives the live figures from the roll-ups for any range: past days rolled up, today live, day boundaries exact', async () => {
    const result = await round();
    expect(result.through).toBe(addDays(TODAY, -1));
    expect(result.added).toBeGreaterThanOrEqual(80);
    const all = await expectSameAsLive({ from: FIRST, to: TODAY });
    // The data is not trivial: repeat buyers, refunds, chargebacks, visits of bursts.
    const sum = (field: 'first_purchases' | 'paying_members' | 'purchases' | 'chargebacks' | 'visits') => all.reduce((total, site) => total + site[field], 0);
    expect(sum('first_purchases')).toBeGreaterThan(10);
    expect(sum('purchases')).toBeGreaterThan(sum('paying_members'));
    expect(sum('chargebacks')).toBeGreaterThan(0);
    expect(all.some((site) => Object.keys(site.refunds).length > 0)).toBe(true);
    expect((await rollupCoverage(db(), { from: FIRST, to: TODAY })).live).toEqual([{ from: TODAY, to: TODAY }]);

    const ranges = [
      { from: '2026-04-21', to: TODAY },
      { from: '2026-03-01', to: '2026-03-31' },
      { from: addDays(TODAY, -1), to: addDays(TODAY, -1) },
      { from: TODAY, to: TODAY },
      { from: '2026-02-01', to: '2026-03-10' },
    ];
    for (let i = 0; i < 12; i++) {
      const a = addDays(FIRST, Math.floor(next() * 80));
      const b = addDays(FIRST, Math.floor(next() * 81));
      ranges.push(a <= b ? { from: a, to: b } : { from: b, to: a });
    }
    for (const range of ranges) await expectSameAsLive(range);
  });

  it('stays exact after late changes to old days, before the next round (those days live) and after it (rolled up again)', async () => {
    await round();
    const through = addDays(TODAY, -1);
    // A refund of an old day fails.
    const refund = await db().selectFrom('refunds').select(['id', 'created_at']).where('status', '<>', 'failed').where('created_at', '<', new Date(`${through}T00:00:00Z`)).orderBy('id').executeTakeFirstOrThrow();
    await db().updateTable('refunds').set({ status: 'failed' }).where('id', '=', refund.id).execute();
    const refundDay = refund.created_at.toISOString().slice(0, 10);
    // A payment written with an old time before a member's later payment: that later day's paying members change.
    const repeat = await db().selectFrom('payments').select(['user_id', 'tenant_id', sql<Date>`min(fulfilled_at)`.as('first')]).where('fulfilled_at', 'is not', null).groupBy(['user_id', 'tenant_id']).having(sql`count(*)`, '>', 1).orderBy('user_id').executeTakeFirstOrThrow();
    await payment({ id: repeat.user_id, tenant_id: repeat.tenant_id }, new Date(repeat.first.getTime() - 3 * DAY_MS));
    // A member is erased (the payments and refunds go with the account).
    const erased = await db().selectFrom('payments').select('user_id').where('fulfilled_at', 'is not', null).orderBy('user_id', 'desc').executeTakeFirstOrThrow();
    await db().deleteFrom('refunds').where('user_id', '=', erased.user_id).execute();
    await db().deleteFrom('users').where('id', '=', erased.user_id).execute();
    // A visit of 23:59 yesterday is folded into a burst after midnight.
    const late = await visit(tenants[0]!.id, new Date(`${through}T23:59:30Z`));
    const burst = await visit(tenants[0]!.id, new Date(`${through}T23:58:00Z`));
    await db().updateTable('visits').set({ burst_of: burst.id }).where('id', '=', late.id).execute();

    const { live } = await rollupCoverage(db(), { from: FIRST, to: TODAY });
    expect(live.some((run) => run.from <= refundDay && refundDay <= run.to)).toBe(true);
    expect(live.some((run) => run.from <= through && through <= run.to)).toBe(true);
    await expectSameAsLive({ from: FIRST, to: TODAY });
    await expectSameAsLive({ from: addDays(refundDay, -3), to: addDays(refundDay, 3) });

    const result = await round();
    expect(result.recomputed).toBeGreaterThanOrEqual(3);
    expect((await rollupCoverage(db(), { from: FIRST, to: TODAY })).live).toEqual([{ from: TODAY, to: TODAY }]);
    await expectSameAsLive({ from: FIRST, to: TODAY });
    await expectSameAsLive({ from: addDays(refundDay, -3), to: addDays(refundDay, 3) });
    await expectSameAsLive({ from: through, to: TODAY });
  });

  it('marks nothing for the ordinary traffic of today (the database’s day), nor for changes no figure reads', async () => {
    await round();
    const marked = async () => (await db().selectFrom('network_daily_dirty').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const before = await marked();
    const user = await member(tenants[0]!.id, new Date(), new Date());
    await visit(tenants[0]!.id, new Date());
    await payment(user, new Date());
    // An old member confirms now; an old pending refund is done (it counted already); an old visit is hit again.
    await db().updateTable('users').set({ confirmed_at: new Date() }).where('confirmed_at', 'is', null).where('signup_date', '<', new Date(now - 30 * DAY_MS)).execute();
    await db().updateTable('refunds').set({ status: 'refunded', updated_at: new Date() }).where('status', '=', 'pending').execute();
    await db().updateTable('visits').set({ hits: sql`hits + 1`, last_seen_at: new Date() }).where('created_at', '<', new Date(now - DAY_MS)).execute();
    expect(await marked()).toBe(before);
    await expectSameAsLive({ from: FIRST, to: TODAY });
  });

  it('is idempotent, computes a changed day to the same rows, and rolls up the new day when a day ends', async () => {
    await round();
    const before = await rows();
    expect(before.daily.length).toBeGreaterThan(50);
    expect(await round()).toMatchObject({ recomputed: 0, added: 0 });
    expect(await rows()).toEqual(before);
    // Every rolled-up day marked: all computed again, to the same rows.
    await sql`insert into network_daily_dirty (day) select day from generate_series(${FIRST}::date, ${addDays(TODAY, -1)}::date, interval '1 day') day on conflict do nothing`.execute(db());
    expect((await round()).recomputed).toBe(80);
    expect(await rows()).toEqual(before);

    // Today ends: the next round rolls it up, and the new today is live.
    const user = await member(tenants[1]!.id, new Date(`${TODAY}T18:00:00Z`));
    await payment(user, new Date(`${TODAY}T19:00:00Z`));
    setClockForTests(new Date(`${addDays(TODAY, 1)}T00:10:00Z`));
    expect(await round()).toMatchObject({ added: 1, through: TODAY });
    await expectSameAsLive({ from: FIRST, to: addDays(TODAY, 1) });
  });

  it('rolls each day up once when two workers run the round at the same moment', async () => {
    setClockForTests(new Date(`${addDays(TODAY, 1)}T00:10:00Z`));
    await round();
    const before = await rows();
    for (const table of ['network_daily', 'network_daily_money', 'network_daily_payers'] as const) await db().deleteFrom(table).execute();
    await db().updateTable('network_daily_state').set({ through: null }).execute();
    const [a, b] = await Promise.all([round(), round()]);
    expect(a.through).toBe(b.through);
    const first = (
      await sql<{ day: string }>`select to_char(least((select min(signup_date) from users), (select min(created_at) from visits), (select min(fulfilled_at) from payments)) at time zone 'UTC', 'YYYY-MM-DD') as day`.execute(db())
    ).rows[0]!.day;
    const days = (Date.parse(a.through!) - Date.parse(first)) / DAY_MS + 1;
    expect(a.added + b.added).toBe(days);
    expect(await rows()).toEqual(before);
    await expectSameAsLive({ from: FIRST, to: TODAY });
  });
});
