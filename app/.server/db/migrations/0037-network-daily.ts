// Daily roll-ups of the network overview (issue 35 item 2, docs/decisions/0058): per UTC day and site
// the overview's additive figures, filled by the `network.rollup` round (network/rollup.ts).
// - network_daily: visits (not folded into a burst), signups, confirmations, fulfilled payments and
//   chargebacks of the day.
// - network_daily_money: per currency, the day's fulfilled payments and their amount, and the refunds
//   (not failed) and their amount; a row only where there was one.
// - network_daily_payers: members who paid on the day (counted once a day), grouped by the day of their
//   previous fulfilled payment (null: their first ever). Distinct paying members of any range of days
//   are the sum of the rows of its days whose previous day falls before the range; first purchases
//   the rows without a previous day.
// - network_daily_state.through: the last day rolled up; every day up to it is in the tables, except
//   the days in network_daily_dirty.
// - network_daily_dirty: past days whose source rows changed (a refund failed, an account erased, a
//   visit folded into a burst after midnight, data written with an old timestamp). Triggers on users,
//   visits, payments and refunds mark them; rows written with a timestamp of today (the database's
//   UTC day) mark nothing, so the ordinary traffic never touches this table. Readers take a marked day
//   live until the round has computed it again.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table network_daily (
      day date not null,
      tenant_id text not null,
      visits integer not null default 0,
      signups integer not null default 0,
      confirmed integer not null default 0,
      purchases integer not null default 0,
      chargebacks integer not null default 0,
      primary key (day, tenant_id)
    )`.execute(db);
  await sql`
    create table network_daily_money (
      day date not null,
      tenant_id text not null,
      currency text not null,
      payments integer not null default 0,
      revenue bigint not null default 0,
      refund_count integer not null default 0,
      refunds bigint not null default 0,
      primary key (day, tenant_id, currency)
    )`.execute(db);
  await sql`
    create table network_daily_payers (
      day date not null,
      tenant_id text not null,
      previous_day date,
      payers integer not null
    )`.execute(db);
  await sql`create index network_daily_payers_day_idx on network_daily_payers (day, tenant_id)`.execute(db);
  await sql`create table network_daily_dirty (day date primary key)`.execute(db);
  await sql`create table network_daily_state (id integer primary key check (id = 1), through date)`.execute(db);
  await sql`insert into network_daily_state (id, through) values (1, null)`.execute(db);

  // Marks the days before today (UTC, the database's clock at the moment of the write). "do update …
  // where false" writes nothing but locks the row: the round's delete of a mark waits for the
  // transaction that marks it, and so computes the day with that transaction's rows.
  await sql`
    create function network_daily_mark(days date[]) returns void language sql as $$
      insert into network_daily_dirty (day)
      select distinct d from unnest(days) d
      where d is not null and d < (clock_timestamp() at time zone 'UTC')::date
      order by d
      on conflict (day) do update set day = excluded.day where false
    $$`.execute(db);

  // A payment's day also changes the previous-payment day of the member's next paying day.
  await sql`
    create function network_daily_next_payment(member integer, paid timestamptz) returns date language sql as $$
      select (min(q.fulfilled_at) at time zone 'UTC')::date from payments q
      where paid is not null and (paid at time zone 'UTC')::date < (clock_timestamp() at time zone 'UTC')::date
        and q.user_id = member and q.fulfilled_at >= (((paid at time zone 'UTC')::date) + 1)::timestamp at time zone 'UTC'
    $$`.execute(db);

  // Per table: the timestamps the overview counts a row by, each with what its figures read of the row.
  const day = (column: string) => `(${column} at time zone 'UTC')::date`;
  const tables: Record<string, Record<string, string[]>> = {
    users: { signup_date: ['signup_date', 'tenant_id'], confirmed_at: ['confirmed_at', 'tenant_id'] },
    visits: { created_at: ['created_at', 'burst_of', 'tenant_id'] },
    payments: { fulfilled_at: ['fulfilled_at', 'user_id', 'amount', 'currency', 'tenant_id'], charged_back_at: ['charged_back_at', 'tenant_id'] },
    // A refund counts unless it failed: pending → refunded changes nothing.
    refunds: { created_at: ['created_at', 'failed', 'amount', 'currency', 'tenant_id'] },
  };
  const changedOf = (columns: string[]) =>
    `(${columns.map((column) => (column === 'failed' ? `(old.status = 'failed') is distinct from (new.status = 'failed')` : `old.${column} is distinct from new.${column}`)).join(' or ')})`;
  const startOfToday = `(date_trunc('day', clock_timestamp() at time zone 'UTC') at time zone 'UTC')`;
  for (const [table, times] of Object.entries(tables)) {
    const fn = (name: string, body: string) => sql.raw(`create function network_daily_${table}_${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`).execute(db);
    const next = (row: string) => (table === 'payments' ? [`network_daily_next_payment(${row}.user_id, ${row}.fulfilled_at)`] : []);
    // Inserts: row-level, and only a row with a timestamp before today calls the function — the
    // ordinary traffic (signups, visits, payments of now) pays one comparison.
    await fn('insert', `perform network_daily_mark(array[${[...Object.keys(times).map((column) => day(`new.${column}`)), ...next('new')].join(', ')}])`);
    const old = Object.keys(times).map((column) => `new.${column} < ${startOfToday}`).join(' or ');
    await sql.raw(`create trigger ${table}_network_daily_insert after insert on ${table} for each row when (${old}) execute function network_daily_${table}_insert()`).execute(db);
    // Updates: row-level, only when what a figure reads changes (members' and visits' rows change
    // often for other reasons: last seen, hits), and only the days of the figures it changes.
    const marks = Object.entries(times).flatMap(([column, reads]) => [`case when ${changedOf(reads)} then ${day(`old.${column}`)} end`, `case when ${changedOf(reads)} then ${day(`new.${column}`)} end`]);
    const moved = changedOf(['fulfilled_at', 'user_id']);
    if (table === 'payments') marks.push(`case when ${moved} then ${next('old')[0]} end`, `case when ${moved} then ${next('new')[0]} end`);
    await fn('update', `perform network_daily_mark(array[${marks.join(', ')}])`);
    const reads = [...new Set(Object.values(times).flat())];
    const columns = reads.map((column) => (column === 'failed' ? 'status' : column));
    await sql.raw(`create trigger ${table}_network_daily_update after update of ${columns.join(', ')} on ${table} for each row when ${changedOf(reads)} execute function network_daily_${table}_update()`).execute(db);
    // Deletes (an erased account, retention): statement-level over the deleted rows, bulk-friendly.
    const deleted = [
      ...Object.keys(times).map((column) => `select distinct ${day(column)} from changed`),
      ...(table === 'payments' ? [`select network_daily_next_payment(user_id, min(fulfilled_at)) from changed where fulfilled_at is not null group by user_id, ${day('fulfilled_at')}`] : []),
    ].join(' union ');
    await fn('delete', `perform network_daily_mark(array(${deleted}))`);
    await sql.raw(`create trigger ${table}_network_daily_delete after delete on ${table} referencing old table as changed for each statement execute function network_daily_${table}_delete()`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'visits', 'payments', 'refunds']) {
    for (const kind of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_network_daily_${kind} on ${table}`).execute(db);
    for (const kind of ['insert', 'delete', 'update']) await sql.raw(`drop function if exists network_daily_${table}_${kind}()`).execute(db);
  }
  await sql`drop function if exists network_daily_next_payment(integer, timestamptz)`.execute(db);
  await sql`drop function if exists network_daily_mark(date[])`.execute(db);
  for (const table of ['network_daily_state', 'network_daily_dirty', 'network_daily_payers', 'network_daily_money', 'network_daily']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
