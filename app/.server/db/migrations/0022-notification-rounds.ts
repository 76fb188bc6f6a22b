// The scheduled notification kinds (issue 24, docs/decisions/0024-notifications.md):
// - notification_log: one row per reminder, promotion, weekly update or news mail a member was sent,
//   keyed by (user, kind, key) — the key names what it was about (the newest unread message, the
//   week, the offer, the news post). The row is written in the transaction that queues the mail,
//   and its primary key makes a second round (another instance, a retry) send nothing.
// - news_posts: a tenant announcement composed in the operator console (marketing or admin role):
//   a text per language (subject and body) and the language that stands in for the others; sent to
//   all members by the news.send job, once (sent_at set by a conditional update).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_log')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // What it was about, where a number says it (the newest unread message of a reminder).
    .addColumn('ref', 'integer')
    .addPrimaryKeyConstraint('notification_log_pkey', ['user_id', 'kind', 'key'])
    .execute();

  await db.schema
    .createTable('news_posts')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('operator_id', 'integer', (col) => col.notNull())
    // { "<locale>": { "subject": "…", "body": "…" } }
    .addColumn('texts', 'jsonb', (col) => col.notNull())
    .addColumn('default_locale', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('recipients', 'integer')
    .execute();
  await db.schema.createIndex('news_posts_tenant_idx').on('news_posts').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('news_posts').execute();
  await db.schema.dropTable('notification_log').execute();
}
