// The network's sites as data (issue 44, docs/decisions/0066-brands-as-data.md). Each site's tenant
// file is a row of tenant_versions per version, byte for byte as it was saved or imported, with who
// saved it and from where; tenant_sites says which version serves, who manages the site and whether
// it is active, paused or archived. Every instance serves the current versions (registry.ts) and
// follows changes live: the bus's sites channel at once, a look at the table every few seconds in case
// a message was lost (followSites).
//
// The one rule for a site that is both a file in TENANTS_DIR and rows here: a site that was only
// ever imported ("managed by its file") takes its file's text at each start and when the watcher sees
// the file change; once a site is changed from the console (an edit, a new brand, pause, resume,
// archive) the database's version wins and its file is ignored — until `npm run tenant:import`
// takes the file over it, naming what it overwrites, which hands the site back to its file.
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { checkTenantFile, type StartRules } from './check';
import { listTenantFiles, TenantFileError } from './registry';
import type { Tenant } from './schema';

export type SiteStatus = 'active' | 'paused' | 'archived';
export type VersionSource = 'file' | 'import' | 'console' | 'api';

export interface StoredSite {
  id: string;
  version: number;
  text: string;
  status: SiteStatus;
  managedBy: 'file' | 'console';
}

/** Where a stored site shows in a log or a refusal. */
export const storedAt = (id: string) => `database: site ${id}`;

/** The current version of every site the database holds, by id. */
export async function storedSites(db: Kysely<DB>): Promise<Map<string, StoredSite>> {
  const rows = await db
    .selectFrom('tenant_sites')
    .innerJoin('tenant_versions', (join) => join.onRef('tenant_versions.tenant_id', '=', 'tenant_sites.id').onRef('tenant_versions.version', '=', 'tenant_sites.version'))
    .select(['tenant_sites.id', 'tenant_sites.version', 'tenant_versions.text', 'tenant_sites.status', 'tenant_sites.managed_by'])
    .orderBy('tenant_sites.id')
    .execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, version: row.version, text: row.text, status: row.status, managedBy: row.managed_by }]));
}

