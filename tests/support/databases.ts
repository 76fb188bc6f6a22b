// The databases every database test runs on: embedded PGlite always, and a fresh database on the
// real PostgreSQL server when DATABASE_URL is set (as it is in CI).
// A migrated database starts from a template made once per set of migrations (docs/decisions/0041,
// "The suite"): PGlite from a dump of a migrated data folder in the temporary folder, PostgreSQL as
// a copy of a migrated template database. Migrating anew cost 5–30 s per PGlite database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Database } from '../../app/.server/db/database';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../app/.server/db/migrations');
/** Names the templates: a change to any migration (or a new one) makes new ones. */
const migrationsKey = (() => {
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_DIR, name)));
  return hash.digest('hex').slice(0, 12);
})();

let pgliteTemplate: Promise<Blob> | null = null;

/** A dump of a migrated PGlite data folder: read from the temporary folder, made there by the first test that needs it. */
function migratedPglite(): Promise<Blob> {
  return (pgliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `rdv-pglite-template-${migrationsKey}.tar.gz`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({ dataDir: 'memory://' });
    const { PGlite } = await import('@electric-sql/pglite');
    void PGlite;
    try {
      await migrateToLatest(database.db);
      const dump = await database.dump!();
      // Written aside, then renamed: a parallel test file reads a whole template or none.
      const part = `${file}.${process.pid}.part`;
      fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(part, file);
      return dump;
    } finally {
      await database.close();
    }
  })());
}

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  /** A new database, empty or (`migrated`) with every migration run; `drop` removes it (a no-op for PGlite). */
  create(options?: { migrated?: boolean }): Promise<{ url?: string; open: () => Promise<Database>; drop: () => Promise<void> }>;
}

export const databaseKinds: TestDatabaseKind[] = [
  {
    name: 'pglite',
    async create({ migrated = false } = {}) {
      const loadDataDir = migrated ? await migratedPglite() : undefined;
      return { open: () => openDatabase({ dataDir: 'memory://', loadDataDir }), drop: async () => {} };
    },
  },
];

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  databaseKinds.push({
    name: 'postgres',
    async create({ migrated = false } = {}) {
      const name = `rdv_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
      const template = migrated ? await migratedPostgres(serverUrl) : null;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
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

let postgresTemplate: Promise<string> | null = null;

/**
 * The name of a migrated template database on the server, made by the first test that needs it (an
 * advisory lock keeps parallel test files from making it twice). Nothing connects to it afterwards:
 * PostgreSQL copies a template only while nobody is connected to it.
 */
function migratedPostgres(serverUrl: string): Promise<string> {
  return (postgresTemplate ??= (async () => {
    const template = `rdv_template_${migrationsKey}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (!rowCount) {
        const building = `${template}_${process.pid}`;
        await admin.query(`drop database if exists ${building}`);
        await admin.query(`create database ${building}`);
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
        try {
          await migrateToLatest(database.db);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${template}`);
      }
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
      return template;
    } finally {
      await admin.end();
    }
  })());
}

/** A new database of this kind with every migration run; `drop` removes it after `database.close()`. */
export async function migratedDatabase(kind: TestDatabaseKind): Promise<{ database: Database; drop: () => Promise<void> }> {
  const created = await kind.create({ migrated: true });
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
