// The operator console (issue 15, docs/decisions/0021): the tenant's staff who answer conversations
// with fictional profiles. Operators have their own accounts (one or several tenants), sessions and
// one-time set-password tokens, separate from members'; a claim locks a conversation for one operator
// at a time (held by a row lock, see claims.ts); notes and flags per conversation; and an append-only
// audit log of every login, claim, release, takeover, reply, note and flag.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    // What colleagues see (claims, notes, statistics); never shown to members.
    .addColumn('name', 'text', (col) => col.notNull())
    // Null until the operator set a password through the one-time link.
    .addColumn('password_hash', 'text')
    // The console's language: the operator's own choice, whatever the tenant's languages.
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active').check(sql`status in ('active', 'disabled')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('operators_email_idx').on('operators').expression(sql`lower(email)`).unique().execute();

  await db.schema
    .createTable('operator_tenants')
    .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('operator_tenants_pk', ['operator_id', 'tenant_id'])
    .execute();

  await db.schema
    .createTable('operator_sessions')
    // SHA-256 of the cookie token, as for members' sessions.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id').onDelete('cascade'))
    // The tenant whose host the operator logged in on (the cookie is host-only).
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('operator_sessions_operator_idx').on('operator_sessions').column('operator_id').execute();

  await db.schema
    .createTable('operator_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  // Wrong passwords per account and address (the same lockout rule as members', own table).
  await db.schema
    .createTable('operator_login_failures')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('first_failure_at', 'timestamptz', (col) => col.notNull())
    .addColumn('blocked_until', 'timestamptz')
    .addPrimaryKeyConstraint('operator_login_failures_pk', ['email', 'ip'])
    .execute();

  // One row per conversation ever claimed; operator_id null when released. Claims lock this row.
  await db.schema
    .createTable('conversation_claims')
    .addColumn('conversation_id', 'integer', (col) => col.primaryKey().references('conversations.id').onDelete('cascade'))
    .addColumn('operator_id', 'integer', (col) => col.references('operators.id').onDelete('set null'))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('conversation_notes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('operator_id', 'integer', (col) => col.references('operators.id').onDelete('set null'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('conversation_notes_conversation_idx').on('conversation_notes').columns(['conversation_id', 'id']).execute();

  await db.schema
    .createTable('conversation_flags')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    // The member's message that needs attention, when one was named.
    .addColumn('message_id', 'integer', (col) => col.references('messages.id').onDelete('set null'))
    .addColumn('operator_id', 'integer', (col) => col.references('operators.id').onDelete('set null'))
    .addColumn('reason', 'text', (col) => col.notNull().check(sql`reason in ('complaint', 'threat', 'meeting', 'other')`))
    .addColumn('comment', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'integer', (col) => col.references('operators.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('conversation_flags_open_idx')
    .on('conversation_flags')
    .column('conversation_id')
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();

  // Append-only: nothing updates or deletes these rows.
  await db.schema
    .createTable('operator_audit')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('conversation_id', 'integer', (col) => col.references('conversations.id').onDelete('set null'))
    .addColumn('action', 'text', (col) =>
      col.notNull().check(sql`action in ('login', 'claim', 'release', 'takeover', 'reply', 'note', 'flag', 'unflag')`),
    )
    .addColumn('message_id', 'integer')
    // For the reply that answered a waiting member: seconds since the member's message (statistics).
    .addColumn('wait_seconds', 'integer')
    .addColumn('detail', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('operator_audit_tenant_idx').on('operator_audit').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('operator_audit_conversation_idx').on('operator_audit').columns(['conversation_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['operator_audit', 'conversation_flags', 'conversation_notes', 'conversation_claims', 'operator_login_failures', 'operator_tokens', 'operator_sessions', 'operator_tenants', 'operators']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
