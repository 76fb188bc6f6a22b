// A new brand from the network console (issue 35 item 4, docs/decisions/0050): a network admin posts
// a tenant file's JSON; it is checked with exactly the rules of `npm run tenant:check` (the tenant
// schema and its messages, the file name = id rule, a domain claimed twice) and written into
// TENANTS_DIR under <id>.json — never over an existing file. A save answers only once this instance
// serves the file (docs/decisions/0068, addendum): under one lock for every instance on the database
// the folder is reloaded, the file checked against the sites served, written and reloaded again; a
// file the reload refuses is taken back. Other instances load it from their file watcher.
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { checkTenantFile as checkTenant, TENANT_ID } from '../tenants/check';
import type { ReloadReport } from '../tenants/registry';
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

/** TENANTS_DIR as this instance serves it: the registry's tenants and its reload (tenants/registry.ts). */
export interface TenantFolder {
  dir: string;
  tenants: () => readonly Tenant[];
  reload: () => ReloadReport;
}

/**
 * Runs a save of a tenant file under one transaction-scoped advisory lock for every instance on the
 * database, after reloading this instance's registry: a save another instance made before is seen
 * (its watcher may not have fired yet), so two saves never both pass the check against the same sites.
 */
export async function underFolderLock<T>(db: Kysely<DB>, folder: TenantFolder, save: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('tenant-files', 0))`.execute(trx);
    folder.reload();
    return save(trx);
  });
}

/**
 * After `id`'s file was written: reloads this instance and returns null when it serves the file, or
 * the problems the reload found — then `undo` has put the folder back as it was and the registry
 * is reloaded again, so every site serves as before and the next start finds what it found.
 */
export function servedOrUndone(folder: TenantFolder, id: string, undo: () => void): string[] | null {
  const report = folder.reload();
  const refusal = report.refused.get(id) ?? report.refused.get('(folder)') ?? (folder.tenants().some((tenant) => tenant.id === id) ? null : ['(file): was not served after the save']);
  if (refusal === null) return null;
  undo();
  folder.reload();
  return refusal;
}

export async function createTenantFile(db: Kysely<DB>, actor: NetworkActor | null, input: { file: unknown; folder: TenantFolder }, client: Client): Promise<CreateTenantResult> {
  if (!networkCan(actor, 'tenants')) return { ok: false, error: 'forbidden' };
  const { folder } = input;
  return underFolderLock(db, folder, async (trx) => {
    const checked = checkTenantFile(input.file, { dir: folder.dir, existing: folder.tenants() });
    if (!checked.ok) return invalid(checked.problems);
    const tenant = checked.tenant;
    if (!writeTenantFile(folder.dir, tenant.id, formatTenantFile(input.file), { replace: false })) return invalid([`id: "${tenant.id}" is already a tenant`]);
    const refused = servedOrUndone(folder, tenant.id, () => fs.rmSync(path.join(folder.dir, `${tenant.id}.json`), { force: true }));
    if (refused) return invalid(refused);
    await audit(trx, actor.id, 'tenant_create', client, { tenant: tenant.id, domains: tenant.domains });
    return { ok: true, id: tenant.id };
  });
}
