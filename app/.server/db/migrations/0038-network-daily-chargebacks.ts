// The charged-back amounts per day, site and currency (issue 48 item 1, docs/decisions/0069): the
// overview's net revenue is revenue less refunds less chargebacks, each by the day it happened, and
// the roll-ups held only the number of chargebacks. The days rolled up so far lack the new columns'
// figures: they are emptied, and the next `network.rollup` round computes every day again from the
// first day with data (until then the overview computes them live, with the same answer).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table network_daily_money add column chargeback_count integer not null default 0, add column chargebacks bigint not null default 0`.execute(db);
  for (const table of ['network_daily', 'network_daily_money', 'network_daily_payers', 'network_daily_dirty']) await sql.raw(`delete from ${table}`).execute(db);
  await sql`update network_daily_state set through = null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table network_daily_money drop column if exists chargeback_count, drop column if exists chargebacks`.execute(db);
}
