// Loads, validates and watches tenants/<id>.json. The server refuses to start on an invalid file.
// While running, the reload checks each changed file with the start's rules (check.ts) against the
// sites being served and refuses a bad one alone (docs/decisions/0068, addendum): it is logged with
// its file and fields, the site it was keeps its previous version (a new one is not served), and
// every other file — the sites that keep serving and any later good save — is taken as usual.
import fs from 'node:fs';
import path from 'node:path';
import NodeCache from 'node-cache';
import type { HostIndex } from './resolve-tenant';
import { resolveTenant } from './resolve-tenant';
import { checkTenantFile, checkTenantSet, type CheckResult } from './check';
import type { Tenant } from './schema';
import { logger } from '../observability/logger';

export class TenantFileError extends Error {
  override name = 'TenantFileError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid tenant file ${file}:\n  ${problems.join('\n  ')}`);
  }
}

function parseTenantFile(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new TenantFileError(file, [`(file): ${(error as Error).message}`]);
  }
}

function readText(file: string): { ok: true; text: string } | { ok: false; problems: string[] } {
  try {
    return { ok: true, text: fs.readFileSync(file, 'utf8') };
  } catch (error) {
    return { ok: false, problems: [`(file): ${(error as Error).message}`] };
  }
}

/** One changed file among the sites of `working` (its own previous version left out), with every rule of the start. */
function checkText(id: string, text: string, working: ReadonlyMap<string, Tenant>): CheckResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`(file): ${(error as Error).message}`] };
  }
  return checkTenantFile(raw, { others: [...working.values()].filter((other) => other.id !== id), fileId: id });
}

/** What a reload did: the files it refused, by id, each with its problems ("field: message"). */
export interface ReloadReport {
  refused: Map<string, string[]>;
}

/** Parses and validates one tenant file with every rule of one file (check.ts); throws TenantFileError naming file and field. */
export function readTenantFile(file: string): Tenant {
  const checked = checkTenantFile(parseTenantFile(file), { others: [], fileId: path.basename(file, '.json') });
  if (!checked.ok) throw new TenantFileError(file, checked.problems);
  return checked.tenant;
}

