// The sites this instance serves, from the database (docs/decisions/0066-brands-as-data.md): loaded at
// start after TENANTS_DIR's files were imported by the rule of store.ts, and followed live — a change
// committed on any instance is announced on the bus's sites channel (Redis across instances), and a
// look at tenant_sites every few seconds catches one whose message was lost. The network console's
// saves go through refresh/announce (network/tenants.ts).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import { sitesChannel, type EventBus } from '../events/bus';
import { checkTenantFile } from './check';
import { TenantFileError, TenantRegistry, type ReloadReport } from './registry';
import type { Tenant } from './schema';
import { importFolder, servedTexts, storedAt, storedProblems, storedSites, type ImportReport, type SiteStatus } from './store';

/** How often an instance looks whether the sites changed, beside the bus (a lost message is caught within this). */
export const SITES_POLL_MS = 3_000;

export class NetworkSites {
  private statuses = new Map<string, SiteStatus>();
  private stamp = '';
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private running: Promise<ReloadReport> | null = null;
  private again = false;
  private bus: EventBus | null = null;

  constructor(
    readonly registry: TenantRegistry,
    readonly db: Kysely<DB>,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * The start: TENANTS_DIR imported by the rule (store.ts), then every stored site checked with the
   * start's rules. Throws TenantFileError naming the file (or stored site) and field, as the start
   * always has; a database without sites and an empty folder is no network either.
   */
  static async load(db: Kysely<DB>, dir: string, log: (message: string) => void): Promise<{ sites: NetworkSites; report: ImportReport }> {
    const report = await importFolder(db, dir);
    for (const [id, problems] of report.refused) throw new TenantFileError(`${dir}/${id}.json`, problems);
    const stored = await storedSites(db);
    if (stored.size === 0) throw new TenantFileError(dir, ['(folder): holds no tenant files']);
    const problem = storedProblems(stored, (id, raw, others) => checkTenantFile(raw, { others, fileId: id }));
    if (problem) throw problem;
    const texts = new Map([...stored.values()].map((site) => [site.id, site.text]));
    const tenants = [...stored.values()].map((site) => checkTenantFile(JSON.parse(site.text), { others: [], fileId: site.id })).flatMap((checked) => (checked.ok ? [checked.tenant] : []));
    const sites = new NetworkSites(new TenantRegistry(dir, tenants, log, texts), db, log);
    sites.statuses = new Map([...stored.values()].map((site) => [site.id, site.status]));
    sites.stamp = await sites.currentStamp(db);
    return { sites, report };
  }

  tenants = (): Tenant[] => this.registry.all();
  text = (id: string): string | null => this.registry.text(id) ?? null;
  /** A site's status; a site the database does not hold (a test's folder registry) is active. */
  status = (id: string): SiteStatus => this.statuses.get(id) ?? 'active';

  /**
   * Serves the database's current versions as `db` sees them (a save's transaction sees its own
   * version). Concurrent calls on the instance's own pool share one read, and one more follows.
   */
  async refresh(db: Kysely<DB> = this.db): Promise<ReloadReport> {
    if (db !== this.db) return this.read(db);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let report: ReloadReport;
      do {
        this.again = false;
        report = await this.read(this.db);
      } while (this.again);
      return report;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async read(db: Kysely<DB>): Promise<ReloadReport> {
    const stored = await storedSites(db);
    this.stamp = await this.currentStamp(db);
    this.statuses = new Map([...stored.values()].map((site) => [site.id, site.status]));
    return this.registry.applyTexts(servedTexts(stored), storedAt);
  }

  /** After a committed change: every instance (this one through the poll as well) reads the sites again. */
  announce(): void {
    void this.bus?.publish(sitesChannel(), { type: 'changed', data: null });
  }

  /** Follows changes made on other instances: the bus at once, the table every `pollMs`. */
  follow(bus: EventBus | null, pollMs = SITES_POLL_MS): void {
    this.bus = bus;
    this.unsubscribe = bus?.subscribe(sitesChannel(), () => void this.refresh().catch((error: Error) => this.log(`sites: ${error.message}`))) ?? null;
    this.timer = setInterval(() => {
      void this.currentStamp(this.db)
        .then((stamp) => (stamp === this.stamp ? null : this.refresh()))
        .catch((error: Error) => this.log(`sites: ${error.message}`));
    }, pollMs);
    this.timer.unref();
  }

  /** TENANTS_DIR's watcher: a changed file of a site its file manages is imported, and announced. */
  watchFolder(): void {
    this.registry.watch(() => {
      void importFolder(this.db, this.registry.dir)
        .then(async (report) => {
          for (const [id, problems] of report.refused) this.log(`${new TenantFileError(`${this.registry.dir}/${id}.json`, problems).message}\n  (refused: the database's version keeps serving)`);
          if (report.added.length || report.updated.length) {
            await this.refresh();
            this.announce();
          }
        })
        .catch((error: Error) => this.log(`tenants: ${error.message}`));
    });
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.registry.close();
  }

  private async currentStamp(db: Kysely<DB>): Promise<string> {
    const row = await sql<{ stamp: string | null }>`select count(*)::text || ':' || coalesce(sum(version), 0)::text || ':' || coalesce(max(updated_at)::text, '') as stamp from tenant_sites`.execute(db);
    return row.rows[0]?.stamp ?? '';
  }
}
