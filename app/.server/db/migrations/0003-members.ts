// Members: a member's profile belongs to the member's tenant (fictional profiles stay a shared pool),
// blocks between profiles, and an index for the search order.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('tenant_id', 'text').execute();
  await sql`update profiles p set tenant_id = u.tenant_id from users u where u.id = p.user_id`.execute(db);
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('blocked_profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_profile_id', 'blocked_profile_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').column('blocked_profile_id').execute();
  // Search: the pool by country and gender, newest first.
  await db.schema.createIndex('profiles_search_idx').on('profiles').columns(['country', 'gender', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('profiles_search_idx').ifExists().execute();
  await db.schema.dropTable('blocks').ifExists().execute();
  await db.schema.alterTable('profiles').dropColumn('tenant_id').execute();
}
