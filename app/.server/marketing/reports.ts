// The marketer's reports (docs/decisions/0028, console): a funnel by lander, variant, network, ref and
// sub1, and each split's variants with their conversion rate and its Wilson 95 % interval.
// - A report is a cohort of visits: the date range selects visits (clicks) by when they were made;
//   every signup, confirmation, purchase and refund attributed to those visits (users.visit_id,
//   decision 0027: last touch with a traffic source) counts, whenever it happened. The rates and EPC
//   then divide numbers of the same visitors.
// - Revenue: fulfilled payments of those members in integer minor units per currency, minus what was
//   refunded (payments.refunded_amount, raised when a refund is asked and lowered again if it fails);
//   a charged-back payment counts nothing.
// - EPC (earnings per click) = revenue / visits, per currency.
// - A burst of new visits from one address on one lander (decision 0055) is one visit: the visits
//   folded into its first one (visits.burst_of) are not counted, and the bursts are listed apart.
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

/** Net revenue of a payment: what was paid, less what went back. */
const NET = sql<number>`case when payments.charged_back_at is not null then 0 else payments.amount - payments.refunded_amount end`;

export async function funnelReport(db: Kysely<DB>, tenant: Tenant, actor: OperatorActor, range: ReportRange): Promise<Result<FunnelRow[]>> {
  if (!canMarket(actor, tenant)) return { ok: false, error: 'forbidden' };
  const { start, end } = rangeBounds(range);
  const buyers = db
    .selectFrom('payments')
    .select('payments.user_id')
    .distinct()
    .where('payments.tenant_id', '=', tenant.id)
    .where('payments.fulfilled_at', 'is not', null)
    .as('buyers');
  const counts = await db
    .selectFrom('visits')
    .leftJoin('users', (join) => join.onRef('users.visit_id', '=', 'visits.id').on('users.tenant_id', '=', tenant.id))
    .leftJoin(buyers, 'buyers.user_id', 'users.id')
    .select(['visits.lander', 'visits.variant', 'visits.network', 'visits.ref', 'visits.sub1'])
    .select((eb) => [
      eb.fn.count<string>('visits.id').distinct().filterWhere('visits.burst_of', 'is', null).as('visits'),
      eb.fn.count<string>('users.id').as('signups'),
      eb.fn.count<string>('users.confirmed_at').as('confirmed'),
      eb.fn.count<string>('buyers.user_id').as('first_purchases'),
    ])
    .where('visits.tenant_id', '=', tenant.id)
    .where('visits.created_at', '>=', start)
    .where('visits.created_at', '<', end)
    .groupBy(['visits.lander', 'visits.variant', 'visits.network', 'visits.ref', 'visits.sub1'])
    .execute();
  const revenue = await db
    .selectFrom('visits')
    .innerJoin('users', (join) => join.onRef('users.visit_id', '=', 'visits.id').on('users.tenant_id', '=', tenant.id))
    .innerJoin('payments', (join) => join.onRef('payments.user_id', '=', 'users.id').on('payments.tenant_id', '=', tenant.id).on('payments.fulfilled_at', 'is not', null))
    .select(['visits.lander', 'visits.variant', 'visits.network', 'visits.ref', 'visits.sub1', 'payments.currency'])
    .select(sql<string>`sum(${NET})`.as('amount'))
    .where('visits.tenant_id', '=', tenant.id)
    .where('visits.created_at', '>=', start)
    .where('visits.created_at', '<', end)
    .groupBy(['visits.lander', 'visits.variant', 'visits.network', 'visits.ref', 'visits.sub1', 'payments.currency'])
    .execute();
  const money = new Map<string, Money[]>();
  for (const row of revenue) {
    const list = money.get(keyOf(row)) ?? [];
    list.push({ currency: row.currency, amount: Number(row.amount) });
    money.set(keyOf(row), list);
  }
  const rows: FunnelRow[] = counts.map((row) => ({
    lander: row.lander,
    variant: row.variant,
    network: row.network,
    ref: row.ref,
    sub1: row.sub1,
    visits: Number(row.visits),
    signups: Number(row.signups),
    confirmed: Number(row.confirmed),
    firstPurchases: Number(row.first_purchases),
    revenue: (money.get(keyOf(row)) ?? []).sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency)),
  }));
  // Most visits first; ties in a stable order of their names.
  rows.sort((a, b) => b.visits - a.visits || keyOf(a).localeCompare(keyOf(b)));
  return { ok: true, value: rows };
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
  // As docs/api.md says (issue 34 item 23): revenue with 2 decimals and EPC with 4, also when 0; a
  // dimension without a value is "(none)", as the page shows it.
  const dimension = (value: string | null) => value ?? NO_VALUE;
  const body = rows.map((row) => {
    const amount = (currency: string) => row.revenue.find((money) => money.currency === currency)?.amount ?? 0;
    return [
      dimension(row.lander), dimension(row.variant), dimension(row.network), dimension(row.ref), dimension(row.sub1),
      row.visits, row.signups, row.confirmed, row.firstPurchases,
      rate(row.signups, row.visits), rate(row.firstPurchases, row.visits),
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
