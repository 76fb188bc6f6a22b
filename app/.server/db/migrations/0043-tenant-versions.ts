// The network's sites as data (issue 44, docs/decisions/0066-brands-as-data.md): every version of
// each site's tenant file, byte for byte as it was saved or imported, with who saved it and from
// where; and per site which version serves, who manages it (its file, or the console once changed
// there) and whether it is active, paused or archived. Every instance serves the current versions.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tenant_versions')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    // 'file' (imported from TENANTS_DIR at a start or by the watcher), 'import' (npm run tenant:import), 'console', 'api'.
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('staff_id', 'integer', (col) => col.references('network_staff.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tenant_versions_tenant_version_key', ['tenant_id', 'version'])
    .execute();
  await db.schema
    .createTable('tenant_sites')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    // 'file': follows its file in TENANTS_DIR at each start; 'console': the database's (changed from the console).
    .addColumn('managed_by', 'text', (col) => col.notNull().defaultTo('file'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('status_at', 'timestamptz')
    .addColumn('status_by', 'integer', (col) => col.references('network_staff.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tenant_sites').execute();
  await db.schema.dropTable('tenant_versions').execute();
}
