// npm run tenant:check — validates every tenant file; names the failing file and field. It also warns
// (without failing) of what a real production start will not do with a valid file, in the words that
// start logs (tenants/check.ts productionWarnings: an http:// postback template).
// npm run tenant:check -- --database validates the database's current version of every site instead
// (docs/decisions/0066), with the same rules and words.
import path from 'node:path';
import { loadConfig } from '../app/.server/config';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';
import { checkTenantFile, productionWarnings } from '../app/.server/tenants/check';
import { listTenantFiles, loadTenants, readTenantFile, TenantFileError } from '../app/.server/tenants/registry';
import type { Tenant } from '../app/.server/tenants/schema';
import { storedAt, storedSites } from '../app/.server/tenants/store';

if (process.argv.includes('--database')) {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
  let bad = false;
  try {
    await migrateToLatest(database.db);
    const others: Tenant[] = [];
    for (const site of (await storedSites(database.db)).values()) {
      let raw: unknown = null;
      try {
        raw = JSON.parse(site.text);
      } catch {
        // checkTenantFile names it
      }
      const checked = checkTenantFile(raw, { others, fileId: site.id });
      if (!checked.ok) {
        bad = true;
        console.error(`FAIL  ${storedAt(site.id)} (version ${site.version})`);
        for (const problem of checked.problems) console.error(`      ${problem}`);
        continue;
      }
      others.push(checked.tenant);
      console.log(`ok    ${storedAt(site.id)} (version ${site.version}, ${site.status}: ${checked.tenant.domains.join(', ')})`);
      for (const warning of productionWarnings(checked.tenant)) console.warn(`warn  ${storedAt(site.id)}: ${warning}`);
    }
  } finally {
    await database.close();
  }
  process.exit(bad ? 1 : 0);
}

const dir = path.resolve(process.env.TENANTS_DIR ?? 'tenants');
let failed = false;
for (const file of listTenantFiles(dir)) {
  try {
    const tenant = readTenantFile(file);
    console.log(`ok    ${path.relative(process.cwd(), file)}  (${tenant.settings.name}: ${tenant.domains.join(', ')})`);
    const warnings = productionWarnings(tenant);
    if (warnings.length) {
      console.warn(`warn  ${path.relative(process.cwd(), file)}`);
      for (const warning of warnings) console.warn(`      ${warning}`);
    }
  } catch (error) {
    failed = true;
    if (error instanceof TenantFileError) {
      console.error(`FAIL  ${path.relative(process.cwd(), file)}`);
      for (const problem of error.problems) console.error(`      ${problem}`);
    } else throw error;
  }
}
if (!failed) {
  try {
    loadTenants(dir); // cross-file rules (tenants/check.ts): a domain or demo host claimed twice
  } catch (error) {
    failed = true;
    console.error((error as Error).message);
  }
}
process.exit(failed ? 1 : 0);
