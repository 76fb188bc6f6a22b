// Offers (docs/decisions/0019-offers.md).
// - offer_redemptions: the once-per-member offers a paid purchase used — a once-per-user discount
//   code (TIMEBONUS25, a tenant's code, a personal code) or the trial package ('#trial'). Written in
//   the transaction that fulfils the payment; the unique index is what makes "once per user" hold
//   when two payments with the same offer are paid at the same time.
// - payments.offer: the once-per-member offer a purchase redeems when paid.
// - personal_discount_codes: codes made for one member (the retention offer of the account
//   deletion flow): one per member and reason, never shared.
// PostgreSQL 15 features only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The once-per-member offer a purchase redeems when it is paid (null: none).
  await sql`alter table payments add column offer text`.execute(db);
  await sql`
    create table offer_redemptions (
      id integer primary key generated always as identity,
      tenant_id text not null,
      user_id integer not null references users(id) on delete cascade,
      offer text not null,
      payment_id integer not null unique references payments(id) on delete cascade,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create unique index offer_redemptions_once_idx on offer_redemptions (tenant_id, user_id, offer)`.execute(db);

  await sql`
    create table personal_discount_codes (
      id integer primary key generated always as identity,
      tenant_id text not null,
      user_id integer not null references users(id) on delete cascade,
      code text not null,
      percentage integer not null check (percentage between 1 and 90),
      reason text not null check (reason in ('retention')),
      created_at timestamptz not null,
      unique (tenant_id, code),
      unique (user_id, reason)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists personal_discount_codes`.execute(db);
  await sql`drop table if exists offer_redemptions`.execute(db);
  await sql`alter table payments drop column if exists offer`.execute(db);
}
