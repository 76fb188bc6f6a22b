// npm run db:seed — migrates, then inserts the deterministic demo profiles and the demo accounts
// (README; idempotent).
import path from 'node:path';
import { loadConfig } from '../app/.server/config';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';
import { seedDemoAccounts } from '../app/.server/seed/demo-accounts';
import { seedDemoProfiles } from '../app/.server/seed/demo-profiles';
import { loadTenants } from '../app/.server/tenants/registry';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  await migrateToLatest(database.db);
  const seeded = await seedDemoProfiles(database.db);
  const accounts = await seedDemoAccounts(database.db, loadTenants(config.TENANTS_DIR));
  console.log(`${database.kind}: added ${seeded.profiles} demo profiles, ${seeded.photos} photos and ${accounts} demo accounts`);
} finally {
  await database.close();
}
