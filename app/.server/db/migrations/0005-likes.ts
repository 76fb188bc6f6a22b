// Likes between profiles (docs/product.md §3 Likes, §4 like states): who liked whom, and whether the liked
// member has seen it yet (like_new). A like is what lets an invisible or privacy-mode member be
// seen by the person they reached out to (docs/product.md §6).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('likes')
    .addColumn('liker_profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('liked_profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz')
    .addPrimaryKeyConstraint('likes_pk', ['liker_profile_id', 'liked_profile_id'])
    .addCheckConstraint('likes_not_self', sql`liker_profile_id <> liked_profile_id`)
    .execute();
  await db.schema.createIndex('likes_liked_idx').on('likes').columns(['liked_profile_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('likes').ifExists().execute();
}
