// A new brand from the network console (issue 35 item 4, docs/decisions/0050): a network admin posts
// a tenant file's JSON; it is checked with exactly the rules of `npm run tenant:check` (the tenant
// schema and its messages, the file name = id rule, a domain claimed twice) and written into
// TENANTS_DIR under <id>.json — never over an existing file. The registry's file watcher then loads
// it on every instance that watches the folder; the caller reloads its own at once.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { describeIssues, TenantSchema, type Tenant } from '../tenants/schema';
import { audit, networkCan, type Client, type NetworkActor } from './staff';

export type CreateTenantResult =
  | { ok: true; id: string }
  | { ok: false; error: 'forbidden' }
  | { ok: false; error: 'validation'; fields: Record<string, string>; problems: string[] };

/** "settings.niche: must be a niche from 1 to 7" → { "settings.niche": "must be a niche from 1 to 7" }. */
function fieldsOf(problems: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    const at = problem.indexOf(': ');
    const field = problem.slice(0, at);
    fields[field] ??= problem.slice(at + 2);
  }
  return fields;
}

const invalid = (problems: string[]): CreateTenantResult => ({ ok: false, error: 'validation', fields: fieldsOf(problems), problems });

export async function createTenantFile(
  db: Kysely<DB>,
  actor: NetworkActor | null,
  input: { file: unknown; dir: string; existing: readonly Tenant[] },
  client: Client,
): Promise<CreateTenantResult> {
  if (!networkCan(actor, 'tenants')) return { ok: false, error: 'forbidden' };
  const parsed = TenantSchema.safeParse(input.file);
  if (!parsed.success) return invalid(describeIssues(parsed.error));
  const tenant = parsed.data;
  // The file name is the id: an id that could leave the folder or hide the file is no id.
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(tenant.id)) return invalid(['id: lowercase letters, digits and hyphens only']);
  if (input.existing.some((other) => other.id === tenant.id) || fs.existsSync(path.join(input.dir, `${tenant.id}.json`))) return invalid([`id: "${tenant.id}" is already a tenant`]);
  for (const domain of tenant.domains) {
    const owner = input.existing.find((other) => other.domains.includes(domain));
    if (owner) return invalid([`domains: "${domain}" is already used by ${owner.id}`]);
  }
  // Written beside, then renamed: the watcher never reads half a file (names starting with _ are not tenant files).
  const temporary = path.join(input.dir, `_${tenant.id}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, JSON.stringify(input.file, null, 2) + '\n', { flag: 'wx' });
  try {
    fs.linkSync(temporary, path.join(input.dir, `${tenant.id}.json`));
  } catch {
    fs.rmSync(temporary, { force: true });
    return invalid([`id: "${tenant.id}" is already a tenant`]);
  }
  fs.rmSync(temporary, { force: true });
  await audit(db, actor.id, 'tenant_create', client, { tenant: tenant.id, domains: tenant.domains });
  return { ok: true, id: tenant.id };
}
