// The network's business overview (issue 35 item 2, docs/decisions/0050): per site, what happened in
// a range of whole UTC days — visits, signups, confirmations, first purchases, purchases, revenue and
// refunds per currency (integer minor units; never summed across currencies), chargebacks, two
// conversion rates with their Wilson 95 % intervals and the average revenue per paying member — and
// the same signups and revenue by day, week or month for the charts. Each figure is defined once, for
// this overview and the marketer's funnel alike (docs/network-console.md, "What the figures count";
// docs/decisions/0069): what happened in the range, net revenue = revenue − refunds − chargebacks.
import { sql, type Kysely } from 'kysely';
import type { ReportRange } from '~/shared/marketing-types';
import type { Amounts, Bucket, Rate, SeriesPoint, SiteOverview } from '~/shared/network-types';
import type { DB } from '../db/schema';
import { toCsv } from '../marketing/csv';
import { rangeBounds } from '../marketing/range';
import { wilsonInterval } from '../marketing/wilson';
import type { Tenant } from '../tenants/schema';
import type { SiteStatus } from '../tenants/store';
import { rollupCoverage, type DayRun } from './rollup';
import { networkCan, type NetworkActor } from './staff';

export type { Amounts, Bucket, Rate, SeriesPoint, SiteOverview } from '~/shared/network-types';

type Result<T> = { ok: true; value: T } | { ok: false; error: 'forbidden' };

const rate = (part: number, whole: number): Rate => {
  const interval = wilsonInterval(part, whole);
  return { rate: whole ? part / whole : null, low: interval?.low ?? null, high: interval?.high ?? null };
};

interface Tally {
  visits: number;
  signups: number;
  confirmed: number;
  purchases: number;
  chargebacks: number;
  first_purchases: number;
  paying_members: number;
  revenue: Amounts;
  refunds: Amounts;
  charged_back: Amounts;
}

/** Amounts with their currencies in order: the same answer, byte for byte, whichever path summed them. */
const inOrder = (amounts: Amounts): Amounts => Object.fromEntries(Object.entries(amounts).sort(([a], [b]) => a.localeCompare(b)));

const emptyTally = (): Tally => ({ visits: 0, signups: 0, confirmed: 0, purchases: 0, chargebacks: 0, first_purchases: 0, paying_members: 0, revenue: {}, refunds: {}, charged_back: {} });

/** Adds figures to each site's tally (a count, or an amount per currency: a currency appears once it has a payment or a refund). */
class Tallies {
  private readonly sites = new Map<string, Tally>();
  of(site: string): Tally {
    const tally = this.sites.get(site) ?? emptyTally();
    this.sites.set(site, tally);
    return tally;
  }
  count(field: 'visits' | 'signups' | 'confirmed' | 'purchases' | 'chargebacks' | 'first_purchases' | 'paying_members', rows: { tenant_id: string; n: string | number | bigint | null }[]): void {
    for (const row of rows) this.of(row.tenant_id)[field] += Number(row.n ?? 0);
  }
  amount(field: 'revenue' | 'refunds' | 'charged_back', tenant: string, currency: string, amount: string | number | bigint | null): void {
    const amounts = this.of(tenant)[field];
    amounts[currency] = (amounts[currency] ?? 0) + Number(amount ?? 0);
  }
}

/**
 * The figures of the whole days [start, end) computed from the tables, added to `tallies`. Paying
 * members of a range that began at `rangeStart`, before `start`: those paying in [start, end) who did
 * not pay in [rangeStart, start) (counted there); first purchases: those with no payment before `start`.
 */
