// The network console (issue 35, docs/decisions/0050-network-console.md): the people who run the
// whole network — not one site's operators — have their own accounts (role network_admin or
// network_analyst, argon2 password), sessions, one-time login codes sent by e-mail (the second step
// of every login) and an append-only audit log of every login and change.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('network_staff')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('network_admin', 'network_analyst')`))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active').check(sql`status in ('active', 'disabled')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_login_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('network_staff_email_idx').on('network_staff').expression(sql`lower(email)`).unique().execute();

  await db.schema
    .createTable('network_sessions')
    // SHA-256 of the cookie token, as for members' and operators' sessions.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('network_staff.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('network_sessions_staff_idx').on('network_sessions').column('staff_id').execute();

  await db.schema
    .createTable('network_login_codes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('network_staff.id').onDelete('cascade'))
    // SHA-256 of the six digits.
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('network_login_codes_staff_idx').on('network_login_codes').columns(['staff_id', 'id']).execute();

  // Append-only: nothing updates or deletes these rows.
  await db.schema
    .createTable('network_audit')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) => col.references('network_staff.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('detail', 'jsonb')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('network_audit_created_idx').on('network_audit').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['network_audit', 'network_login_codes', 'network_sessions', 'network_staff']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
