// npm run tenant:check — validates every tenant file; names the failing file and field. It also warns
// (without failing) of what a real production start will not do with a valid file, in the words that
// start logs (tenants/check.ts productionWarnings: an http:// postback template).
import path from 'node:path';
import { productionWarnings } from '../app/.server/tenants/check';
import { listTenantFiles, loadTenants, readTenantFile, TenantFileError } from '../app/.server/tenants/registry';

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
