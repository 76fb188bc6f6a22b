// Daily roll-ups of the network overview (issue 35 item 2, docs/decisions/0058). The `network.rollup`
// round (once across the fleet, jobs/scheduled.ts) computes, per UTC day and site, the overview's
// additive figures (migration 0037) for every past day up to yesterday, and again for every past day
// a trigger marked as changed. The overview and the series (network/overview.ts) read the rolled-up
// days from these tables and every other day — today, yesterday before the round has run, a marked
// day — live, so their answers are the live computation's, exactly, whatever the state of the round.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { now } from '../clock';

/** Days computed in one transaction of the round. */
export const ROLLUP_CHUNK_DAYS = 31;
/** How long the round waits for transactions older than it before it rolls up a new day. */
const SETTLE_WAIT_MS = 60_000;
const DAY_MS = 86_400_000;

/** Whole days, `from` to `to` inclusive (YYYY-MM-DD). */
export interface DayRun {
  from: string;
  to: string;
}

export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** Consecutive days as runs: ['05-01', '05-02', '05-04'] → 05-01..05-02, 05-04..05-04. */
export function runsOf(days: readonly string[]): DayRun[] {
  const runs: DayRun[] = [];
  for (const day of [...days].sort()) {
    const last = runs[runs.length - 1];
    if (last && addDays(last.to, 1) === day) last.to = day;
    else if (!last || day > last.to) runs.push({ from: day, to: day });
  }
  return runs;
}

/** The days of `range` the roll-up holds (up to its last day, less the marked ones) and the days to compute live. */
export async function rollupCoverage(db: Kysely<DB>, range: DayRun): Promise<{ rolled: DayRun[]; live: DayRun[] }> {
  const state = await db.selectFrom('network_daily_state').select(sql<string | null>`to_char(through, 'YYYY-MM-DD')`.as('through')).executeTakeFirst();
  const through = state?.through ?? null;
  if (!through || through < range.from) return { rolled: [], live: [range] };
  const last = through < range.to ? through : range.to;
  const marked = await db.selectFrom('network_daily_dirty').select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')).where('day', '>=', range.from).where('day', '<=', last).execute();
  const dirty = new Set(marked.map((row) => row.day));
  const rolled: string[] = [];
  const live: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) (day <= last && !dirty.has(day) ? rolled : live).push(day);
  return { rolled: runsOf(rolled), live: runsOf(live) };
}

/** The sites with data: a skip scan of the tenant-first indexes of members and visits (a payment or refund is a member's). */
async function tenantIds(db: Kysely<DB> | Transaction<DB>): Promise<string[]> {
  const result = await sql<{ id: string }>`
    with recursive u(id) as (
      (select tenant_id from users order by tenant_id limit 1)
      union all select (select tenant_id from users where tenant_id > u.id order by tenant_id limit 1) from u where u.id is not null
    ), v(id) as (
      (select tenant_id from visits order by tenant_id limit 1)
      union all select (select tenant_id from visits where tenant_id > v.id order by tenant_id limit 1) from v where v.id is not null
    )
    select id from u where id is not null union select id from v where id is not null`.execute(db);
  return result.rows.map((row) => row.id);
}

