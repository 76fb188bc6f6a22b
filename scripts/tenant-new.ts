// npm run tenant:new -- <id> <domain> — scaffolds tenants/<id>.json, valid as written; edit it after.
import fs from 'node:fs';
import path from 'node:path';
import { TenantSchema, describeIssues } from '../app/.server/tenants/schema';
import { scaffoldTenant } from '../app/.server/tenants/scaffold';

const [id, domain] = process.argv.slice(2);
if (!id || !domain) {
  console.error('usage: npm run tenant:new -- <id> <domain>   e.g. npm run tenant:new -- liefdesbrief liefdesbrief.nl');
  process.exit(2);
}
const dir = path.resolve(process.env.TENANTS_DIR ?? 'tenants');
const file = path.join(dir, `${id}.json`);
if (fs.existsSync(file)) {
  console.error(`${path.relative(process.cwd(), file)} already exists`);
  process.exit(1);
}
const tenant = scaffoldTenant(id, domain);
const parsed = TenantSchema.safeParse(tenant);
if (!parsed.success) {
  console.error(`Cannot scaffold "${id}" for "${domain}":\n  ${describeIssues(parsed.error).join('\n  ')}`);
  process.exit(1);
}
fs.writeFileSync(file, JSON.stringify(tenant, null, 2) + '\n');
console.log(`created ${path.relative(process.cwd(), file)}; edit its settings and company, then run npm run tenant:check`);
