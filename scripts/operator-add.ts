// npm run operator:add -- <tenant> <email> [--role answering] [--role moderation,admin] [--name "Shown name"] [--language de] [--origin https://host]
// Creates an operator of the tenant (or adds the tenant to an existing one) with the given roles
// (answering when none is given; given roles replace the operator's roles for this tenant) and prints
// a one-time link to set the password (valid 72 hours). On PostgreSQL (DATABASE_URL) it works while the server
// runs; the embedded database (PGlite) belongs to one process at a time: stop the server first.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../app/.server/config';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';
import { addOperator, SET_PASSWORD_HOURS } from '../app/.server/operators/accounts';
import { OPERATOR_ROLES, parseRoles } from '../app/.server/operators/roles';
import { loadTenants } from '../app/.server/tenants/registry';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, language: { type: 'string' }, origin: { type: 'string' }, role: { type: 'string', multiple: true } },
});
const USAGE = `usage: npm run operator:add -- <tenant> <email> [--role <role>]… [--name "Shown name"] [--language de] [--origin https://host]
  roles (repeat --role or give a comma list): ${OPERATOR_ROLES.join(', ')}; answering when none is given`;
const [tenantId, email] = positionals;
if (!tenantId || !email) {
  console.error(USAGE);
  process.exit(2);
}
const roles = parseRoles(values.role ?? ['answering']);
if (!roles.ok || !roles.roles.length) {
  console.error(roles.ok ? 'no role given' : `unknown role "${roles.unknown}"`);
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const tenant = loadTenants(config.TENANTS_DIR).find((t) => t.id === tenantId);
if (!tenant) {
  console.error(`no tenant "${tenantId}" in ${config.TENANTS_DIR}`);
  process.exit(1);
}
if (!config.DATABASE_URL && (await serverAnswers(config.PORT))) {
  console.error(`The server is running on port ${config.PORT} with the embedded database, which one process can use at a time.\nStop it, run this again, then start it — or use PostgreSQL (DATABASE_URL), where this works while the server runs.`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  await migrateToLatest(database.db);
  const result = await addOperator(database.db, tenant, { email, name: values.name, language: values.language, roles: roles.roles });
  if (!result.ok) {
    console.error(`"${email}" is not an e-mail address`);
    process.exitCode = 1;
  } else {
    const origin = values.origin ?? `https://${tenant.settings.domain}`;
    console.log(`${result.created ? 'Created' : 'Updated'} operator ${email.toLowerCase()} for ${tenant.settings.name} with the roles: ${result.roles.join(', ')}.`);
    console.log(`One-time link to set the password (valid ${SET_PASSWORD_HOURS} hours):\n  ${origin}/operator/set-password?token=${result.token}`);
    if (!values.origin && config.NODE_ENV !== 'production') console.log(`  on this machine: http://${tenant.id}.localhost:${config.PORT}/operator/set-password?token=${result.token}`);
  }
} finally {
  await database.close();
}

async function serverAnswers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1500) });
    return res.status > 0;
  } catch {
    return false;
  }
}
