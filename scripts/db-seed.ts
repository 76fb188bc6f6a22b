// npm run db:seed — migrates, then inserts the deterministic demo profiles (idempotent).
import path from 'node:path';
import { loadConfig } from '../app/.server/config';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';
import { seedDemoProfiles } from '../app/.server/seed/demo-profiles';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  await migrateToLatest(database.db);
  const seeded = await seedDemoProfiles(database.db);
  console.log(`${database.kind}: added ${seeded.profiles} demo profiles and ${seeded.photos} photos`);
} finally {
  await database.close();
}
