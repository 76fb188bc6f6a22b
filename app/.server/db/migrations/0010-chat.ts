// Chat (issue 14, docs/decisions/0017): conversations between two profiles — a member and another
// member of the same tenant, or a member and a fictional profile of the shared pool — each side's own
// state (unread count, what it read, what it removed), and the messages: texts, gifts and photos.
// The operator console (issue 15) answers conversations with fictional profiles from
// `awaiting_reply_since`.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    // The pair, lower id first: one conversation per pair of profiles.
    .addColumn('profile_low', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('profile_high', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('started_by_profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    // One side is a fictional profile: its answers come from the tenant's operators.
    .addColumn('fictional', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('last_message_id', 'integer')
    .addColumn('last_message_at', 'timestamptz', (col) => col.notNull())
    // Set when a member writes to a fictional profile and no answer followed yet (the operator queue).
    .addColumn('awaiting_reply_since', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('conversations_pair', ['profile_low', 'profile_high'])
    .addCheckConstraint('conversations_pair_order', sql`profile_low < profile_high`)
    .execute();
  await db.schema
    .createIndex('conversations_awaiting_idx')
    .on('conversations')
    .columns(['tenant_id', 'awaiting_reply_since'])
    .where(sql.ref('awaiting_reply_since'), 'is not', null)
    .execute();

  await db.schema
    .createTable('conversation_sides')
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('other_profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('unread', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_read_message_id', 'integer')
    // "Remove chat" for this side only: messages up to this id are gone for it, and the conversation
    // leaves its list until a newer message arrives.
    .addColumn('removed_through_message_id', 'integer')
    .addPrimaryKeyConstraint('conversation_sides_pk', ['conversation_id', 'profile_id'])
    .addCheckConstraint('conversation_sides_unread', sql`unread >= 0`)
    .execute();
  await db.schema.createIndex('conversation_sides_profile_idx').on('conversation_sides').columns(['profile_id', 'other_profile_id']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sender_profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('text', 'gift', 'photo')`))
    .addColumn('body', 'text')
    .addColumn('gift_id', 'text')
    .addColumn('photo_filename', 'text')
    .addColumn('photo_thumb_filename', 'text')
    .addColumn('photo_width', 'integer')
    .addColumn('photo_height', 'integer')
    // What the sender paid (0 for a fictional profile's answer).
    .addColumn('credits', 'integer', (col) => col.notNull().defaultTo(0).check(sql`credits >= 0`))
    // The sender's idempotency key: a retried send is stored and charged once.
    .addColumn('client_id', 'text')
    // Sent by a fictional profile (an operator's answer): marked as such in the member's chat.
    .addColumn('from_fictional', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('messages_client_id', ['sender_profile_id', 'client_id'])
    .execute();
  await db.schema.createIndex('messages_conversation_idx').on('messages').columns(['conversation_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').ifExists().execute();
  await db.schema.dropTable('conversation_sides').ifExists().execute();
  await db.schema.dropTable('conversations').ifExists().execute();
}
