// The databases every database test runs on: embedded PGlite always, and a fresh database on the
// real PostgreSQL server when DATABASE_URL is set (as it is in CI).
import crypto from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Database } from '../../app/.server/db/database';

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  /** A new, empty database; `drop` removes it (a no-op for PGlite). */
  create(): Promise<{ url?: string; open: () => Promise<Database>; drop: () => Promise<void> }>;
}

export const databaseKinds: TestDatabaseKind[] = [
  {
    name: 'pglite',
    async create() {
      return { open: () => openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
    },
  },
];

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  databaseKinds.push({
    name: 'postgres',
    async create() {
      const name = `rdv_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 4 }),
        drop: async () => {
          const client = new pg.Client({ connectionString: serverUrl });
          await client.connect();
          // Connections of a pool that just ended may still be closing: wait for them rather than
          // terminating them (a terminated client reports an error of its own to the test run).
          for (let attempt = 0; ; attempt++) {
            try {
              await client.query(`drop database if exists ${name}${attempt < 50 ? '' : ' with (force)'}`);
              break;
            } catch (error) {
              if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          }
          await client.end();
        },
      };
    },
  });
}

/** A new database of this kind with every migration run; `drop` removes it after `database.close()`. */
export async function migratedDatabase(kind: TestDatabaseKind): Promise<{ database: Database; drop: () => Promise<void> }> {
  const created = await kind.create();
  const database = await created.open();
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    await created.drop();
    throw error;
  }
  return { database, drop: created.drop };
}
