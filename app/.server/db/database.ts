// Opens the database: PGlite (embedded PostgreSQL) under DATA_DIR by default, a real PostgreSQL
// server when DATABASE_URL is set. One dialect, one set of migrations and queries for both
// (docs/decisions/0002-embedded-postgres.md).
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations';
import type { DB } from './schema';
import { preparedStatements } from './prepared-statements';
import { logger } from '../observability/logger';

// Keep SQL `date` as 'YYYY-MM-DD': the default parser turns it into a local-time Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// Counts and sums come back as int8; they fit in a double in this product.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: its data folder as a gzipped tarball (for openDatabase's loadDataDir). */
  dump?: () => Promise<Blob>;
  /** The connection pool's use now (the metrics read it). */
  poolUse(): PoolUse;
}

export interface PoolUse {
  /** Connections open, idle among them, queries waiting for one, and the pool's size. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

function poolUse(pool: pg.Pool): () => PoolUse {
  return () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 });
}

export interface OpenOptions {
  /** postgres://… to use a server; otherwise PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Folder for the embedded database; 'memory://' for an in-memory one. */
  dataDir?: string;
  /** PGlite only: start from this dump of a data folder (PGlite's dumpDataDir), e.g. a migrated test template. */
  loadDataDir?: Blob;
  poolSize?: number;
  /** Named prepared statements on a server (docs/decisions/0060); on unless false. */
  preparedStatements?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server drops (a restart, a failover) is replaced on the next query; without
    // a listener its error would end the process. /readyz reports the database while it is away.
    pool.on('error', (error) => logger.warn({ err: error }, `database pool: ${error.message}`));
    // pg-pool listens for errors of idle connections only: a connection in use whose socket dies (the
    // database restarts, a network cut under load) emits 'error' on its client, which without a
    // listener ends the process. Its queries fail and the pool drops it on release; here it is only logged.
    pool.on('connect', (client) => client.on('error', (error) => logger.warn({ err: error }, `database connection: ${error.message}`)));
    // Each connection prepares a query once and keeps its plan (docs/decisions/0060).
    if (options.preparedStatements !== false) preparedStatements(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy(), poolUse: poolUse(pool) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const pglite = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    dump: async () => (await pglite.dumpDataDir('gzip')) as Blob,
    poolUse: poolUse(pool),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResultSet> {
  // Branches land in any order: a migration numbered below one that already ran (0017 after 0019)
  // still runs on an existing database instead of stopping the start.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