async function addLive(db: Kysely<DB>, ids: readonly string[], tallies: Tallies, start: Date, end: Date, rangeStart: Date): Promise<void> {
  const [visits, signups, confirmed, purchases, paying, first, revenue, refunds, chargebacks] = await Promise.all([
    db.selectFrom('visits').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('burst_of', 'is', null).where('created_at', '>=', start).where('created_at', '<', end).groupBy('tenant_id').execute(),
    db.selectFrom('users').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('signup_date', '>=', start).where('signup_date', '<', end).groupBy('tenant_id').execute(),
    db.selectFrom('users').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('confirmed_at', '>=', start).where('confirmed_at', '<', end).groupBy('tenant_id').execute(),
    db.selectFrom('payments').select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('fulfilled_at', '>=', start).where('fulfilled_at', '<', end).groupBy('tenant_id').execute(),
    db
      .selectFrom('payments as p')
      .select(['p.tenant_id', (eb) => eb.fn.count<string>('p.user_id').distinct().as('n')])
      .where('p.tenant_id', 'in', ids)
      .where('p.fulfilled_at', '>=', start)
      .where('p.fulfilled_at', '<', end)
      .$if(start > rangeStart, (qb) =>
        qb.where(({ not, exists, selectFrom }) => not(exists(selectFrom('payments as q').select('q.id').whereRef('q.user_id', '=', 'p.user_id').where('q.fulfilled_at', '>=', rangeStart).where('q.fulfilled_at', '<', start)))),
      )
      .groupBy('p.tenant_id')
      .execute(),
    // A member's first purchase: their earliest fulfilled payment falls in the range — a fulfilled
    // payment in the range and none before it (an index lookup per payer, not a scan of all payments).
    db
      .selectFrom('payments as p')
      .select(['p.tenant_id', (eb) => eb.fn.count<string>('p.user_id').distinct().as('n')])
      .where('p.tenant_id', 'in', ids)
      .where('p.fulfilled_at', '>=', start)
      .where('p.fulfilled_at', '<', end)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('payments as q').select('q.id').whereRef('q.user_id', '=', 'p.user_id').where('q.fulfilled_at', '<', start))))
      .groupBy('p.tenant_id')
      .execute(),
    db.selectFrom('payments').select(['tenant_id', 'currency', (eb) => eb.fn.sum<string>('amount').as('amount')]).where('tenant_id', 'in', ids).where('fulfilled_at', '>=', start).where('fulfilled_at', '<', end).groupBy(['tenant_id', 'currency']).execute(),
    db.selectFrom('refunds').select(['tenant_id', 'currency', (eb) => eb.fn.sum<string>('amount').as('amount')]).where('tenant_id', 'in', ids).where('status', '<>', 'failed').where('created_at', '>=', start).where('created_at', '<', end).groupBy(['tenant_id', 'currency']).execute(),
    db.selectFrom('payments').select(['tenant_id', 'currency', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('amount').as('amount')]).where('tenant_id', 'in', ids).where('charged_back_at', '>=', start).where('charged_back_at', '<', end).groupBy(['tenant_id', 'currency']).execute(),
  ]);
  tallies.count('visits', visits);
  tallies.count('signups', signups);
  tallies.count('confirmed', confirmed);
  tallies.count('purchases', purchases);
  tallies.count('paying_members', paying);
  tallies.count('first_purchases', first);
  tallies.count('chargebacks', chargebacks);
  for (const row of revenue) tallies.amount('revenue', row.tenant_id, row.currency, row.amount);
  for (const row of refunds) tallies.amount('refunds', row.tenant_id, row.currency, row.amount);
  for (const row of chargebacks) tallies.amount('charged_back', row.tenant_id, row.currency, row.amount);
}

/** Only the given days of a roll-up table. */
const onDays = (runs: readonly DayRun[]) => sql<boolean>`(${sql.join(runs.map((run) => sql`day between ${run.from} and ${run.to}`), sql` or `)})`;

/** The figures of the rolled-up days (network/rollup.ts) of a range that began on `rangeFrom`, added to `tallies`. */
async function addRolled(db: Kysely<DB>, ids: readonly string[], tallies: Tallies, runs: readonly DayRun[], rangeFrom: string): Promise<void> {
  if (!runs.length) return;
  const [daily, money, payers] = await Promise.all([
    db
      .selectFrom('network_daily')
      .select((eb) => ['tenant_id', eb.fn.sum<string>('visits').as('visits'), eb.fn.sum<string>('signups').as('signups'), eb.fn.sum<string>('confirmed').as('confirmed'), eb.fn.sum<string>('purchases').as('purchases'), eb.fn.sum<string>('chargebacks').as('chargebacks')])
      .where('tenant_id', 'in', ids)
      .where(onDays(runs))
      .groupBy('tenant_id')
      .execute(),
    db
      .selectFrom('network_daily_money')
      .select((eb) => ['tenant_id', 'currency', eb.fn.sum<string>('payments').as('payments'), eb.fn.sum<string>('revenue').as('revenue'), eb.fn.sum<string>('refund_count').as('refund_count'), eb.fn.sum<string>('refunds').as('refunds'), eb.fn.sum<string>('chargeback_count').as('chargeback_count'), eb.fn.sum<string>('chargebacks').as('chargebacks')])
      .where('tenant_id', 'in', ids)
      .where(onDays(runs))
      .groupBy(['tenant_id', 'currency'])
      .execute(),
    // A member paying in the range counts on the first of its days they paid on: the one whose previous payment came before the range.
    db
      .selectFrom('network_daily_payers')
      .select([
        'tenant_id',
        sql<string>`coalesce(sum(payers) filter (where previous_day is null), 0)`.as('first'),
        sql<string>`coalesce(sum(payers) filter (where previous_day is null or previous_day < ${rangeFrom}), 0)`.as('paying'),
      ])
      .where('tenant_id', 'in', ids)
      .where(onDays(runs))
      .groupBy('tenant_id')
      .execute(),
  ]);
  for (const field of ['visits', 'signups', 'confirmed', 'purchases', 'chargebacks'] as const) tallies.count(field, daily.map((row) => ({ tenant_id: row.tenant_id, n: row[field] })));
  tallies.count('first_purchases', payers.map((row) => ({ tenant_id: row.tenant_id, n: row.first })));
  tallies.count('paying_members', payers.map((row) => ({ tenant_id: row.tenant_id, n: row.paying })));
  for (const row of money) {
    if (Number(row.payments) > 0) tallies.amount('revenue', row.tenant_id, row.currency, row.revenue);
    if (Number(row.refund_count) > 0) tallies.amount('refunds', row.tenant_id, row.currency, row.refunds);
    if (Number(row.chargeback_count) > 0) tallies.amount('charged_back', row.tenant_id, row.currency, row.chargebacks);
  }
}

