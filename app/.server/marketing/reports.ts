// The marketer's reports (docs/decisions/0028, console): a funnel by lander, variant, network, ref and
// sub1, and each split's variants with their conversion rate and its Wilson 95 % interval.
// - The funnel counts what happened in the range, each figure exactly as the network overview counts
//   it (docs/network-console.md, "What the figures count"; docs/decisions/0069 replaced 0028's cohort
//   of visits, whose November changed with every later refund and never matched the overview): the
//   visits made in it, the signups, confirmations and first purchases made in it, and its net revenue.
//   A member's row is the one of the visit their signup is attributed to (users.visit_id, decision
//   0027: last touch with a traffic source), whenever that visit was; a member without one counts in
//   the row without lander, variant, network, ref and sub1. The rows add up to the overview's figures.
// - Net revenue: fulfilled payments of the range, less the refunds asked in it (not failed), less the
//   payments charged back in it (the whole payment), in integer minor units per currency.
// - EPC (earnings per click) = net revenue / visits, per currency.
// - A burst of new visits from one address on one lander (decision 0055) is one visit: the visits
//   folded into its first one (visits.burst_of) are not counted, and the bursts are listed apart.
// The split report is an experiment, not an account: it follows the visits made in the range to the
// signups attributed to them, whenever they came.
import { sql, type Kysely } from 'kysely';
import type { BurstRow, FunnelRow, Money, ReportRange, SplitReport } from '~/shared/marketing-types';
import type { DB } from '../db/schema';
import type { OperatorActor } from '../operators/operator';
import { BUILT_IN } from '../landers/resolve';
import type { Tenant } from '../tenants/schema';
import { canMarket, type MarketingError } from './access';
import { toCsv } from './csv';
import { rangeBounds } from './range';
import { wilsonInterval } from './wilson';

type Result<T> = { ok: true; value: T } | { ok: false; error: MarketingError };

const KEYS = ['lander', 'variant', 'network', 'ref', 'sub1'] as const;
type Key = Record<(typeof KEYS)[number], string | null>;
const keyOf = (row: Key) => JSON.stringify(KEYS.map((key) => row[key]));
const DIMENSIONS = KEYS.map((key) => `v.${key}` as const);

type Count = 'visits' | 'signups' | 'confirmed' | 'firstPurchases';

