// SEPA direct debit with an SMS code (issue 17, docs/decisions/0020-direct-debit.md).
// - sms_outbox: SMS written in the transaction of their cause, sent by a worker (mirrors mail_outbox).
// - direct_debit_mandates: one mandate per member with a stable reference; a new IBAN amends it.
// - direct_debit_codes: the 6-digit SMS code (only its hash), bound to the exact request; tries
//   and expiry are held by a conditional UPDATE.
// - direct_debit_payments: which IBAN-and-phone pair paid a payment (for chargebacks).
// - direct_debit_blocks: blocked IBAN-and-phone pairs, keyed by a hash (no IBAN in the clear).
// - direct_debit_usage: the monthly amount per IBAN and per member, raised by a conditional UPDATE.
// - payments.charged_back_at and sandbox_payments.charged_back_at: a returned debit.
// PostgreSQL 15 features only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sms_outbox (
      id integer primary key generated always as identity,
      tenant_id text not null,
      kind text not null,
      to_phone text not null,
      text text not null,
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      last_error text,
      created_at timestamptz not null,
      sent_at timestamptz
    )`.execute(db);
  await sql`create index sms_outbox_due_idx on sms_outbox (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index sms_outbox_tenant_idx on sms_outbox (tenant_id, id)`.execute(db);

  await sql`
    create table direct_debit_mandates (
      id integer primary key generated always as identity,
      tenant_id text not null,
      user_id integer not null references users(id) on delete cascade,
      reference text not null unique,
      account_holder text not null,
      iban text not null,
      iban_hash text not null,
      street text not null,
      house_number text not null,
      zip text not null,
      city text not null,
      phone text not null,
      status text not null default 'valid' check (status in ('valid', 'revoked')),
      provider text,
      provider_customer_id text,
      provider_mandate_id text,
      signed_at timestamptz not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (tenant_id, user_id)
    )`.execute(db);

  await sql`
    create table direct_debit_codes (
      id integer primary key generated always as identity,
      tenant_id text not null,
      user_id integer not null references users(id) on delete cascade,
      request_hash text not null,
      code_hash text not null,
      attempts integer not null default 0 check (attempts between 0 and 3),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index direct_debit_codes_user_idx on direct_debit_codes (user_id, id)`.execute(db);

  await sql`
    create table direct_debit_payments (
      payment_id integer primary key references payments(id) on delete cascade,
      tenant_id text not null,
      user_id integer not null references users(id) on delete cascade,
      mandate_id integer not null references direct_debit_mandates(id) on delete cascade,
      pair_hash text not null,
      iban_hash text not null,
      period text not null,
      created_at timestamptz not null
    )`.execute(db);

  await sql`
    create table direct_debit_blocks (
      pair_hash text primary key,
      reason text not null check (reason in ('chargeback', 'operator')),
      payment_id integer references payments(id) on delete set null,
      created_at timestamptz not null
    )`.execute(db);

  await sql`
    create table direct_debit_usage (
      tenant_id text not null,
      scope text not null check (scope in ('iban', 'member')),
      key text not null,
      period text not null,
      amount integer not null default 0 check (amount >= 0),
      primary key (tenant_id, scope, key, period)
    )`.execute(db);

  await sql`alter table payments add column charged_back_at timestamptz`.execute(db);
  await sql`alter table sandbox_payments add column charged_back_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sandbox_payments drop column if exists charged_back_at`.execute(db);
  await sql`alter table payments drop column if exists charged_back_at`.execute(db);
  for (const table of ['direct_debit_usage', 'direct_debit_blocks', 'direct_debit_payments', 'direct_debit_codes', 'direct_debit_mandates', 'sms_outbox']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
