// npm run tenant:import [-- <id> …] — takes TENANTS_DIR's tenant files (all, or the named ones) into
// the database over the sites' current versions (docs/decisions/0066-brands-as-data.md): each file
// that differs becomes its site's next version and hands the site back to its file. Names every site
// it overwrites and every one it adds; a refused file is named with its fields and nothing of it is
// taken. Running instances follow within seconds (tenants/sites.ts).
import path from 'node:path';
import { loadConfig } from '../app/.server/config';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';
import { importFolder } from '../app/.server/tenants/store';

const config = loadConfig();
const ids = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
let failed = false;
try {
  await migrateToLatest(database.db);
  const report = await importFolder(database.db, config.TENANTS_DIR, { force: true, ...(ids.length ? { ids } : {}) });
  for (const id of report.added) console.log(`added        ${id}`);
  for (const site of report.overwritten) console.log(`overwrote    ${site.id} (its version ${site.version}${site.managedBy === 'console' ? ', changed from the console' : ''})`);
  for (const [site, problems] of report.refused) {
    failed = true;
    console.error(`FAIL  ${path.join(config.TENANTS_DIR, `${site}.json`)}`);
    for (const problem of problems) console.error(`      ${problem}`);
  }
  if (!report.added.length && !report.overwritten.length && !failed) console.log(`the database already holds every file of ${config.TENANTS_DIR}`);
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
