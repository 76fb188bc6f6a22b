// Site health (issue 35 item 3, docs/decisions/0052): per site, what needs someone's attention now,
// each figure with the address of the site's own operator console page that deals with it (on the
// site's own host, as every link the app builds for a tenant: http/origin.ts `tenantHome`).
// - postback failures: postbacks that gave up (status failed) in the last 7 days;
// - mail bounces and spam complaints: members whose notification mail a hard bounce or a spam
//   complaint stopped (users.notifications_disabled holds `bounce` / `fbl`, notifications/feedback.ts);
// - push failures: web pushes whose job failed after its retries in the last 7 days (pg-boss
//   `push.send` jobs, state failed; a subscription the push service no longer knows is dropped, not failed);
// - reconciliation lag: how long the most overdue check of the site's open or pending payments has
//   waited past its next_check_at (payments/lag.ts measures the same for the whole fleet's metrics);
// - complaints past their deadline: open complaints received more than COMPLAINT_DEADLINE_HOURS ago;
// - photos waiting for moderation: photos with review = pending;
// - queue behind: how long the oldest due row of the site's mail, SMS or postback outbox has waited
//   (jobs/outbox-stats.ts); it needs attention past QUEUE_STALE_SECONDS (issue 45).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { oldestDueBySite } from '../jobs/outbox-stats';
import type { SiteStatus } from '../tenants/store';
import { networkCan, type NetworkActor } from './staff';

/** An open complaint should be decided within this many hours of its receipt (docs/decisions/0052). */
export const COMPLAINT_DEADLINE_HOURS = 24;
export const HEALTH_WINDOW_DAYS = 7;

export type HealthFigure = 'postback_failures' | 'mail_bounces' | 'spam_complaints' | 'push_failures' | 'reconciliation_lag_seconds' | 'queue_oldest_seconds' | 'complaints_overdue' | 'photos_pending';
export const HEALTH_FIGURES: readonly HealthFigure[] = ['postback_failures', 'mail_bounces', 'spam_complaints', 'push_failures', 'reconciliation_lag_seconds', 'queue_oldest_seconds', 'complaints_overdue', 'photos_pending'];
/** The figures that are durations in seconds (shown as such). */
export const DURATION_FIGURES: ReadonlySet<HealthFigure> = new Set(['reconciliation_lag_seconds', 'queue_oldest_seconds']);

/** The site console page that deals with each figure (docs/decisions/0052 says why each). */
export const HEALTH_PAGES: Record<HealthFigure, string> = {
  postback_failures: '/operator/marketing',
  mail_bounces: '/operator/news',
  spam_complaints: '/operator/news',
  push_failures: '/operator/news',
  reconciliation_lag_seconds: '/operator/marketing/funnel',
  // A queue behind delays the site's postbacks first of all that a site's console shows.
  queue_oldest_seconds: '/operator/marketing',
  complaints_overdue: '/operator/complaints',
  photos_pending: '/operator/photos',
};

export interface SiteHealth {
  id: string;
  name: string;
  /** active, paused or archived (docs/decisions/0066): an archived site stays listed with its figures. */
  status: SiteStatus;
  figures: Record<HealthFigure, number>;
  /** Absolute URL of the site console page per figure, on the site's own host. */
  links: Record<HealthFigure, string>;
}

const countBy = (rows: { tenant_id: string | null; n: string | number | bigint }[]) => new Map(rows.map((row) => [row.tenant_id ?? '', Number(row.n)]));

export async function networkHealth(
  db: Kysely<DB>,
  actor: NetworkActor | null,
  input: { tenants: readonly Tenant[]; at: Date; siteHome: (tenant: Tenant) => string; status?: (id: string) => SiteStatus },
): Promise<{ ok: true; value: SiteHealth[] } | { ok: false; error: 'forbidden' }> {
  if (!networkCan(actor, 'overview')) return { ok: false, error: 'forbidden' };
  const ids = input.tenants.map((tenant) => tenant.id);
  if (!ids.length) return { ok: true, value: [] };
  const since = new Date(input.at.getTime() - HEALTH_WINDOW_DAYS * 86_400_000);
  const deadline = new Date(input.at.getTime() - COMPLAINT_DEADLINE_HOURS * 3600_000);
  const [postbacks, bounced, complained, push, lag, complaints, photos, queues] = await Promise.all([
    db.selectFrom('postbacks').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('status', '=', 'failed').where('created_at', '>=', since).groupBy('tenant_id').execute(),
    db.selectFrom('users').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where(sql<boolean>`'bounce' = any(notifications_disabled)`).groupBy('tenant_id').execute(),
    db.selectFrom('users').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where(sql<boolean>`'fbl' = any(notifications_disabled)`).groupBy('tenant_id').execute(),
    pushFailures(db, since),
    db
      .selectFrom('payments')
      .select(['tenant_id', sql<string>`coalesce(extract(epoch from (${input.at}::timestamptz - min(next_check_at))), 0)`.as('n')])
      .where('tenant_id', 'in', ids)
      .where('status', 'in', ['open', 'pending'])
      .where('next_check_at', '<', input.at)
      .groupBy('tenant_id')
      .execute(),
    db.selectFrom('complaints').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('status', '=', 'open').where('created_at', '<', deadline).groupBy('tenant_id').execute(),
    db
      .selectFrom('photos')
      .innerJoin('profiles', 'profiles.id', 'photos.profile_id')
      .select(['profiles.tenant_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('photos.review', '=', 'pending')
      .where('profiles.tenant_id', 'in', ids)
      .groupBy('profiles.tenant_id')
      .execute(),
    oldestDueBySite(db, input.at, ids),
  ]);
  const maps: Record<HealthFigure, Map<string, number>> = {
    postback_failures: countBy(postbacks),
    mail_bounces: countBy(bounced),
    spam_complaints: countBy(complained),
    push_failures: countBy(push),
    reconciliation_lag_seconds: countBy(lag),
    queue_oldest_seconds: queues,
    complaints_overdue: countBy(complaints),
    photos_pending: countBy(photos),
  };
  return {
    ok: true,
    value: input.tenants.map((tenant) => {
      const home = input.siteHome(tenant);
      const figures = Object.fromEntries(HEALTH_FIGURES.map((figure) => [figure, Math.round(maps[figure].get(tenant.id) ?? 0)])) as Record<HealthFigure, number>;
      const links = Object.fromEntries(HEALTH_FIGURES.map((figure) => [figure, `${home}${HEALTH_PAGES[figure]}`])) as Record<HealthFigure, string>;
      return { id: tenant.id, name: tenant.settings.name, status: input.status?.(tenant.id) ?? 'active', figures, links };
    }),
  };
}

/** Failed `push.send` jobs since `since`, by tenant; none while the job queue has not made its schema (a database no server has run on). */
async function pushFailures(db: Kysely<DB>, since: Date): Promise<{ tenant_id: string; n: string }[]> {
  const exists = await sql<{ table: string | null }>`select to_regclass('pgboss.job')::text as table`.execute(db);
  if (!exists.rows[0]?.table) return [];
  const result = await sql<{ tenant_id: string; n: string }>`
    select data->>'tenant' as tenant_id, count(*) as n from pgboss.job
    where name = 'push.send' and state = 'failed' and completed_on >= ${since}
    group by 1`.execute(db);
  return result.rows;
}
