// The network's business overview (issue 35 item 2, docs/decisions/0050): per site, what happened in
// a range of whole UTC days — visits, signups, confirmations, first purchases, purchases, revenue and
// refunds per currency (integer minor units; never summed across currencies), chargebacks, two
// conversion rates with their Wilson 95 % intervals and the average revenue per paying member — and
// the same signups and revenue by day, week or month for the charts. Unlike the marketer's cohort
// funnel (decision 0028) each number counts events by when they happened in the range.
import { sql, type Kysely } from 'kysely';
import type { ReportRange } from '~/shared/marketing-types';
import type { DB } from '../db/schema';
import { toCsv } from '../marketing/csv';
import { rangeBounds } from '../marketing/range';
import { wilsonInterval } from '../marketing/wilson';
import type { Tenant } from '../tenants/schema';
import { networkCan, type NetworkActor } from './staff';

export type Amounts = Record<string, number>;

export interface Rate {
  rate: number | null;
  low: number | null;
  high: number | null;
}

export interface SiteOverview {
  id: string;
  name: string;
  visits: number;
  signups: number;
  confirmed: number;
  first_purchases: number;
  purchases: number;
  paying_members: number;
  /** What was paid, per currency in minor units. */
  revenue: Amounts;
  /** What was refunded (asked or done), per currency in minor units. */
  refunds: Amounts;
  chargebacks: number;
  /** Signups per visit. */
  signup_rate: Rate;
  /** First purchases per signup. */
  purchase_rate: Rate;
  /** Revenue per paying member, per currency in minor units (rounded). */
  arppu: Amounts;
}

export type Bucket = 'day' | 'week' | 'month';

export interface SeriesPoint {
  site: string;
  /** First day of the bucket, YYYY-MM-DD. */
  period: string;
  signups: number;
  revenue: Amounts;
}

type Result<T> = { ok: true; value: T } | { ok: false; error: 'forbidden' };

const rate = (part: number, whole: number): Rate => {
  const interval = wilsonInterval(part, whole);
  return { rate: whole ? part / whole : null, low: interval?.low ?? null, high: interval?.high ?? null };
};

const countBy = (rows: { tenant_id: string; n: string | number | bigint }[]) => new Map(rows.map((row) => [row.tenant_id, Number(row.n)]));

function amountsBy(rows: { tenant_id: string; currency: string; amount: string | number | bigint | null }[]): Map<string, Amounts> {
  const result = new Map<string, Amounts>();
  for (const row of rows) {
    const amounts = result.get(row.tenant_id) ?? {};
    amounts[row.currency] = Number(row.amount ?? 0);
    result.set(row.tenant_id, amounts);
  }
  return result;
}

export async function networkOverview(db: Kysely<DB>, actor: NetworkActor | null, input: { tenants: readonly Tenant[]; range: ReportRange }): Promise<Result<SiteOverview[]>> {
  if (!networkCan(actor, 'overview')) return { ok: false, error: 'forbidden' };
  const { start, end } = rangeBounds(input.range);
  const ids = input.tenants.map((tenant) => tenant.id);
  if (!ids.length) return { ok: true, value: [] };
  const [visits, signups, confirmed, purchases, paying, first, revenue, refunds, chargebacks] = await Promise.all([
    db.selectFrom('visits').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('created_at', '>=', start).where('created_at', '<', end).groupBy('tenant_id').execute(),
    db.selectFrom('users').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('signup_date', '>=', start).where('signup_date', '<', end).groupBy('tenant_id').execute(),
    db.selectFrom('users').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('confirmed_at', '>=', start).where('confirmed_at', '<', end).groupBy('tenant_id').execute(),
    db.selectFrom('payments').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('fulfilled_at', '>=', start).where('fulfilled_at', '<', end).groupBy('tenant_id').execute(),
    db.selectFrom('payments').select(['tenant_id', (eb) => eb.fn.count<string>('user_id').distinct().as('n')]).where('tenant_id', 'in', ids).where('fulfilled_at', '>=', start).where('fulfilled_at', '<', end).groupBy('tenant_id').execute(),
    // A member's first purchase: their earliest fulfilled payment falls in the range.
    db
      .selectFrom(
        db.selectFrom('payments').select(['tenant_id', 'user_id', (eb) => eb.fn.min('fulfilled_at').as('first_at')]).where('tenant_id', 'in', ids).where('fulfilled_at', 'is not', null).groupBy(['tenant_id', 'user_id']).as('firsts'),
      )
      .select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('first_at', '>=', start)
      .where('first_at', '<', end)
      .groupBy('tenant_id')
      .execute(),
    db.selectFrom('payments').select(['tenant_id', 'currency', (eb) => eb.fn.sum<string>('amount').as('amount')]).where('tenant_id', 'in', ids).where('fulfilled_at', '>=', start).where('fulfilled_at', '<', end).groupBy(['tenant_id', 'currency']).execute(),
    db.selectFrom('refunds').select(['tenant_id', 'currency', (eb) => eb.fn.sum<string>('amount').as('amount')]).where('tenant_id', 'in', ids).where('status', '<>', 'failed').where('created_at', '>=', start).where('created_at', '<', end).groupBy(['tenant_id', 'currency']).execute(),
    db.selectFrom('payments').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('charged_back_at', '>=', start).where('charged_back_at', '<', end).groupBy('tenant_id').execute(),
  ]);
  const [v, s, c, p, pm, f, cb] = [visits, signups, confirmed, purchases, paying, first, chargebacks].map(countBy) as Map<string, number>[];
  const money = amountsBy(revenue);
  const back = amountsBy(refunds);
  return {
    ok: true,
    value: input.tenants.map((tenant) => {
      const n = (map: Map<string, number>) => map.get(tenant.id) ?? 0;
      const site = { visits: n(v!), signups: n(s!), first: n(f!), paying: n(pm!) };
      const paid = money.get(tenant.id) ?? {};
      return {
        id: tenant.id,
        name: tenant.settings.name,
        visits: site.visits,
        signups: site.signups,
        confirmed: n(c!),
        first_purchases: site.first,
        purchases: n(p!),
        paying_members: site.paying,
        revenue: paid,
        refunds: back.get(tenant.id) ?? {},
        chargebacks: n(cb!),
        signup_rate: rate(site.signups, site.visits),
        purchase_rate: rate(site.first, site.signups),
        arppu: site.paying ? Object.fromEntries(Object.entries(paid).map(([currency, amount]) => [currency, Math.round(amount / site.paying)])) : {},
      };
    }),
  };
}

