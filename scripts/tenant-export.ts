// npm run tenant:export [-- <folder>] — writes every site's current version from the database as
// <id>.json into the folder (TENANTS_DIR unless named), byte for byte as stored
// (docs/decisions/0066-brands-as-data.md): what the console changed, for git or another environment's
// tenant:import. A file of the folder no site has is left alone.
import path from 'node:path';
import { loadConfig } from '../app/.server/config';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';
import { exportFolder } from '../app/.server/tenants/store';

const config = loadConfig();
const dir = path.resolve(process.argv[2] ?? config.TENANTS_DIR);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  await migrateToLatest(database.db);
  const written = await exportFolder(database.db, dir);
  for (const id of written) console.log(`wrote  ${path.join(dir, `${id}.json`)}`);
  if (!written.length) console.log('the database holds no sites yet (a first start imports TENANTS_DIR)');
} finally {
  await database.close();
}
