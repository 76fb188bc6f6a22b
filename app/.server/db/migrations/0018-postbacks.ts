// Postbacks to affiliate networks (issue 23 item 5, docs/decisions/0028-postbacks-and-marketing-console.md).
// - postbacks: one row per event a network is owed — lead, confirmed, sale, rebill, reversal — for a
//   member whose visit (users.visit_id) came from a network. The unique key (tenant_id, event,
//   subject) holds "at most once per member or payment": subject is member:<id> for lead, confirmed
//   and sale (a member's first purchase), payment:<id> for rebill and reversal. The row is an outbox:
//   written with its cause, sent later by the job queue, retried with exponential backoff.
// - postback_attempts: every try, with the HTTP status or the error.
// - dev_postbacks: what the demo-only /dev/postbacks page received (the demo network's endpoint).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table postbacks (
      id bigint primary key generated always as identity,
      tenant_id text not null,
      event text not null check (event in ('lead', 'confirmed', 'sale', 'rebill', 'reversal')),
      subject text not null,
      user_id integer references users(id) on delete set null,
      -- No foreign key: its check would take a share lock on the payment row, which a chargeback's
      -- transaction holds for update while it writes the same postback (a deadlock under races).
      payment_id integer,
      visit_id bigint references visits(id) on delete set null,
      network text not null,
      amount integer,
      currency char(3),
      order_number text,
      url text,
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'skipped')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      last_error text,
      sent_at timestamptz,
      created_at timestamptz not null,
      unique (tenant_id, event, subject)
    )`.execute(db);
  await sql`create index postbacks_due_idx on postbacks (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`
    create table postback_attempts (
      id bigint primary key generated always as identity,
      postback_id bigint not null references postbacks(id) on delete cascade,
      attempt integer not null,
      url text not null,
      http_status integer,
      error text,
      ok boolean not null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index postback_attempts_postback_idx on postback_attempts (postback_id)`.execute(db);
  await sql`
    create table dev_postbacks (
      id bigint primary key generated always as identity,
      tenant_id text not null,
      query text not null,
      received_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists dev_postbacks`.execute(db);
  await sql`drop table if exists postback_attempts`.execute(db);
  await sql`drop table if exists postbacks`.execute(db);
}