/** Recomputes the rolled-up rows of the days of `run` (in the caller's transaction, which has deleted their marks first). */
async function computeRun(trx: Transaction<DB>, ids: readonly string[], run: DayRun): Promise<void> {
  for (const table of ['network_daily', 'network_daily_money', 'network_daily_payers'] as const) await trx.deleteFrom(table).where('day', '>=', run.from).where('day', '<=', run.to).execute();
  if (!ids.length) return;
  const start = startOf(run.from);
  const end = startOf(addDays(run.to, 1));
  const tenants = sql`${sql.val([...ids])}::text[]`;
  const day = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);
  await sql`
    insert into network_daily (day, tenant_id, visits, signups, confirmed, purchases, chargebacks)
    select day, tenant_id, sum(visits), sum(signups), sum(confirmed), sum(purchases), sum(chargebacks) from (
      select ${day('created_at')} as day, tenant_id, count(*) as visits, 0 as signups, 0 as confirmed, 0 as purchases, 0 as chargebacks
        from visits where tenant_id = any(${tenants}) and burst_of is null and created_at >= ${start} and created_at < ${end} group by 1, 2
      union all select ${day('signup_date')}, tenant_id, 0, count(*), 0, 0, 0
        from users where tenant_id = any(${tenants}) and signup_date >= ${start} and signup_date < ${end} group by 1, 2
      union all select ${day('confirmed_at')}, tenant_id, 0, 0, count(*), 0, 0
        from users where tenant_id = any(${tenants}) and confirmed_at >= ${start} and confirmed_at < ${end} group by 1, 2
      union all select ${day('fulfilled_at')}, tenant_id, 0, 0, 0, count(*), 0
        from payments where tenant_id = any(${tenants}) and fulfilled_at >= ${start} and fulfilled_at < ${end} group by 1, 2
      union all select ${day('charged_back_at')}, tenant_id, 0, 0, 0, 0, count(*)
        from payments where tenant_id = any(${tenants}) and charged_back_at >= ${start} and charged_back_at < ${end} group by 1, 2
    ) figures group by day, tenant_id`.execute(trx);
  await sql`
    insert into network_daily_money (day, tenant_id, currency, payments, revenue, refund_count, refunds, chargeback_count, chargebacks)
    select day, tenant_id, currency, sum(payments), sum(revenue), sum(refund_count), sum(refunds), sum(chargeback_count), sum(chargebacks) from (
      select ${day('fulfilled_at')} as day, tenant_id, currency, count(*) as payments, sum(amount) as revenue, 0 as refund_count, 0 as refunds, 0 as chargeback_count, 0 as chargebacks
        from payments where tenant_id = any(${tenants}) and fulfilled_at >= ${start} and fulfilled_at < ${end} group by 1, 2, 3
      union all select ${day('created_at')}, tenant_id, currency, 0, 0, count(*), sum(amount), 0, 0
        from refunds where tenant_id = any(${tenants}) and status <> 'failed' and created_at >= ${start} and created_at < ${end} group by 1, 2, 3
      union all select ${day('charged_back_at')}, tenant_id, currency, 0, 0, 0, 0, count(*), sum(amount)
        from payments where tenant_id = any(${tenants}) and charged_back_at >= ${start} and charged_back_at < ${end} group by 1, 2, 3
    ) money group by day, tenant_id, currency`.execute(trx);
  // Each member once a day, with the day of their previous fulfilled payment (an index lookup each).
  await sql`
    insert into network_daily_payers (day, tenant_id, previous_day, payers)
    select p.day, p.tenant_id, (previous.at at time zone 'UTC')::date, count(*)
    from (select distinct ${day('fulfilled_at')} as day, tenant_id, user_id
          from payments where tenant_id = any(${tenants}) and fulfilled_at >= ${start} and fulfilled_at < ${end}) p
    left join lateral (select max(q.fulfilled_at) as at from payments q
                       where q.user_id = p.user_id and q.fulfilled_at < p.day::timestamp at time zone 'UTC') previous on true
    group by 1, 2, 3`.execute(trx);
}

