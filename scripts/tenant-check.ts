// npm run tenant:check — validates every tenant file; names the failing file and field.
import path from 'node:path';
import { listTenantFiles, loadTenants, readTenantFile, TenantFileError } from '../app/.server/tenants/registry';

const dir = path.resolve(process.env.TENANTS_DIR ?? 'tenants');
let failed = false;
for (const file of listTenantFiles(dir)) {
  try {
    const tenant = readTenantFile(file);
    console.log(`ok    ${path.relative(process.cwd(), file)}  (${tenant.settings.name}: ${tenant.domains.join(', ')})`);
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
