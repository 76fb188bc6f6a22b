// The new-brand wizard's drafts (issue 35 item 4, docs/decisions/0053-brand-wizard.md): an unsaved
// tenant file a network admin is editing, kept server-side under a random token so that the admin
// host can render the real site from it in the preview frames. The token is the capability (only
// its SHA-256 is stored); a draft lives one hour from its last change. A draft is never a site: the
// registry never reads this table.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('network_drafts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('network_staff.id').onDelete('cascade'))
    .addColumn('file', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('network_drafts_expires_idx').on('network_drafts').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('network_drafts').execute();
}
