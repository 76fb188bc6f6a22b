// A new brand from the network console (issue 35 item 4, docs/decisions/0050): a network admin posts
// a tenant file's JSON; it is checked with exactly the rules of `npm run tenant:check` (the tenant
// schema and its messages, the file name = id rule, a domain claimed twice) and written into
// TENANTS_DIR under <id>.json — never over an existing file. The registry's file watcher then loads
// it on every instance that watches the folder; the caller reloads its own at once.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { checkTenantFile as checkTenant, TENANT_ID } from '../tenants/check';
import type { Tenant } from '../tenants/schema';
import { formatTenantFile } from './json-layout';
import { audit, networkCan, type Client, type NetworkActor } from './staff';

export type CreateTenantResult =
  | { ok: true; id: string }
  | { ok: false; error: 'forbidden' }
  | { ok: false; error: 'validation'; fields: Record<string, string>; problems: string[] };

/** "settings.niche: must be a niche from 1 to 7" → { "settings.niche": "must be a niche from 1 to 7" }. */
export function fieldsOf(problems: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    const at = problem.indexOf(': ');
    const field = problem.slice(0, at);
    fields[field] ??= problem.slice(at + 2);
  }
  return fields;
}

const invalid = (problems: string[]): CreateTenantResult => ({ ok: false, error: 'validation', fields: fieldsOf(problems), problems });

/**
 * tenant:check's rules for one file (tenants/check.ts: every rule the start holds) among the
 * running tenants, and for a new file an id no tenant has. `editing`: the file replaces that
 * tenant's own (its id and domains are its own).
 */
export function checkTenantFile(file: unknown, input: { dir: string; existing: readonly Tenant[]; editing?: string }): { ok: true; tenant: Tenant } | { ok: false; problems: string[] } {
  const others = input.existing.filter((other) => other.id !== input.editing);
  const checked = checkTenant(file, { others, ...(input.editing === undefined ? {} : { fileId: input.editing }) });
  const id = typeof (file as { id?: unknown } | null)?.id === 'string' ? (file as { id: string }).id : '';
  const taken =
    input.editing === undefined && TENANT_ID.test(id) && (input.existing.some((other) => other.id === id) || fs.existsSync(path.join(input.dir, `${id}.json`)))
      ? [`id: "${id}" is already a tenant`]
      : [];
  if (!checked.ok || taken.length) return { ok: false, problems: [...taken, ...(checked.ok ? [] : checked.problems)] };
  return checked;
}

/**
 * Writes <id>.json: beside first, so the watcher never reads half a file (names starting with _ are
 * not tenant files); a new file is hard-linked (never over an existing one: false when one exists),
 * a replaced one renamed over the old.
 */
export function writeTenantFile(dir: string, id: string, text: string, options: { replace: boolean }): boolean {
  const temporary = path.join(dir, `_${id}.${process.pid}.${Date.now()}.tmp`);
  fs.writeFileSync(temporary, text, { flag: 'wx' });
  if (options.replace) {
    fs.renameSync(temporary, path.join(dir, `${id}.json`));
    return true;
  }
  try {
    fs.linkSync(temporary, path.join(dir, `${id}.json`));
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

export async function createTenantFile(
  db: Kysely<DB>,
  actor: NetworkActor | null,
  input: { file: unknown; dir: string; existing: readonly Tenant[] },
  client: Client,
): Promise<CreateTenantResult> {
  if (!networkCan(actor, 'tenants')) return { ok: false, error: 'forbidden' };
  const checked = checkTenantFile(input.file, input);
  if (!checked.ok) return invalid(checked.problems);
  const tenant = checked.tenant;
  if (!writeTenantFile(input.dir, tenant.id, formatTenantFile(input.file), { replace: false })) return invalid([`id: "${tenant.id}" is already a tenant`]);
  await audit(db, actor.id, 'tenant_create', client, { tenant: tenant.id, domains: tenant.domains });
  return { ok: true, id: tenant.id };
}
