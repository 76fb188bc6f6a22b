// One instance at a time migrates, imports the tenant files and seeds the demo, and then sets up the
// job queue (issue 44 item 4, docs/decisions/0066): instances started together on one empty
// PostgreSQL once crashed with "deadlock detected" (two pgboss.create_queue of one queue at once, in
// pg-boss's own start as in ours), with a duplicate demo account, or seeded the demo profiles twice. A session-level advisory lock
// on a connection of its own is held for the whole step, while the work runs on the pool; the others
// wait, then find the work done (every step is idempotent). PGlite is one process per data folder:
// nothing to wait for.
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * Runs `work` (on the pool) while a connection of its own holds the session-level advisory lock
 * `name`: one instance at a time on the database. `onWait` is called when another holds it.
 */
export async function underSessionLock<T>(db: Kysely<DB>, name: string, work: () => Promise<T>, onWait: () => void = () => {}): Promise<T> {
  const key = sql`hashtextextended(${name}, 0)`;
  return db.connection().execute(async (connection) => {
    const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}) as ok`.execute(connection);
    if (!got.rows[0]?.ok) {
      onWait();
      await sql`select pg_advisory_lock(${key})`.execute(connection);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

export async function duringStart<T>(db: Kysely<DB>, kind: 'pglite' | 'postgres', log: (message: string) => void, work: () => Promise<T>): Promise<T> {
  if (kind === 'pglite') return work();
  return underSessionLock(db, 'rendezvous-start', work, () => log('another instance is migrating or seeding this database: waiting for it'));
}
