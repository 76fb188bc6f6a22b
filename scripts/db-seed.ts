// npm run db:seed — migrates, then inserts the deterministic demo profiles and the demo accounts
// (README; idempotent).
import path from 'node:path';
import { loadConfig } from '../app/.server/config';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';
import { seedDemoAccounts } from '../app/.server/seed/demo-accounts';
import { seedDemoProfiles } from '../app/.server/seed/demo-profiles';
import { HISTORY_DAYS, seedDemoHistory } from '../app/.server/seed/demo-history';
import { openMediaStorage } from '../app/.server/media/open-storage';
import { loadTenants } from '../app/.server/tenants/registry';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  await migrateToLatest(database.db);
  const seeded = await seedDemoProfiles(database.db);
  const tenants = loadTenants(config.TENANTS_DIR);
  const accounts = await seedDemoAccounts(database.db, tenants);
  const history = await seedDemoHistory(database.db, tenants, { salt: config.SESSION_SECRET, media: openMediaStorage(config), origin: (tenant) => `http://${tenant.id}.localhost:${config.PORT}` });
  console.log(`${database.kind}: added ${seeded.profiles} demo profiles, ${seeded.photos} photos, ${accounts} demo accounts and ${history.tenants ? `${HISTORY_DAYS} days of history on ${history.tenants} sites (${history.visits} visits, ${history.signups} signups, ${history.purchases} purchases)` : 'no history (there already)'}`);
} finally {
  await database.close();
}
