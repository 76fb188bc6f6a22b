// Payment intents, reconciliation that keeps up, refunds that settle (issue 21 items 2–4;
// docs/decisions/0022-payment-intents-and-reconciliation.md).
// - payments.idempotency_key / provider_request: the provider call exactly as sent, stored in the
//   same transaction as our row and before the call, so a retry or the reconciliation can send it
//   again with the same key after a crash between the provider's answer and storing its id.
// - payments.next_check_at: when reconciliation asks next (every minute while the payment can
//   still be paid, hourly after that, never once final); replaces ordering by checked_at.
// - sandbox_payments.idempotency_key: the sandbox replays a create with a known key, as Mollie does.
// - refunds.next_check_at: a pending refund is sent again or asked again until final.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column idempotency_key text, add column provider_request jsonb, add column next_check_at timestamptz default now()`.execute(db);
  await sql`create unique index payments_idempotency_key_idx on payments (idempotency_key) where idempotency_key is not null`.execute(db);
  // A row written without a schedule (any insert that does not set one) is due at once; final ones never.
  await sql`update payments set next_check_at = case when status in ('open', 'pending') then checked_at + interval '1 minute' end`.execute(db);
  await sql`drop index if exists payments_unsettled_idx`.execute(db);
  await sql`create index payments_due_idx on payments (next_check_at) where status in ('open', 'pending')`.execute(db);

  await sql`alter table sandbox_payments add column idempotency_key text`.execute(db);
  await sql`create index sandbox_payments_key_idx on sandbox_payments (tenant_id, idempotency_key)`.execute(db);

  await sql`alter table refunds add column next_check_at timestamptz default now()`.execute(db);
  await sql`update refunds set next_check_at = updated_at where status = 'pending'`.execute(db);
  await sql`create index refunds_due_idx on refunds (next_check_at) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists refunds_due_idx`.execute(db);
  await sql`alter table refunds drop column if exists next_check_at`.execute(db);
  await sql`drop index if exists sandbox_payments_key_idx`.execute(db);
  await sql`alter table sandbox_payments drop column if exists idempotency_key`.execute(db);
  await sql`drop index if exists payments_due_idx`.execute(db);
  await sql`create index if not exists payments_unsettled_idx on payments (checked_at) where status in ('open', 'pending')`.execute(db);
  await sql`drop index if exists payments_idempotency_key_idx`.execute(db);
  await sql`alter table payments drop column if exists idempotency_key, drop column if exists provider_request, drop column if exists next_check_at`.execute(db);
}
