// Photo moderation and the rest of trust and safety (issue 25, docs/decisions/0029):
// - photos.review: 'pending' until a moderator approves a member's upload, 'approved' after (every
//   photo from before is approved); photos.public: whether other people see it — false for a pending
//   photo of a tenant that moderates before (`photo_moderation: pre`), true otherwise.
// - photo_rejections: what a member is told about a photo a moderator rejected (the photo itself and
//   its files are deleted): the reason from a fixed list, shown in their language until they dismiss it.
// - users.suspended_at: a complaint decided with "account suspended" ends the member's sessions and
//   refuses their logins from then on.
// - data_exports.status and file_key: a large export is prepared by the job queue ('preparing', then
//   'ready' with the zip in the media store under file_key, or 'failed'); a small one streams at once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('photos')
    .addColumn('review', 'text', (col) => col.notNull().defaultTo('approved').check(sql`review in ('pending', 'approved')`))
    .addColumn('public', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('photos_pending').on('photos').column('created_at').where(sql.ref('review'), '=', 'pending').execute();
  await db.schema
    .createTable('photo_rejections')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('dismissed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('photo_rejections_profile').on('photo_rejections').column('profile_id').execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'timestamptz').execute();
  await auditActions(db, (actions) => [...new Set([...actions, ...NEW_AUDIT_ACTIONS])]);
  await db.schema
    .alterTable('data_exports')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('ready').check(sql`status in ('preparing', 'ready', 'failed')`))
    .addColumn('file_key', 'text')
    .execute();
  await db.schema.createIndex('data_exports_expires_idx').on('data_exports').column('expires_at').execute();
  await db.schema.createIndex('complaints_closed_idx').on('complaints').column('closed_at').where(sql.ref('closed_at'), 'is not', null).execute();
}

/** The audit log's new steps: a photo approved or rejected, a decided action carried out. */
const NEW_AUDIT_ACTIONS = ['photo_approve', 'photo_reject', 'complaint_apply'];

/**
 * Rewrites the audit log's action check from the one in place (other migrations add actions too),
 * so that this migration neither drops their actions nor needs to know them.
 */
async function auditActions(db: Kysely<unknown>, change: (actions: string[]) => string[]): Promise<void> {
  const found = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'operator_audit_action_check'`.execute(db);
  const current = [...(found.rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
  await sql`alter table operator_audit drop constraint if exists operator_audit_action_check`.execute(db);
  await sql`alter table operator_audit add constraint operator_audit_action_check check (action in (${sql.join(change(current).map((a) => sql.lit(a)))}))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('complaints_closed_idx').execute();
  await db.schema.dropIndex('data_exports_expires_idx').execute();
  await db.schema.alterTable('data_exports').dropColumn('file_key').dropColumn('status').execute();
  await sql`delete from operator_audit where action in (${sql.join(NEW_AUDIT_ACTIONS.map((a) => sql.lit(a)))})`.execute(db);
  await auditActions(db, (actions) => actions.filter((a) => !NEW_AUDIT_ACTIONS.includes(a)));
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.dropTable('photo_rejections').execute();
  await db.schema.dropIndex('photos_pending').execute();
  await db.schema.alterTable('photos').dropColumn('public').dropColumn('review').execute();
}
