// Loads, validates and watches tenants/<id>.json. The server refuses to start on an invalid file;
// a file that turns invalid while running is reported and the last good version kept.
import fs from 'node:fs';
import path from 'node:path';
import NodeCache from 'node-cache';
import type { HostIndex } from './resolve-tenant';
import { resolveTenant } from './resolve-tenant';
import { checkTenantFile, checkTenantSet } from './check';
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
  private index: HostIndex = { domains: new Map(), ids: new Set() };
  private watcher: fs.FSWatcher | null = null;

  constructor(
    readonly dir: string,
    tenants: Tenant[],
    private readonly log: (message: string) => void = (message) => logger.error(message),
  ) {
    this.replace(tenants);
  }

  static load(dir: string, log?: (message: string) => void): TenantRegistry {
    return new TenantRegistry(dir, loadTenants(dir), log);
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

  /** Re-reads the folder after a change; keeps the running set when the new one is invalid. */
  reload(): boolean {
    try {
      this.replace(loadTenants(this.dir));
      return true;
    } catch (error) {
      this.log(`${(error as Error).message}\n  (kept the previous tenant configuration)`);
      return false;
    }
  }

  watch(): void {
    if (this.watcher) return;
    let timer: NodeJS.Timeout | null = null;
    this.watcher = fs.watch(this.dir, () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => this.reload(), 100);
    });
    this.watcher.unref();
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
  }

  private replace(tenants: Tenant[]): void {
    const domains = new Map<string, string>();
    for (const tenant of tenants) for (const domain of tenant.domains) domains.set(domain, tenant.id);
    this.tenants = new Map(tenants.map((tenant) => [tenant.id, tenant]));
    this.index = { domains, ids: new Set(this.tenants.keys()) };
    this.cache.flushAll();
  }
}