export async function funnelReport(db: Kysely<DB>, tenant: Tenant, actor: OperatorActor, range: ReportRange): Promise<Result<FunnelRow[]>> {
  if (!canMarket(actor, tenant)) return { ok: false, error: 'forbidden' };
  const { start, end } = rangeBounds(range);
  // Members with the dimensions of the visit their signup is attributed to (none: nulls).
  const members = () => db.selectFrom('users as u').leftJoin('visits as v', (join) => join.onRef('v.id', '=', 'u.visit_id').on('v.tenant_id', '=', tenant.id)).where('u.tenant_id', '=', tenant.id);
  const [visits, signups, confirmed, firstPurchases, paid, refunded, chargedBack] = await Promise.all([
    db
      .selectFrom('visits as v')
      .select([...DIMENSIONS, (eb) => eb.fn.countAll<string>().as('n')])
      .where('v.tenant_id', '=', tenant.id)
      .where('v.burst_of', 'is', null)
      .where('v.created_at', '>=', start)
      .where('v.created_at', '<', end)
      .groupBy(DIMENSIONS)
      .execute(),
    members().select([...DIMENSIONS, (eb) => eb.fn.countAll<string>().as('n')]).where('u.signup_date', '>=', start).where('u.signup_date', '<', end).groupBy(DIMENSIONS).execute(),
    members().select([...DIMENSIONS, (eb) => eb.fn.countAll<string>().as('n')]).where('u.confirmed_at', '>=', start).where('u.confirmed_at', '<', end).groupBy(DIMENSIONS).execute(),
    // A first purchase: the member's earliest fulfilled payment falls in the range.
    members()
      .innerJoin('payments as p', (join) => join.onRef('p.user_id', '=', 'u.id').on('p.tenant_id', '=', tenant.id))
      .select([...DIMENSIONS, (eb) => eb.fn.count<string>('u.id').distinct().as('n')])
      .where('p.fulfilled_at', '>=', start)
      .where('p.fulfilled_at', '<', end)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('payments as q').select('q.id').whereRef('q.user_id', '=', 'u.id').where('q.fulfilled_at', '<', start))))
      .groupBy(DIMENSIONS)
      .execute(),
    members()
      .innerJoin('payments as p', (join) => join.onRef('p.user_id', '=', 'u.id').on('p.tenant_id', '=', tenant.id))
      .select([...DIMENSIONS, 'p.currency', (eb) => eb.fn.sum<string>('p.amount').as('amount')])
      .where('p.fulfilled_at', '>=', start)
      .where('p.fulfilled_at', '<', end)
      .groupBy([...DIMENSIONS, 'p.currency'])
      .execute(),
    members()
      .innerJoin('refunds as r', (join) => join.onRef('r.user_id', '=', 'u.id').on('r.tenant_id', '=', tenant.id))
      .select([...DIMENSIONS, 'r.currency', (eb) => eb.fn.sum<string>('r.amount').as('amount')])
      .where('r.status', '<>', 'failed')
      .where('r.created_at', '>=', start)
      .where('r.created_at', '<', end)
      .groupBy([...DIMENSIONS, 'r.currency'])
      .execute(),
    members()
      .innerJoin('payments as p', (join) => join.onRef('p.user_id', '=', 'u.id').on('p.tenant_id', '=', tenant.id))
      .select([...DIMENSIONS, 'p.currency', (eb) => eb.fn.sum<string>('p.amount').as('amount')])
      .where('p.charged_back_at', '>=', start)
      .where('p.charged_back_at', '<', end)
      .groupBy([...DIMENSIONS, 'p.currency'])
      .execute(),
  ]);
  const rows = new Map<string, FunnelRow & { money: Map<string, number> }>();
  const rowOf = (key: Key) => {
    const found = rows.get(keyOf(key));
    if (found) return found;
    const row = { lander: key.lander, variant: key.variant, network: key.network, ref: key.ref, sub1: key.sub1, visits: 0, signups: 0, confirmed: 0, firstPurchases: 0, revenue: [], money: new Map<string, number>() };
    rows.set(keyOf(key), row);
    return row;
  };
  const count = (field: Count, list: (Key & { n: string | number | bigint })[]) => {
    for (const row of list) rowOf(row)[field] += Number(row.n);
  };
  const add = (list: (Key & { currency: string; amount: string | number | null })[], sign: 1 | -1) => {
    for (const row of list) {
      const money = rowOf(row).money;
      money.set(row.currency, (money.get(row.currency) ?? 0) + sign * Number(row.amount ?? 0));
    }
  };
  count('visits', visits);
  count('signups', signups);
  count('confirmed', confirmed);
  count('firstPurchases', firstPurchases);
  add(paid, 1);
  add(refunded, -1);
  add(chargedBack, -1);
  const report: FunnelRow[] = [...rows.values()].map(({ money, ...row }) => ({
    ...row,
    revenue: [...money].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency)),
  }));
  // Most visits first; ties in a stable order of their names.
  report.sort((a, b) => b.visits - a.visits || keyOf(a).localeCompare(keyOf(b)));
  return { ok: true, value: report };
}

/** At most this many bursts are listed (the newest): a list to look at, not an export of an attack. */
export const BURSTS_LISTED = 50;

/**
 * The suspicious bursts of the range (decision 0055), newest first: each burst's lander and path,
 * the address masked to its network, how many visits it folded into one, its first and last visit.
 */
export async function suspiciousBursts(db: Kysely<DB>, tenant: Tenant, actor: OperatorActor, range: ReportRange): Promise<Result<BurstRow[]>> {
  if (!canMarket(actor, tenant)) return { ok: false, error: 'forbidden' };
  const { start, end } = rangeBounds(range);
  const rows = await db
    .selectFrom('visits as burst')
    .innerJoin('visits as folded', (join) => join.onRef('folded.burst_of', '=', 'burst.id').on('folded.tenant_id', '=', tenant.id))
    .select(['burst.id', 'burst.lander', 'burst.path', 'burst.burst_address', 'burst.created_at'])
    .select((eb) => [eb.fn.countAll<string>().as('folded'), eb.fn.max('folded.created_at').as('last_at')])
    .where('burst.tenant_id', '=', tenant.id)
    .where('burst.burst_address', 'is not', null)
    .where('burst.created_at', '>=', start)
    .where('burst.created_at', '<', end)
    .groupBy(['burst.id', 'burst.lander', 'burst.path', 'burst.burst_address', 'burst.created_at'])
    .orderBy('burst.created_at', 'desc')
    .limit(BURSTS_LISTED)
    .execute();
  return {
    ok: true,
    value: rows.map((row) => ({
      lander: row.lander,
      path: row.path,
      address: row.burst_address ?? '',
      visits: Number(row.folded) + 1,
      firstAt: new Date(row.created_at).toISOString(),
      lastAt: new Date(row.last_at).toISOString(),
    })),
  };
}

