// Trust and safety (issue 25, docs/decisions/0029). Operator roles: what an operator may do is
// explicit, per tenant they work for (`operator_tenants.roles`): answering (the queue of fictional
// conversations), moderation (complaints, reports, photo moderation, scam signals), marketing
// (the marketer's console) and admin (invites operators of the tenant and gives them roles).
// Operators who existed before roles were answerers, and an operator added without a role still is.
import { sql, type Kysely } from 'kysely';

const ROLES = sql`array['answering', 'moderation', 'marketing', 'admin']::text[]`;
const AUDIT_ACTIONS = ['login', 'claim', 'release', 'takeover', 'reply', 'note', 'flag', 'unflag', 'invite', 'roles', 'remove'];

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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operator_audit').dropColumn('subject_operator_id').execute();
  await sql`alter table operator_audit drop constraint if exists operator_audit_action_check`.execute(db);
  await db.schema.alterTable('operator_tenants').dropColumn('roles').execute();
}
