// A new brand from the network console (issue 35 item 4, docs/decisions/0050): a network admin posts
// a tenant file's JSON; it is checked with exactly the rules of `npm run tenant:check` (the tenant
// schema and its messages, the file name = id rule, a domain claimed twice) and stored as the site's
// first version in the database (tenants/store.ts, docs/decisions/0066) — never over an existing
// site. A save answers only once this instance serves it: under one lock for every instance on the
// database the sites are read again, the file checked against them, stored and read again; a version
// this instance refuses is rolled back. Every other instance follows (tenants/sites.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { checkTenantFile as checkTenant, TENANT_ID } from '../tenants/check';
import type { ReloadReport } from '../tenants/registry';
import type { Tenant } from '../tenants/schema';
import { lockSites, saveVersion } from '../tenants/store';
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
export function checkTenantFile(file: unknown, input: { existing: readonly Tenant[]; editing?: string }): { ok: true; tenant: Tenant } | { ok: false; problems: string[] } {
  const others = input.existing.filter((other) => other.id !== input.editing);
  const checked = checkTenant(file, { others, ...(input.editing === undefined ? {} : { fileId: input.editing }) });
  const id = typeof (file as { id?: unknown } | null)?.id === 'string' ? (file as { id: string }).id : '';
  const taken = input.editing === undefined && TENANT_ID.test(id) && input.existing.some((other) => other.id === id) ? [`id: "${id}" is already a tenant`] : [];
  if (!checked.ok || taken.length) return { ok: false, problems: [...taken, ...(checked.ok ? [] : checked.problems)] };
  return checked;
}

/** The sites as this instance serves them (tenants/sites.ts): what a save checks against, reads again and announces. */
export interface TenantSource {
  tenants: () => readonly Tenant[];
  /** The text a served site was stored with. */
  text: (id: string) => string | null;
  /** Serves the database's current versions as `db` (a save's transaction) sees them. */
  refresh: (db: Kysely<DB>) => Promise<ReloadReport>;
  /** After a committed change: every other instance reads the sites again. */
  announce: () => void;
}

/** Thrown inside a save to roll it back and answer `value`. */
export class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back');
  }
}

/**
 * Runs a change of the sites under one transaction-scoped advisory lock for every instance on the
 * database, after reading the sites again (a save another instance made is seen, so two saves never
 * both pass the check against the same sites). After the commit the change is announced; a
 * `Rollback` (or any failure) leaves the database as it was, and this instance serves it again.
 */
export async function underSitesLock<T>(db: Kysely<DB>, source: TenantSource, save: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  try {
    const value = await db.transaction().execute(async (trx) => {
      await lockSites(trx);
      await source.refresh(trx);
      return save(trx);
    });
    await source.refresh(db);
    source.announce();
    return value;
  } catch (error) {
    await source.refresh(db).catch(() => undefined);
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
}

/** After `id`'s version was stored (inside the save): null when this instance serves it, else the problems it found. */
export function refusalOf(report: ReloadReport, source: TenantSource, id: string): string[] | null {
  return report.refused.get(id) ?? report.refused.get('(folder)') ?? (source.tenants().some((tenant) => tenant.id === id) ? null : ['(file): was not served after the save']);
}

export async function createTenantFile(db: Kysely<DB>, actor: NetworkActor | null, input: { file: unknown; source: TenantSource }, client: Client): Promise<CreateTenantResult> {
  if (!networkCan(actor, 'tenants')) return { ok: false, error: 'forbidden' };
  const { source } = input;
  return underSitesLock(db, source, async (trx) => {
    const checked = checkTenantFile(input.file, { existing: source.tenants() });
    if (!checked.ok) return invalid(checked.problems);
    const tenant = checked.tenant;
    // A stored site this instance does not serve (archived, or refused) keeps its id too.
    if (await trx.selectFrom('tenant_sites').select('id').where('id', '=', tenant.id).executeTakeFirst()) return invalid([`id: "${tenant.id}" is already a tenant`]);
    const version = await saveVersion(trx, { id: tenant.id, text: formatTenantFile(input.file), source: 'console', staffId: actor.id });
    const refused = refusalOf(await source.refresh(trx), source, tenant.id);
    if (refused) throw new Rollback(invalid(refused));
    await audit(trx, actor.id, 'tenant_create', client, { tenant: tenant.id, domains: tenant.domains, version });
    return { ok: true, id: tenant.id };
  });
}