/** The suspicious bursts as CSV (docs/api.md): one row per burst, times in ISO 8601 UTC. */
export function burstsCsv(rows: readonly BurstRow[]): string {
  const header = ['lander', 'path', 'address', 'visits', 'first_visit', 'last_visit'];
  return toCsv([header, ...rows.map((row) => [row.lander ?? NO_VALUE, row.path, row.address, row.visits, row.firstAt, row.lastAt])]);
}

/** Revenue per click in minor units (fractions kept: 0.5 cent per click is a real number for a buyer of traffic). */
export function earningsPerClick(row: Pick<FunnelRow, 'visits' | 'revenue'>): Money[] {
  return row.visits ? row.revenue.map((money) => ({ currency: money.currency, amount: money.amount / row.visits })) : [];
}

/** The funnel as CSV: one column per currency for revenue and EPC, amounts in major units with two (EPC four) decimals. */
/** The funnel's cell for a lander, variant, network, ref or sub1 the visit did not have. */
export const NO_VALUE = '(none)';

export function funnelCsv(rows: readonly FunnelRow[]): string {
  const currencies = [...new Set(rows.flatMap((row) => row.revenue.map((money) => money.currency)))].sort();
  const header = ['lander', 'variant', 'network', 'ref', 'sub1', 'visits', 'signups', 'confirmed', 'first_purchases', 'signup_rate', 'purchase_rate', ...currencies.map((c) => `revenue_${c}`), ...currencies.map((c) => `epc_${c}`)];
  const rate = (part: number, whole: number) => (whole ? Number((part / whole).toFixed(4)) : null);
  // The rates are the overview's (docs/network-console.md): signups per visit, first purchases per signup.
  // As docs/api.md says (issue 34 item 23): revenue with 2 decimals and EPC with 4, also when 0; a
  // dimension without a value is "(none)", as the page shows it.
  const dimension = (value: string | null) => value ?? NO_VALUE;
  const body = rows.map((row) => {
    const amount = (currency: string) => row.revenue.find((money) => money.currency === currency)?.amount ?? 0;
    return [
      dimension(row.lander), dimension(row.variant), dimension(row.network), dimension(row.ref), dimension(row.sub1),
      row.visits, row.signups, row.confirmed, row.firstPurchases,
      rate(row.signups, row.visits), rate(row.firstPurchases, row.signups),
      ...currencies.map((c) => (amount(c) / 100).toFixed(2)),
      ...currencies.map((c) => (row.visits ? (amount(c) / 100 / row.visits).toFixed(4) : null)),
    ];
  });
  return toCsv([header, ...body]);
}

/**
 * Each split of the tenant with its variants' visits behind the split's URL (its slug is the last
 * part of the visit's path), signups and conversion rate with a Wilson 95 % interval.
 */
export async function splitReport(db: Kysely<DB>, tenant: Tenant, actor: OperatorActor, range: ReportRange): Promise<Result<SplitReport[]>> {
  if (!canMarket(actor, tenant)) return { ok: false, error: 'forbidden' };
  const splits = (tenant.landers ?? BUILT_IN).splits;
  if (!splits.length) return { ok: true, value: [] };
  const { start, end } = rangeBounds(range);
  const slugOfPath = sql<string>`substring(lower(rtrim(visits.path, '/')) from '[^/]+$')`;
  const rows = await db
    .selectFrom('visits')
    .leftJoin('users', (join) => join.onRef('users.visit_id', '=', 'visits.id').on('users.tenant_id', '=', tenant.id))
    .select([slugOfPath.as('split'), 'visits.variant'])
    .select((eb) => [eb.fn.count<string>('visits.id').distinct().filterWhere('visits.burst_of', 'is', null).as('visits'), eb.fn.count<string>('users.id').as('signups')])
    .where('visits.tenant_id', '=', tenant.id)
    .where('visits.created_at', '>=', start)
    .where('visits.created_at', '<', end)
    .where(slugOfPath, 'in', splits.map((split) => split.slug))
    .groupBy([slugOfPath, 'visits.variant'])
    .execute();
  return {
    ok: true,
    value: splits.map((split) => ({
      slug: split.slug,
      variants: split.variants.map(({ variant, weight }) => {
        const row = rows.find((r) => r.split === split.slug && r.variant === variant);
        const visits = Number(row?.visits ?? 0);
        const signups = Number(row?.signups ?? 0);
        const interval = wilsonInterval(signups, visits);
        return { variant, weight, visits, signups, rate: visits ? signups / visits : null, low: interval?.low ?? null, high: interval?.high ?? null };
      }),
    })),
  };
}