/**
 * The overview of a range. Its days up to the roll-up's last day are read from the daily roll-ups,
 * the others (today, a day changed since it was rolled up) from the tables — the same figures either
 * way; `live` computes every day from the tables (the tests and the bench compare the two).
 */
export async function networkOverview(db: Kysely<DB>, actor: NetworkActor | null, input: { tenants: readonly Tenant[]; range: ReportRange; live?: boolean; status?: (id: string) => SiteStatus }): Promise<Result<SiteOverview[]>> {
  if (!networkCan(actor, 'overview')) return { ok: false, error: 'forbidden' };
  const { start } = rangeBounds(input.range);
  const ids = input.tenants.map((tenant) => tenant.id);
  if (!ids.length) return { ok: true, value: [] };
  const { rolled, live } = input.live ? { rolled: [], live: [input.range] } : await rollupCoverage(db, input.range);
  const tallies = new Tallies();
  await Promise.all([
    addRolled(db, ids, tallies, rolled, input.range.from),
    ...live.map((run) => {
      const bounds = rangeBounds(run);
      return addLive(db, ids, tallies, bounds.start, bounds.end, start);
    }),
  ]);
  return {
    ok: true,
    value: input.tenants.map((tenant) => {
      const site = tallies.of(tenant.id);
      const revenue = inOrder(site.revenue);
      return {
        id: tenant.id,
        name: tenant.settings.name,
        status: input.status?.(tenant.id) ?? 'active',
        visits: site.visits,
        signups: site.signups,
        confirmed: site.confirmed,
        first_purchases: site.first_purchases,
        purchases: site.purchases,
        paying_members: site.paying_members,
        revenue,
        refunds: inOrder(site.refunds),
        chargebacks: site.chargebacks,
        charged_back: inOrder(site.charged_back),
        net_revenue: netRevenue(site),
        signup_rate: rate(site.signups, site.visits),
        purchase_rate: rate(site.first_purchases, site.signups),
        arppu: site.paying_members ? Object.fromEntries(Object.entries(revenue).map(([currency, amount]) => [currency, Math.round(amount / site.paying_members)])) : {},
      };
    }),
  };
}

/** Revenue less refunds less chargebacks per currency (docs/network-console.md): a currency with any of the three. */
function netRevenue(site: Pick<Tally, 'revenue' | 'refunds' | 'charged_back'>): Amounts {
  const net: Amounts = {};
  for (const [currency, amount] of Object.entries(site.revenue)) net[currency] = (net[currency] ?? 0) + amount;
  for (const [currency, amount] of [...Object.entries(site.refunds), ...Object.entries(site.charged_back)]) net[currency] = (net[currency] ?? 0) - amount;
  return inOrder(net);
}

/** The sum over all sites per currency (each currency on its own: amounts are never converted). */
export function totalsPerCurrency(sites: readonly SiteOverview[], field: 'revenue' | 'refunds' | 'charged_back' | 'net_revenue'): Amounts {
  const totals: Amounts = {};
  for (const site of sites) for (const [currency, amount] of Object.entries(site[field])) totals[currency] = (totals[currency] ?? 0) + amount;
  return totals;
}

