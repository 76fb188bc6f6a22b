// Issue 31 (docs/decisions/0037, 0038 and the addendum to 0022):
// - payments.settle_hint_at: the last sign that a payment may have settled (the member came back from
//   the checkout, the provider's webhook named it); payments_due_order_idx serves reconciliation's
//   order — those first, then the newest — over open and pending payments.
// - send_log: one row per mail sent or heavy job queued on someone's request, per subject it counts
//   against (the account, the recipient address, …): the limits of decision 0038 count these rows,
//   under a transaction-scoped advisory lock per subject, so every instance shares them.
// PostgreSQL 15 features only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column settle_hint_at timestamptz`.execute(db);
  await sql`create index payments_due_order_idx on payments (settle_hint_at desc nulls last, created_at desc, id desc) where status in ('open', 'pending')`.execute(db);
  await sql`
    create table send_log (
      id bigint primary key generated always as identity,
      tenant_id text not null,
      action text not null,
      subject text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index send_log_subject_idx on send_log (tenant_id, action, subject, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists send_log`.execute(db);
  await sql`drop index if exists payments_due_order_idx`.execute(db);
  await sql`alter table payments drop column if exists settle_hint_at`.execute(db);
}
