// What happened while a kind of notification was off is never notified later (issue 48 item 20,
// docs/decisions/0069 addendum): notification_state.kinds_on_at holds, per kind (and `mail` for
// notification mail as a whole), when the member last turned it back on; the activity round leaves
// out news from before that moment.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_state').addColumn('kinds_on_at', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_state').dropColumn('kinds_on_at').execute();
}
