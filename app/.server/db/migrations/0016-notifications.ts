// Notifications (issue 24, docs/decisions/0024-notifications.md):
// - mail_outbox.headers: extra headers of a mail (List-Unsubscribe, List-Unsubscribe-Post), shown on /dev/outbox.
// - notification_state: one row per member — presence (is the member looking at the site), what the
//   member was last told about (watermarks), when the last notification mail and push went out, and
//   the member's one-click unsubscribe token.
// - push_subscriptions: a member's browsers (endpoint and keys); dropped when the push service answers 404/410.
// - tenant_push_keys: the VAPID key pair of each tenant, made once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'jsonb').execute();

  await db.schema
    .createTable('notification_state')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    // Presence: not hidden and seen lately = looking (set by the event stream and the refresh, cleared by page-hidden).
    .addColumn('hidden', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('seen_at', 'timestamptz')
    // Everything up to these was notified (or needs no notification any more).
    .addColumn('messages_after', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('likes_after', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_mail_at', 'timestamptz')
    .addColumn('last_push_at', 'timestamptz')
    .addColumn('unsubscribe_token', 'text', (col) => col.notNull().unique())
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('tenant_push_keys')
    .addColumn('tenant_id', 'text', (col) => col.primaryKey())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('private_key', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tenant_push_keys', 'push_subscriptions', 'notification_state']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
}
