// What a start does before it serves (README "Configuration"): the database opened and migrated, the
// sites loaded from it with TENANTS_DIR's files imported by their rule (docs/decisions/0066), the
// refusals of a real production start, and the demo's seed. One instance at a time (db/start-lock.ts).
import path from 'node:path';
import type { Config } from '../config';
import { migrateToLatest, openDatabase, type Database } from '../db/database';
import { duringStart } from '../db/start-lock';
import type { MediaStorage } from '../media/storage';
import { logFunction, moduleLogger } from '../observability/logger';
import { DEMO_PASSWORD, seedDemoAccounts } from '../seed/demo-accounts';
import { seedDemoHistory } from '../seed/demo-history';
import { isDatabaseEmpty, seedDemoProfiles } from '../seed/demo-profiles';
import { productionWarnings } from '../tenants/check';
import type { Tenant } from '../tenants/schema';
import { NetworkSites } from '../tenants/sites';

type Log = (message: string) => void;

export async function prepareDatabase(config: Config, media: MediaStorage, log: Log): Promise<{ database: Database; sites: NetworkSites }> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS === 'on',
    dataDir: path.join(config.DATA_DIR, 'pglite'),
  });
  const sites = await duringStart(database.db, database.kind, log, async () => {
    await migrateToLatest(database.db);
    // Refuses to start on an invalid file or stored site, naming it and the field.
    const { sites, report } = await NetworkSites.load(database.db, config.TENANTS_DIR, logFunction(moduleLogger('tenants'), 'error'));
    if (report.added.length || report.updated.length) log(`tenants: imported ${[...report.added, ...report.updated].join(', ')} from ${config.TENANTS_DIR}`);
    if (report.kept.length) log(`tenants: ${report.kept.join(', ')} changed from the console: the database's version serves, not ${config.TENANTS_DIR}'s (npm run tenant:import takes the file)`);
    if (config.realProduction) refuseOrWarn(sites.registry.all(), config);
    await seed(database, sites.registry.all(), config, media, log);
    return sites;
  });
  return { database, sites };
}

/** A real production start: never on the sandbox payment provider; what it will not send, in tenant:check's words (issue 48 item 23). */
function refuseOrWarn(tenants: Tenant[], config: Config): void {
  // The sandbox settles payments for whoever presses its buttons.
  const onSandbox = tenants.filter((tenant) => tenant.payments.provider === 'sandbox');
  if (onSandbox.length) {
    throw new Error(
      `Refusing a production start: ${onSandbox.map((tenant) => `tenants/${tenant.id}.json`).join(', ')} ${onSandbox.length === 1 ? 'uses' : 'use'} the sandbox payment provider (payments.provider); set "mollie" with its key, or start the demo with DEMO=1`,
    );
  }
  const warn = logFunction(moduleLogger('tenants'), 'warn');
  for (const tenant of tenants) for (const warning of productionWarnings(tenant, { adminHost: config.ADMIN_HOST ?? null, realProduction: true })) warn(`tenants/${tenant.id}.json: ${warning}`);
}

/** The demo's profiles into an empty database; its accounts and sixty days of history in the demo and development only. */
async function seed(database: Database, tenants: Tenant[], config: Config, media: MediaStorage, log: Log): Promise<void> {
  if (config.SKIP_SEED) return;
  if (await isDatabaseEmpty(database.db)) {
    log('empty database: seeding demo profiles…');
    const seeded = await seedDemoProfiles(database.db);
    log(`seeded ${seeded.profiles} profiles with ${seeded.photos} photos`);
  }
  // Demo accounts (README) for the demo and development only, never a real production start.
  if (!config.DEMO && config.NODE_ENV !== 'development') return;
  const created = await seedDemoAccounts(database.db, tenants);
  if (created) log(`created ${created} demo accounts (password ${DEMO_PASSWORD})`);
  // Sixty days of each demo site's life, so that the consoles have something to show (decision 0049);
  // test servers start without it unless asked (their tests count the demo accounts' own rows).
  if ((config.DEMO_HISTORY ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'off') return;
  const history = await seedDemoHistory(database.db, tenants, { salt: config.SESSION_SECRET, media, origin: (tenant) => `http://${tenant.id}.localhost:${config.PORT}` });
  if (history.tenants) log(`demo history: ${history.visits} visits, ${history.signups} signups, ${history.purchases} purchases on ${history.tenants} sites`);
}
