// The job queue (issue 24, docs/decisions/0023-job-queue.md): scheduled rounds run on pg-boss, which
// lets one instance run each round; the hand-written lease table of 0008 goes. pg-boss creates and
// migrates its own schema (pgboss) when the server starts: tied to the installed pg-boss version,
// it is not frozen into a migration of ours (measured: 30–60 ms on an empty database, both kinds).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_locks').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create table job_locks (name text primary key, locked_until timestamptz not null, holder text)`.execute(db);
}
