// Trust and safety (issue 25, docs/decisions/0029). Operator roles: what an operator may do is
// explicit, per tenant they work for (`operator_tenants.roles`): answering (the queue of fictional
// conversations), moderation (complaints, reports, photo moderation, scam signals), marketing
// (the marketer's console) and admin (invites operators of the tenant and gives them roles).
// Operators who existed before roles were answerers, and an operator added without a role still is.
// Complaints (DSA Art. 16–17 notice and action): notices from the /complaints form, members' reports
// of a profile or a message, and scam signals in member-to-member chats, in one queue for the
// moderation role — claimed, decided with a statement of reasons, closed; every step audited.
// Data exports (GDPR Art. 15/20): a member's request and its expiring, owner-only download.
import { sql, type Kysely } from 'kysely';

const ROLES = sql`array['answering', 'moderation', 'marketing', 'admin']::text[]`;
const AUDIT_ACTIONS = ['login', 'claim', 'release', 'takeover', 'reply', 'note', 'flag', 'unflag', 'invite', 'roles', 'remove', 'complaint_claim', 'complaint_decide', 'complaint_close'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operator_tenants')
    .addColumn('roles', sql`text[]`, (col) => col.notNull().defaultTo(sql`array['answering']::text[]`))
    .execute();
  await sql`alter table operator_tenants add constraint operator_tenants_roles_check check (roles <@ ${ROLES} and cardinality(roles) > 0)`.execute(db);

  // The audit log records what admins do to the team as well.
  await sql`alter table operator_audit drop constraint if exists operator_audit_action_check`.execute(db);
  await sql`alter table operator_audit add constraint operator_audit_action_check check (action in (${sql.join(AUDIT_ACTIONS.map((a) => sql.lit(a)))}))`.execute(db);
  // The operator an admin's team action concerns.
  await db.schema.alterTable('operator_audit').addColumn('subject_operator_id', 'integer').execute();

  await db.schema
    .createTable('complaints')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    // What the complainant quotes in mails and at customer service; random, not guessable.
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('form', 'report', 'signal')`))
    .addColumn('category', 'text', (col) => col.notNull().check(sql`category in ('illegal', 'harassment', 'scam', 'fake_profile', 'minor', 'spam', 'privacy', 'other')`))
    // The complainant: a member (reporter_user_id) or a visitor (contact e-mail); none for a signal.
    .addColumn('reporter_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reporter_email', 'text')
    .addColumn('reporter_locale', 'text', (col) => col.notNull())
    // What it is about, when it names something on the site.
    .addColumn('profile_id', 'integer', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('message_id', 'integer', (col) => col.references('messages.id').onDelete('set null'))
    .addColumn('conversation_id', 'integer', (col) => col.references('conversations.id').onDelete('set null'))
    .addColumn('description', 'text', (col) => col.notNull())
    // The content as it was when the complaint came (it may be changed or deleted afterwards).
    .addColumn('evidence', 'jsonb')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open').check(sql`status in ('open', 'decided', 'closed')`))
    .addColumn('claimed_by', 'integer', (col) => col.references('operators.id').onDelete('set null'))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('decision', 'text', (col) => col.check(sql`decision in ('action_taken', 'no_action')`))
    .addColumn('action', 'text', (col) => col.check(sql`action in ('none', 'warning', 'content_removed', 'profile_hidden', 'account_suspended')`))
    .addColumn('reasons', 'text')
    .addColumn('decided_by', 'integer', (col) => col.references('operators.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('complaints_decided_check', sql`(status = 'open') = (decided_at is null) and (decided_at is null) = (reasons is null)`)
    .execute();
  await db.schema.createIndex('complaints_queue_idx').on('complaints').columns(['tenant_id', 'status', 'created_at']).execute();
  // One open scam review per conversation: further hits add to it.
  await db.schema
    .createIndex('complaints_open_signal_idx')
    .on('complaints')
    .column('conversation_id')
    .unique()
    .where(sql.ref('source'), '=', 'signal')
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema.alterTable('operator_audit').addColumn('complaint_id', 'integer', (col) => col.references('complaints.id')).execute();

  // The scam rules a member's message matched (scam-signals.ts); null for none.
  await db.schema.alterTable('messages').addColumn('signals', sql`text[]`).execute();

  await db.schema
    .createTable('data_exports')
    // SHA-256 of the download token.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('downloaded_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('data_exports_user_idx').on('data_exports').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_exports').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('signals').execute();
  await db.schema.alterTable('operator_audit').dropColumn('complaint_id').execute();
  await db.schema.dropTable('complaints').ifExists().execute();
  await db.schema.alterTable('operator_audit').dropColumn('subject_operator_id').execute();
  await sql`alter table operator_audit drop constraint if exists operator_audit_action_check`.execute(db);
  await db.schema.alterTable('operator_tenants').dropColumn('roles').execute();
}