/** Rolls `days` up in one transaction: takes the round's lock, deletes their marks, computes them; moves `through` on to `through`. */
async function rollUp(db: Kysely<DB>, days: readonly string[] | 'marked', options: { through?: string } = {}): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('network.rollup', 0))`.execute(trx);
    if (days !== 'marked') {
      // Another worker may have rolled these days up meanwhile.
      const state = await trx.selectFrom('network_daily_state').select(sql<string | null>`to_char(through, 'YYYY-MM-DD')`.as('through')).executeTakeFirst();
      const through = state?.through;
      if (through) days = days.filter((day) => day > through);
      if (!days.length) return [];
    }
    const wanted = days;
    // Deleting a mark waits for a transaction that is marking the same day, so the computation below
    // (a later statement) sees its rows; a mark made after this delete stays for the next round.
    const deleted = await trx
      .deleteFrom('network_daily_dirty')
      .where('day', 'in', (eb) => {
        // Locked in the order of the days, as the triggers mark them: no deadlock with a writer marking several.
        let marks = eb.selectFrom('network_daily_dirty').select('day').orderBy('day').forUpdate();
        if (wanted === 'marked') marks = marks.where('day', '<=', (sub) => sub.selectFrom('network_daily_state').select('through')).limit(ROLLUP_CHUNK_DAYS);
        else marks = marks.where('day', 'in', [...wanted]);
        return marks;
      })
      .returning(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'))
      .execute();
    const todo = wanted === 'marked' ? deleted.map((row) => row.day) : [...wanted];
    if (!todo.length) return [];
    const ids = await tenantIds(trx);
    for (const run of runsOf(todo)) await computeRun(trx, ids, run);
    if (options.through) await trx.updateTable('network_daily_state').set({ through: options.through }).where('id', '=', 1).where((eb) => eb.or([eb('through', 'is', null), eb('through', '<', options.through!)])).execute();
    return todo;
  });
}

/**
 * Waits until every transaction that was writing when it was called has ended (false after `ms`):
 * the running transactions of the server, less those we can see belong to another database.
 */
async function settle(db: Kysely<DB>, ms: number): Promise<boolean> {
  const snapshot = await sql<{ xids: string[] }>`
    select array(
      select x::text from pg_snapshot_xip(pg_current_snapshot()) x
      except select backend_xid::text from pg_stat_activity where datname is distinct from current_database() and backend_xid is not null
    ) as xids`.execute(db);
  const xids = snapshot.rows[0]?.xids ?? [];
  const until = Date.now() + ms;
  for (;;) {
    if (!xids.length) return true;
    const open = await sql<{ n: number }>`select count(*)::int as n from unnest(${sql.val(xids)}::xid8[]) x where pg_xact_status(x) = 'in progress'`.execute(db);
    if (!open.rows[0]?.n) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface RollupResult {
  /** Days computed again because they were marked. */
  recomputed: number;
  /** New days rolled up. */
  added: number;
  /** The last day rolled up now. */
  through: string | null;
}

/**
 * The round: computes again the marked days up to the last rolled-up day, then rolls up the days after
 * it up to yesterday (the UTC day before today by the app clock and by the database's clock, whichever
 * is earlier) — on the first run from the first day with data — a chunk of days per transaction.
 * Idempotent; two workers at once take turns on the lock and compute nothing twice over.
 */
export async function rollUpNetworkDays(db: Kysely<DB>, options: { settleMs?: number } = {}): Promise<RollupResult> {
  let recomputed = 0;
  for (;;) {
    const done = await rollUp(db, 'marked');
    recomputed += done.length;
    if (done.length < ROLLUP_CHUNK_DAYS) break;
  }
  const clock = await sql<{ today: string; through: string | null }>`
    select to_char((clock_timestamp() at time zone 'UTC')::date, 'YYYY-MM-DD') as today,
           (select to_char(through, 'YYYY-MM-DD') from network_daily_state) as through`.execute(db);
  const appToday = now().toISOString().slice(0, 10);
  const dbToday = clock.rows[0]!.today;
  const yesterday = addDays(appToday < dbToday ? appToday : dbToday, -1);
  let through = clock.rows[0]!.through;
  let from = through ? addDays(through, 1) : await firstDay(db, yesterday);
  let added = 0;
  if (from > yesterday) return { recomputed, added, through };
  // A transaction that wrote before this moment may have written a row of a day about to be rolled up
  // without marking it (for it, that day was today): wait until such transactions have ended.
  if (!(await settle(db, options.settleMs ?? SETTLE_WAIT_MS))) return { recomputed, added, through };
  while (from <= yesterday) {
    const last = addDays(from, ROLLUP_CHUNK_DAYS - 1) < yesterday ? addDays(from, ROLLUP_CHUNK_DAYS - 1) : yesterday;
    const days: string[] = [];
    for (let day = from; day <= last; day = addDays(day, 1)) days.push(day);
    added += (await rollUp(db, days, { through: last })).length;
    through = last;
    from = addDays(last, 1);
  }
  return { recomputed, added, through };
}

/** The first day with any data (the first run's backfill starts there), or `fallback` on an empty database. */
async function firstDay(db: Kysely<DB>, fallback: string): Promise<string> {
  const result = await sql<{ first: string | null }>`
    select to_char((least(
      (select min(signup_date) from users), (select min(created_at) from visits),
      (select min(fulfilled_at) from payments), (select min(charged_back_at) from payments), (select min(created_at) from refunds)
    ) at time zone 'UTC')::date, 'YYYY-MM-DD') as first`.execute(db);
  return result.rows[0]?.first ?? fallback;
}
