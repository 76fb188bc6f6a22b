// Outbox priorities and per-network postback lanes (issue 45, docs/decisions/0063).
// - mail_outbox.priority, sms_outbox.priority: 0 transactional (login and network codes, activation,
//   reset, mail change, direct-debit SMS codes, complaint receipts, export ready), 1 notifications,
//   2 bulk (news, weekly updates, reminders). Due rows are claimed by priority, then age; the index
//   serves exactly that order.
// - postbacks: due rows are claimed per site and network (each its own lane), so the index leads
//   with them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_outbox', 'sms_outbox']) {
    await sql`alter table ${sql.table(table)} add column priority smallint not null default 1 check (priority between 0 and 2)`.execute(db);
    await sql`create index ${sql.id(`${table}_claim_idx`)} on ${sql.table(table)} (priority, id) where status = 'pending'`.execute(db);
  }
  await sql`create index postbacks_lane_idx on postbacks (tenant_id, network, id) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists postbacks_lane_idx`.execute(db);
  for (const table of ['mail_outbox', 'sms_outbox']) {
    await sql`drop index if exists ${sql.id(`${table}_claim_idx`)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column priority`.execute(db);
  }
}