/** The sum over all sites per currency (each currency on its own: amounts are never converted). */
export function totalsPerCurrency(sites: readonly SiteOverview[], field: 'revenue' | 'refunds'): Amounts {
  const totals: Amounts = {};
  for (const site of sites) for (const [currency, amount] of Object.entries(site[field])) totals[currency] = (totals[currency] ?? 0) + amount;
  return totals;
}

/** Signups and revenue per site and day, week (from Monday) or month, for the charts. */
export async function networkSeries(db: Kysely<DB>, actor: NetworkActor | null, input: { tenants: readonly Tenant[]; range: ReportRange; bucket: Bucket }): Promise<Result<SeriesPoint[]>> {
  if (!networkCan(actor, 'overview')) return { ok: false, error: 'forbidden' };
  const { start, end } = rangeBounds(input.range);
  const ids = input.tenants.map((tenant) => tenant.id);
  if (!ids.length) return { ok: true, value: [] };
  const unit = sql.lit(input.bucket);
  const period = (column: 'users.signup_date' | 'payments.fulfilled_at') => sql<string>`to_char(date_trunc(${unit}, ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const [signups, revenue] = await Promise.all([
    db.selectFrom('users').select(['tenant_id', period('users.signup_date').as('period'), (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('signup_date', '>=', start).where('signup_date', '<', end).groupBy(['tenant_id', sql`2`]).execute(),
    db
      .selectFrom('payments')
      .select(['tenant_id', 'currency', period('payments.fulfilled_at').as('period'), (eb) => eb.fn.sum<string>('amount').as('amount')])
      .where('tenant_id', 'in', ids)
      .where('fulfilled_at', '>=', start)
      .where('fulfilled_at', '<', end)
      .groupBy(['tenant_id', 'currency', sql`3`])
      .execute(),
  ]);
  const points = new Map<string, SeriesPoint>();
  const point = (site: string, at: string) => {
    const key = `${site} ${at}`;
    const existing = points.get(key) ?? { site, period: at, signups: 0, revenue: {} };
    points.set(key, existing);
    return existing;
  };
  for (const row of signups) point(row.tenant_id, row.period).signups = Number(row.n);
  for (const row of revenue) point(row.tenant_id, row.period).revenue[row.currency] = Number(row.amount ?? 0);
  return { ok: true, value: [...points.values()].sort((a, b) => a.period.localeCompare(b.period) || a.site.localeCompare(b.site)) };
}

/** The overview as CSV: one row per site, amounts in major units per currency column, rates to four decimals. */
export function overviewCsv(sites: readonly SiteOverview[]): string {
  const currencies = [...new Set(sites.flatMap((site) => [...Object.keys(site.revenue), ...Object.keys(site.refunds)]))].sort();
  const header = ['site', 'name', 'visits', 'signups', 'confirmed', 'first_purchases', 'purchases', 'paying_members', 'chargebacks', 'signup_rate', 'purchase_rate', ...currencies.map((c) => `revenue_${c}`), ...currencies.map((c) => `refunds_${c}`)];
  const major = (amounts: Amounts, currency: string) => Number(((amounts[currency] ?? 0) / 100).toFixed(2));
  const fixed = (value: number | null) => (value === null ? null : Number(value.toFixed(4)));
  const body = sites.map((site) => [
    site.id, site.name, site.visits, site.signups, site.confirmed, site.first_purchases, site.purchases, site.paying_members, site.chargebacks,
    fixed(site.signup_rate.rate), fixed(site.purchase_rate.rate),
    ...currencies.map((c) => major(site.revenue, c)),
    ...currencies.map((c) => major(site.refunds, c)),
  ]);
  return toCsv([header, ...body]);
}