/** Signups and revenue per site and day, week (from Monday) or month, for the charts: rolled-up days from the roll-ups, the others live (as the overview). */
export async function networkSeries(db: Kysely<DB>, actor: NetworkActor | null, input: { tenants: readonly Tenant[]; range: ReportRange; bucket: Bucket; live?: boolean }): Promise<Result<SeriesPoint[]>> {
  if (!networkCan(actor, 'overview')) return { ok: false, error: 'forbidden' };
  const ids = input.tenants.map((tenant) => tenant.id);
  if (!ids.length) return { ok: true, value: [] };
  const unit = sql.lit(input.bucket);
  const period = (column: 'users.signup_date' | 'payments.fulfilled_at') => sql<string>`to_char(date_trunc(${unit}, ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const dayPeriod = sql<string>`to_char(date_trunc(${unit}, day::timestamp), 'YYYY-MM-DD')`;
  const { rolled, live } = input.live ? { rolled: [], live: [input.range] } : await rollupCoverage(db, input.range);
  const parts = await Promise.all([
    ...(rolled.length
      ? [
          db.selectFrom('network_daily').select(['tenant_id', dayPeriod.as('period'), (eb) => eb.fn.sum<string>('signups').as('n')]).where('tenant_id', 'in', ids).where(onDays(rolled)).groupBy(['tenant_id', sql`2`]).having((eb) => eb.fn.sum('signups'), '>', 0).execute(),
          db
            .selectFrom('network_daily_money')
            .select(['tenant_id', 'currency', dayPeriod.as('period'), (eb) => eb.fn.sum<string>('revenue').as('amount')])
            .where('tenant_id', 'in', ids)
            .where(onDays(rolled))
            .groupBy(['tenant_id', 'currency', sql`3`])
            .having((eb) => eb.fn.sum('payments'), '>', 0)
            .execute(),
        ]
      : []),
    ...live.flatMap((run) => {
      const { start, end } = rangeBounds(run);
      return [
        db.selectFrom('users').select(['tenant_id', period('users.signup_date').as('period'), (eb) => eb.fn.countAll<string>().as('n')]).where('tenant_id', 'in', ids).where('signup_date', '>=', start).where('signup_date', '<', end).groupBy(['tenant_id', sql`2`]).execute(),
        db
          .selectFrom('payments')
          .select(['tenant_id', 'currency', period('payments.fulfilled_at').as('period'), (eb) => eb.fn.sum<string>('amount').as('amount')])
          .where('tenant_id', 'in', ids)
          .where('fulfilled_at', '>=', start)
          .where('fulfilled_at', '<', end)
          .groupBy(['tenant_id', 'currency', sql`3`])
          .execute(),
      ];
    }),
  ]);
  const points = new Map<string, SeriesPoint>();
  const point = (site: string, at: string) => {
    const key = `${site} ${at}`;
    const existing = points.get(key) ?? { site, period: at, signups: 0, revenue: {} };
    points.set(key, existing);
    return existing;
  };
  for (const rows of parts)
    for (const row of rows as ({ tenant_id: string; period: string } & ({ n: string } | { currency: string; amount: string | null }))[]) {
      const at = point(row.tenant_id, row.period);
      if ('n' in row) at.signups += Number(row.n);
      else at.revenue[row.currency] = (at.revenue[row.currency] ?? 0) + Number(row.amount ?? 0);
    }
  return { ok: true, value: [...points.values()].map((at) => ({ ...at, revenue: inOrder(at.revenue) })).sort((a, b) => a.period.localeCompare(b.period) || a.site.localeCompare(b.site)) };
}

/** The overview as CSV: one row per site with its status (an archived site keeps its rows, docs/decisions/0066), amounts in major units per currency column, rates to four decimals. */
export function overviewCsv(sites: readonly SiteOverview[]): string {
  const currencies = [...new Set(sites.flatMap((site) => Object.keys(site.net_revenue)))].sort();
  const header = [
    'site', 'name', 'status', 'visits', 'signups', 'confirmed', 'first_purchases', 'purchases', 'paying_members', 'chargebacks', 'signup_rate', 'purchase_rate',
    ...(['revenue', 'refunds', 'chargebacks', 'net_revenue'] as const).flatMap((figure) => currencies.map((c) => `${figure}_${c}`)),
  ];
  const major = (amounts: Amounts, currency: string) => Number(((amounts[currency] ?? 0) / 100).toFixed(2));
  const fixed = (value: number | null) => (value === null ? null : Number(value.toFixed(4)));
  const body = sites.map((site) => [
    site.id, site.name, site.status, site.visits, site.signups, site.confirmed, site.first_purchases, site.purchases, site.paying_members, site.chargebacks,
    fixed(site.signup_rate.rate), fixed(site.purchase_rate.rate),
    ...[site.revenue, site.refunds, site.charged_back, site.net_revenue].flatMap((amounts) => currencies.map((c) => major(amounts, c))),
  ]);
  return toCsv([header, ...body]);
}
