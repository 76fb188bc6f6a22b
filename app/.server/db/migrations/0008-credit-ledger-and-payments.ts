// Credits and payments (docs/decisions/0013-credit-ledger-and-payments.md).
// - credit_ledger: append-only; every change of users.credits is one entry with a unique reference,
//   written in the same transaction as the balance (which users.credits >= 0 keeps non-negative).
// - payments: our side of a purchase, in the provider's words (open … expired); fulfilled_at is set
//   exactly once, by the conditional write that also credits the bundle.
// - refunds: at most one live refund per purchase (partial unique index).
// - sandbox_*: the built-in test provider's own books, kept apart as a real provider's would be.
// - job_locks: a lease per scheduled job, so one server instance runs it at a time.
// PostgreSQL 15 features only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence payments_order_number_seq start 1001`.execute(db);
  await sql`
    create table payments (
      id integer primary key generated always as identity,
      tenant_id text not null,
      user_id integer not null references users(id) on delete cascade,
      order_number text not null unique,
      provider text not null check (provider in ('sandbox', 'mollie')),
      provider_id text,
      package_id text not null,
      credits integer not null check (credits > 0),
      price integer not null check (price > 0),
      discount integer not null default 0 check (discount >= 0),
      fee integer not null default 0 check (fee >= 0),
      amount integer not null check (amount > 0),
      currency char(3) not null,
      country char(2) not null,
      method text not null,
      discount_code text,
      locale text not null,
      status text not null default 'open' check (status in ('open', 'pending', 'paid', 'failed', 'canceled', 'expired')),
      sequence_type text not null default 'oneoff' check (sequence_type in ('oneoff', 'first', 'recurring')),
      customer_id text,
      mandate_id text,
      checkout_url text,
      repeat_of integer references payments(id),
      paid_at timestamptz,
      fulfilled_at timestamptz,
      refunded_credits integer not null default 0,
      refunded_amount integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      checked_at timestamptz not null,
      check (amount = price - discount + fee),
      check (refunded_credits between 0 and credits),
      check (refunded_amount between 0 and amount),
      check ((fulfilled_at is null) or status = 'paid')
    )`.execute(db);
  await sql`create unique index payments_provider_id_idx on payments (provider, provider_id) where provider_id is not null`.execute(db);
  await sql`create index payments_user_idx on payments (user_id, created_at)`.execute(db);
  // The reconciliation job's work list: open and pending payments, least recently checked first.
  await sql`create index payments_unsettled_idx on payments (checked_at) where status in ('open', 'pending')`.execute(db);

  await sql`
    create table credit_ledger (
      id integer primary key generated always as identity,
      tenant_id text not null,
      user_id integer not null references users(id) on delete cascade,
      amount integer not null check (amount <> 0),
      balance_after integer not null check (balance_after >= 0),
      kind text not null check (kind in ('signup', 'purchase', 'message', 'gift', 'photo', 'refund', 'bonus', 'adjustment')),
      reference text not null unique,
      payment_id integer references payments(id),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index credit_ledger_user_idx on credit_ledger (user_id, id)`.execute(db);

  await sql`
    create table refunds (
      id integer primary key generated always as identity,
      tenant_id text not null,
      payment_id integer not null references payments(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      credits integer not null check (credits > 0),
      amount integer not null check (amount >= 0),
      currency char(3) not null,
      status text not null default 'pending' check (status in ('pending', 'refunded', 'failed')),
      provider_refund_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index refunds_one_live_idx on refunds (payment_id) where status <> 'failed'`.execute(db);

  await sql`
    create table sandbox_payments (
      id text primary key,
      tenant_id text not null,
      amount integer not null,
      currency char(3) not null,
      description text not null,
      method text not null,
      status text not null check (status in ('open', 'pending', 'paid', 'failed', 'canceled', 'expired')),
      sequence_type text not null,
      customer_id text,
      mandate_id text,
      redirect_url text not null,
      webhook_url text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table sandbox_mandates (
      id text primary key,
      customer_id text not null,
      method text not null,
      status text not null check (status in ('valid', 'invalid')),
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create table sandbox_refunds (
      id text primary key,
      payment_id text not null references sandbox_payments(id),
      amount integer not null,
      idempotency_key text not null unique,
      created_at timestamptz not null
    )`.execute(db);

  await sql`create table job_locks (name text primary key, locked_until timestamptz not null, holder text)`.execute(db);

  // Balances from before the ledger get an opening entry, so that the ledger explains every balance.
  await sql`
    insert into credit_ledger (tenant_id, user_id, amount, balance_after, kind, reference, created_at)
    select tenant_id, id, credits, credits, 'adjustment', 'opening:' || id, now() from users where credits > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job_locks', 'sandbox_refunds', 'sandbox_mandates', 'sandbox_payments', 'refunds', 'credit_ledger', 'payments']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop sequence if exists payments_order_number_seq`.execute(db);
}