export function listTenantFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('_'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Validates a whole set with every rule of check.ts (a file against the others: domains, demo hosts, ADMIN_HOST). Returns tenants or throws. */
export function loadTenants(dir: string): Tenant[] {
  const files = listTenantFiles(dir);
  if (files.length === 0) throw new TenantFileError(dir, ['(folder): holds no tenant files']);
  const { tenants, problems } = checkTenantSet(files.map((file) => ({ id: path.basename(file, '.json'), raw: parseTenantFile(file) })));
  for (const [id, list] of problems) throw new TenantFileError(path.join(dir, `${id}.json`), list);
  return tenants;
}

export class TenantRegistry {
  /** Derived per-tenant responses (settings.php, companyinfo.php…); flushed for a tenant when its file changes. */
  readonly cache = new NodeCache({ stdTTL: 0, useClones: false });
  private tenants = new Map<string, Tenant>();
  /** The text of the file each served tenant was read from (a file with the same text is not checked again). */
  private texts = new Map<string, string>();
  /** The text of each file last refused, so that one bad file is logged once, not at every reload. */
  private refusedTexts = new Map<string, string>();
  private index: HostIndex = { domains: new Map(), ids: new Set() };
  private watcher: fs.FSWatcher | null = null;

  constructor(
    readonly dir: string,
    tenants: Tenant[],
    private readonly log: (message: string) => void = (message) => logger.error(message),
    texts: ReadonlyMap<string, string> = new Map(),
  ) {
    this.replace(new Map(tenants.map((tenant) => [tenant.id, tenant])), new Map(texts));
  }

  static load(dir: string, log?: (message: string) => void): TenantRegistry {
    const tenants = loadTenants(dir);
    const texts = new Map<string, string>();
    for (const tenant of tenants) {
      try {
        texts.set(tenant.id, fs.readFileSync(path.join(dir, `${tenant.id}.json`), 'utf8'));
      } catch {
        // Gone since it was read: the first reload sees that.
      }
    }
    return new TenantRegistry(dir, tenants, log, texts);
  }

  all(): Tenant[] {
    return [...this.tenants.values()];
  }

  get(id: string): Tenant | undefined {
    return this.tenants.get(id);
  }

  resolve(host: string | undefined, options?: { override?: string | null; allowOverride?: boolean }): Tenant | null {
    const id = resolveTenant(host, this.index, options);
    return id ? (this.tenants.get(id) ?? null) : null;
  }

  /** Memoises a derived value for a tenant until its file changes. */
  cached<T>(tenant: Tenant, key: string, make: () => T): T {
    const cacheKey = `${tenant.id}:${key}`;
    const hit = this.cache.get<T>(cacheKey);
    if (hit !== undefined) return hit;
    const value = make();
    this.cache.set(cacheKey, value);
    return value;
  }

  /**
   * Re-reads the folder after a change. Each file whose text changed is checked with every rule of
   * the start (checkTenantFile) against the sites as they stand — the ones served, with each change
   * taken so far — in file-name order, and again while a pass takes one more (a site giving up a
   * domain lets a file earlier in the order have it); a file still refused is logged and left out (a
   * serving site keeps its previous version). A removed file's site stops. Never throws: the watcher
   * calls it.
   */
  reload(): ReloadReport {
    try {
      const files = listTenantFiles(this.dir);
      // An empty folder is no network (the start refuses it): most likely a deploy under way.
      if (files.length === 0) throw new TenantFileError(this.dir, ['(folder): holds no tenant files']);
      const entries = new Map<string, { ok: true; text: string } | { ok: false; problems: string[] }>();
      for (const file of files) entries.set(path.basename(file, '.json'), readText(file));
      return this.applyTexts(entries);
    } catch (error) {
      this.log(`${(error as Error).message}\n  (kept the previous tenant configuration)`);
      return { refused: new Map([['(folder)', [(error as Error).message]]]) };
    }
  }

  /**
   * Serves exactly these sites' texts (a site left out stops), with reload()'s rules: each text that
   * changed is checked against the sites as they stand, a refused one is logged once and left out (a
   * serving site keeps its previous version). The database's current versions come this way
   * (tenants/store.ts); `where` names a site's source in the log.
   */
  applyTexts(
    entries: ReadonlyMap<string, { ok: true; text: string } | { ok: false; problems: string[] }>,
    where: (id: string) => string = (id) => path.join(this.dir, `${id}.json`),
  ): ReloadReport {
    const refused = new Map<string, string[]>();
    try {
      const ids = [...entries.keys()].sort();
      const present = new Set(ids);
      const working = new Map([...this.tenants].filter(([id]) => present.has(id)));
      const texts = new Map([...this.texts].filter(([id]) => present.has(id)));
      let changed = working.size !== this.tenants.size;
      const pending: { id: string; text: string }[] = [];
      for (const id of ids) {
        const text = entries.get(id)!;
        if (!text.ok) refused.set(id, text.problems);
        else if (!working.has(id) || texts.get(id) !== text.text) pending.push({ id, text: text.text });
      }
      for (let taken = true; taken; ) {
        taken = false;
        for (const change of [...pending]) {
          const checked = checkText(change.id, change.text, working);
          if (!checked.ok) {
            refused.set(change.id, checked.problems);
            continue;
          }
          working.set(change.id, checked.tenant);
          texts.set(change.id, change.text);
          refused.delete(change.id);
          pending.splice(pending.indexOf(change), 1);
          changed = taken = true;
        }
      }
      for (const [id, problems] of refused) {
        // Logged once per text of the file (or per read error), not at every reload.
        const seen = pending.find((change) => change.id === id)?.text ?? problems.join('\n');
        if (this.refusedTexts.get(id) === seen) continue;
        this.refusedTexts.set(id, seen);
        const kept = working.has(id) ? 'its previous version keeps serving' : 'it is not served';
        this.log(`${new TenantFileError(where(id), problems).message}\n  (refused: ${kept}; every other site is unchanged)`);
      }
      for (const id of this.refusedTexts.keys()) if (!refused.has(id)) this.refusedTexts.delete(id);
      if (changed) this.replace(working, texts);
    } catch (error) {
      refused.set('(folder)', [(error as Error).message]);
      this.log(`${(error as Error).message}\n  (kept the previous tenant configuration)`);
    }
    return { refused };
  }

  /** The text a served site was read from (its file, or its database version), or undefined. */
  text(id: string): string | undefined {
    return this.texts.get(id);
  }

  /** Follows TENANTS_DIR: `onChange` (default: reload()) after a change settles. */
  watch(onChange: () => void = () => void this.reload()): void {
    if (this.watcher) return;
    let timer: NodeJS.Timeout | null = null;
    this.watcher = fs.watch(this.dir, () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(onChange, 100);
    });
    this.watcher.unref();
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
  }

  private replace(tenants: Map<string, Tenant>, texts: Map<string, string>): void {
    const domains = new Map<string, string>();
    for (const tenant of tenants.values()) for (const domain of tenant.domains) domains.set(domain, tenant.id);
    this.tenants = tenants;
    this.texts = texts;
    this.index = { domains, ids: new Set(this.tenants.keys()) };
    this.cache.flushAll();
  }
}
