// npm run db:migrate — runs the numbered migrations on the configured database.
import path from 'node:path';
import { loadConfig } from '../app/.server/config';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  const { results = [] } = await migrateToLatest(database.db);
  if (results.length === 0) console.log(`${database.kind}: already up to date`);
  for (const result of results) console.log(`${database.kind}: ${result.migrationName} ${result.status}`);
} finally {
  await database.close();
}
