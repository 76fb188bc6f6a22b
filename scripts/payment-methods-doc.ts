// node --import tsx scripts/payment-methods-doc.ts — writes the payment-method tables of
// docs/tenants.md from app/shared/payment-methods.ts and tenants/*.json (decision 0047).
import fs from 'node:fs';
import { methodsSection, withMethodsSection } from '../app/.server/payments/methods-doc';
import { loadTenants } from '../app/.server/tenants/registry';

const file = 'docs/tenants.md';
fs.writeFileSync(file, withMethodsSection(fs.readFileSync(file, 'utf8'), methodsSection(loadTenants('tenants'))));
console.log(`${file}: payment-method tables written`);
