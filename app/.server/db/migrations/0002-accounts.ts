// Accounts (issue: signup, activation, login, recovery): one-time tokens, the mail outbox and the
// login-failure counters, plus what a user row needs for consent, tracking and deletion.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('terms_accepted_at', 'timestamptz')
    .addColumn('orientation_consent_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('signup_host', 'text')
    .addColumn('tracking', 'jsonb')
    .addColumn('signup_message', 'text')
    .addColumn('deletion_requested_at', 'timestamptz')
    .addColumn('delete_reason', 'text')
    .addColumn('delete_comment', 'text')
    .execute();

  await db.schema
    .createTable('account_tokens')
    // SHA-256 of the token sent by mail; the token itself is never stored.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('activation', 'password_reset', 'mail_change', 'reactivation')`))
    .addColumn('payload', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('account_tokens_user_kind_idx').on('account_tokens').columns(['user_id', 'kind', 'created_at']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('from_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index mail_outbox_pending_idx on mail_outbox (next_attempt_at) where status = 'pending'`.execute(db);

  await db.schema
    .createTable('login_failures')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('first_failure_at', 'timestamptz', (col) => col.notNull())
    .addColumn('blocked_until', 'timestamptz')
    .addPrimaryKeyConstraint('login_failures_pk', ['tenant_id', 'email', 'ip'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').ifExists().execute();
  await db.schema.dropTable('mail_outbox').ifExists().execute();
  await db.schema.dropTable('account_tokens').ifExists().execute();
  for (const column of [
    'terms_accepted_at', 'orientation_consent_at', 'confirmed_at', 'signup_host', 'tracking', 'signup_message',
    'deletion_requested_at', 'delete_reason', 'delete_comment',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
