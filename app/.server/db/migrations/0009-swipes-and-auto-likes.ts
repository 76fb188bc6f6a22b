// The swipe game and auto-likes (issue 12, docs/decisions/0015): every swipe (a like or a pass) a
// member made in the game, the game's likes per member and day — the daily limit, held by a
// conditional write on this row (docs/decisions/0012) — and when a member last received an
// auto-like from a fictional profile.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swipes')
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('target_profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('liked', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('swipes_pk', ['profile_id', 'target_profile_id'])
    .addCheckConstraint('swipes_not_self', sql`profile_id <> target_profile_id`)
    .execute();
  await db.schema
    .createTable('swipe_day_likes')
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('likes', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('swipe_day_likes_pk', ['profile_id', 'day'])
    // docs/product.md §9: 4 likes a day. The conditional write refuses a fifth; this constraint backs it.
    .addCheckConstraint('swipe_day_likes_limit', sql`likes between 1 and 4`)
    .execute();
  await db.schema
    .createTable('auto_likes')
    .addColumn('profile_id', 'integer', (col) => col.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('last_at', 'timestamptz', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  // Likes a member sent, newest first (the Sent and Matches tabs).
  await db.schema.createIndex('likes_liker_idx').on('likes').columns(['liker_profile_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('likes_liker_idx').ifExists().execute();
  await db.schema.dropTable('auto_likes').ifExists().execute();
  await db.schema.dropTable('swipe_day_likes').ifExists().execute();
  await db.schema.dropTable('swipes').ifExists().execute();
}