/** One lock for every change of the network's sites, on every instance on the database (transaction-scoped). */
export async function lockSites(trx: Kysely<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('tenant-files', 0))`.execute(trx);
}

/**
 * Stores `text` as the site's next version and makes it the one that serves. A console or API save
 * makes the database the site's manager; an explicit import hands it back to its file.
 */
export async function saveVersion(trx: Kysely<DB>, input: { id: string; text: string; source: VersionSource; staffId: number | null }): Promise<number> {
  const current = await trx.selectFrom('tenant_sites').select(['version', 'managed_by']).where('id', '=', input.id).executeTakeFirst();
  const version = (current?.version ?? 0) + 1;
  await trx.insertInto('tenant_versions').values({ tenant_id: input.id, version, text: input.text, source: input.source, staff_id: input.staffId }).execute();
  const managedBy = input.source === 'console' || input.source === 'api' ? 'console' : input.source === 'import' ? 'file' : (current?.managed_by ?? 'file');
  if (current) await trx.updateTable('tenant_sites').set({ version, managed_by: managedBy, updated_at: new Date() }).where('id', '=', input.id).execute();
  else await trx.insertInto('tenant_sites').values({ id: input.id, version, managed_by: managedBy }).execute();
  return version;
}

/** A site's versions, newest first: what the console's history shows. */
export async function siteVersions(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('tenant_versions')
    .leftJoin('network_staff', 'network_staff.id', 'tenant_versions.staff_id')
    .select(['tenant_versions.version', 'tenant_versions.source', 'tenant_versions.created_at', 'tenant_versions.text', 'network_staff.email as staff_email'])
    .where('tenant_versions.tenant_id', '=', id)
    .orderBy('tenant_versions.version', 'desc')
    .execute();
}

export interface ImportReport {
  /** Sites the database did not hold. */
  added: string[];
  /** Sites managed by their file whose file changed: a new version. */
  updated: string[];
  /** Sites an explicit import took its file over: id, the version it replaced and who managed it. */
  overwritten: { id: string; version: number; managedBy: 'file' | 'console' }[];
  /** Sites the console manages whose file differs: the database's version keeps serving. */
  kept: string[];
  /** Files refused, by id, with their problems ("field: message"). */
  refused: Map<string, string[]>;
}

/**
 * Takes TENANTS_DIR's files into the database under the sites' lock, by the rule at the top of this
 * file (`force`: `npm run tenant:import`, which takes every file — or those of `ids` — over the
 * database's version). Each changed file is checked with every rule of the start against the sites as
 * they would stand; a refused one is left out and reported. A missing or empty folder imports nothing.
 */
export async function importFolder(db: Kysely<DB>, dir: string, options: { force?: boolean; ids?: readonly string[]; rules?: StartRules } = {}): Promise<ImportReport> {
  const report: ImportReport = { added: [], updated: [], overwritten: [], kept: [], refused: new Map() };
  let files: string[] = [];
  try {
    files = listTenantFiles(dir);
  } catch {
    return report;
  }
  const texts = new Map<string, string>();
  for (const file of files) {
    const id = path.basename(file, '.json');
    if (options.ids && !options.ids.includes(id)) continue;
    try {
      texts.set(id, fs.readFileSync(file, 'utf8'));
    } catch (error) {
      report.refused.set(id, [`(file): ${(error as Error).message}`]);
    }
  }
  if (options.ids) for (const id of options.ids) if (!texts.has(id) && !report.refused.has(id)) report.refused.set(id, [`(file): no ${id}.json in ${dir}`]);
  if (texts.size === 0) return report;
  await db.transaction().execute(async (trx) => {
    await lockSites(trx);
    const stored = await storedSites(trx);
    const working = new Map<string, Tenant>();
    for (const site of stored.values()) {
      const checked = checkTenantFile(parseOrNull(site.text), { others: [], fileId: site.id, ...(options.rules ? { rules: options.rules } : {}) });
      if (checked.ok) working.set(site.id, checked.tenant);
    }
    const pending = [...texts].filter(([id, text]) => {
      const site = stored.get(id);
      if (!site) return true;
      if (site.text === text) return false;
      if (options.force || site.managedBy === 'file') return true;
      report.kept.push(id);
      return false;
    });
    for (let taken = true; taken; ) {
      taken = false;
      for (const entry of [...pending]) {
        const [id, text] = entry;
        const checked = checkTenantFile(parseOrNull(text), { others: [...working.values()].filter((other) => other.id !== id), fileId: id, ...(options.rules ? { rules: options.rules } : {}) });
        if (!checked.ok) {
          report.refused.set(id, checked.problems);
          continue;
        }
        report.refused.delete(id);
        pending.splice(pending.indexOf(entry), 1);
        working.set(id, checked.tenant);
        taken = true;
        const site = stored.get(id);
        await saveVersion(trx, { id, text, source: options.force ? 'import' : 'file', staffId: null });
        if (!site) report.added.push(id);
        else if (options.force) report.overwritten.push({ id, version: site.version, managedBy: site.managedBy });
        else report.updated.push(id);
      }
    }
  });
  return report;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Writes each site's current version (every status) as <id>.json into `dir`, byte for byte as stored:
 * `npm run tenant:export`. Returns the ids written.
 */
export async function exportFolder(db: Kysely<DB>, dir: string, ids?: readonly string[]): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const site of (await storedSites(db)).values()) {
    if (ids && !ids.includes(site.id)) continue;
    const temporary = path.join(dir, `_${site.id}.${process.pid}.tmp`);
    fs.writeFileSync(temporary, site.text);
    fs.renameSync(temporary, path.join(dir, `${site.id}.json`));
    written.push(site.id);
  }
  return written;
}

/** The sites' texts as the registry takes them (registry.applyTexts): every site, whatever its status (the host answers by it). */
export function servedTexts(sites: ReadonlyMap<string, StoredSite>): Map<string, { ok: true; text: string }> {
  return new Map([...sites.values()].map((site) => [site.id, { ok: true as const, text: site.text }]));
}

/** What a start refuses: a stored site that is not valid under the start's rules. */
export function storedProblems(sites: ReadonlyMap<string, StoredSite>, check: (id: string, raw: unknown, others: Tenant[]) => { ok: true; tenant: Tenant } | { ok: false; problems: string[] }): TenantFileError | null {
  const others: Tenant[] = [];
  for (const site of sites.values()) {
    const checked = check(site.id, parseOrNull(site.text), others);
    if (!checked.ok) return new TenantFileError(storedAt(site.id), checked.problems);
    others.push(checked.tenant);
  }
  return null;
}
