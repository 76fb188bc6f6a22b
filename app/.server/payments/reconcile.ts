// The reconciliation round (docs/architecture.md §8, §9; docs/decisions/0013, 0022), run every minute: asks the
// provider again about every payment that is due (payments/schedule.ts: every minute while it can
// still be paid, hourly after, never once final), sends again the intents whose provider id was
// never stored (payments/intents.ts), and brings pending refunds closer to final
// (payments/refunds.ts). Provider calls run in parallel, at most `concurrency` at a time, so that
// thousands of open payments are all asked within the round. A plain function that returns what it
// did: the job queue runs it once a minute on one instance at a time (jobs/scheduled.ts,
// docs/decisions/0023-job-queue.md).
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import type { DB, Payment, Refund } from '../db/schema';
import type { EventBus } from '../events/bus';
import type { Tenant } from '../tenants/schema';
import { refreshPayment } from './payments';
import type { PaymentProvider } from './provider';
import { settleRefund } from './refunds';
import { RECONCILE_EVERY_MS, RECONCILE_LATE_EVERY_MS } from './schedule';
import { logger } from '../observability/logger';

export interface ReconcileResult {
  /** Payments asked about (or intents sent again), and how many of those credited a bundle. */
  checked: number;
  fulfilled: number;
  /** Intents without a provider id: sent again with their key, or closed once it was forgotten. */
  resent: number;
  closed: number;
  /** Provider calls that failed (asked again next round). */
  failed: number;
  refunds: { checked: number; refunded: number; reversed: number; failed: number };
}

/** At most this many provider calls at once: thousands a minute, without a burst against the provider's rate limit. */
export const RECONCILE_CONCURRENCY = 8;
/** Due rows are read in small batches: each batch is done well within a second or two, and a round can stop between any two. */
export const RECONCILE_BATCH = 100;
/**
 * A round stops taking new batches after this long; the rest is still due and the next round goes on
 * with it (each check moves its payment's next_check_at, so nothing is asked twice and nothing is
 * started over). Well inside the job's expiry (payments.reconcile: 600 s) and the minute between rounds.
 */
export const ROUND_BUDGET_MS = 45_000;

export interface ReconcileOptions {
  concurrency?: number;
  events?: EventBus;
  /** Time budget of the round (default ROUND_BUDGET_MS). */
  budgetMs?: number;
  /** At most this many payments are asked in this round (tests use it to stand in for a short budget). */
  maxChecks?: number;
}

/**
 * The due payments in the order they are asked: those that may well have settled first — the member
 * came back from the checkout or a webhook named them (settle_hint_at) — then the newest (an
 * abandoned checkout is older than one being paid right now; an old one has mostly expired at the
 * provider). Served by payments_due_order_idx (migration 0025) in that order, filtered on next_check_at.
 */
function dueBatch(db: Kysely<DB>, round: Date, limit: number, skip: readonly number[]) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', 'in', ['open', 'pending'])
    .where('next_check_at', '<=', round)
    .$if(skip.length > 0, (q) => q.where('id', 'not in', skip))
    .orderBy(sql`settle_hint_at desc nulls last`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function reconcilePayments(
  db: Kysely<DB>,
  tenants: (id: string) => Tenant | undefined,
  providerOf: (tenant: Tenant) => PaymentProvider,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const concurrency = options.concurrency ?? RECONCILE_CONCURRENCY;
  const budgetMs = options.budgetMs ?? ROUND_BUDGET_MS;
  const round = now();
  const result: ReconcileResult = { checked: 0, fulfilled: 0, resent: 0, closed: 0, failed: 0, refunds: { checked: 0, refunded: 0, reversed: 0, failed: 0 } };
  // Payments this round asked whose check left them due (an intent younger than a minute waits
  // for its live request): not asked twice in one round.
  const stillDue: number[] = [];
  const started = Date.now();
  let left = options.maxChecks ?? Infinity;
  while (Date.now() - started < budgetMs && left > 0) {
    const due = await dueBatch(db, round, Math.min(RECONCILE_BATCH, left), stillDue);
    if (due.length === 0) break;
    left -= due.length;
    await inParallel(due, concurrency, (payment) => checkPayment(db, tenants, providerOf, payment, result, options.events));
    const unmoved = await db.selectFrom('payments').select('id').where('id', 'in', due.map((payment) => payment.id)).where('status', 'in', ['open', 'pending']).where('next_check_at', '<=', round).execute();
    stillDue.push(...unmoved.map((row) => row.id));
  }
  await retryRefunds(db, tenants, providerOf, round, concurrency, result.refunds, options.events);
  return result;
}

/**
 * The reconciliation lag, in seconds: how long the most overdue payment that can still change (open
 * or pending) has been waiting for its check — 0 when every due payment has been asked. A payment
 * is due every minute while it can be paid, so a lag above a minute or two means rounds do not keep
 * up (a backlog, a slow provider). Read by the metrics endpoint (payments_reconciliation_lag_seconds).
 */
export async function reconciliationLag(db: Kysely<DB>): Promise<number> {
  const at = now();
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.min<Date | null>('next_check_at').as('oldest'))
    .where('status', 'in', ['open', 'pending'])
    .where('next_check_at', '<=', at)
    .executeTakeFirst();
  if (!row?.oldest) return 0;
  return Math.max(0, Math.round((at.getTime() - new Date(row.oldest).getTime()) / 1000));
}

async function checkPayment(
  db: Kysely<DB>,
  tenants: (id: string) => Tenant | undefined,
  providerOf: (tenant: Tenant) => PaymentProvider,
  payment: Payment,
  result: ReconcileResult,
  events?: EventBus,
): Promise<void> {
  const tenant = tenants(payment.tenant_id);
  if (!tenant) {
    // A tenant no longer served: its payments wait, asked hourly, until it is back.
    await db.updateTable('payments').set({ next_check_at: new Date(now().getTime() + RECONCILE_LATE_EVERY_MS) }).where('id', '=', payment.id).execute();
    return;
  }
  try {
    const applied = await refreshPayment(db, providerOf(tenant), payment, events);
    result.checked++;
    if (applied.fulfilled) result.fulfilled++;
    if (!payment.provider_id) {
      if (applied.payment.provider_id) result.resent++;
      else if (applied.payment.status !== payment.status) result.closed++;
    }
  } catch (error) {
    result.failed++;
    logger.error(`reconciling payment ${payment.id} failed: ${(error as Error).message}`);
    await db.updateTable('payments').set({ checked_at: now(), next_check_at: new Date(now().getTime() + RECONCILE_EVERY_MS) }).where('id', '=', payment.id).execute();
  }
}

/** Pending refunds that are due: sent again or asked again until refunded, or reversed when refused. */
async function retryRefunds(
  db: Kysely<DB>,
  tenants: (id: string) => Tenant | undefined,
  providerOf: (tenant: Tenant) => PaymentProvider,
  round: Date,
  concurrency: number,
  result: ReconcileResult['refunds'],
  events?: EventBus,
): Promise<void> {
  const due = await db.selectFrom('refunds').selectAll().where('status', '=', 'pending').where('next_check_at', '<=', round).orderBy('next_check_at').limit(500).execute();
  await inParallel(due, concurrency, async (refund: Refund) => {
    const tenant = tenants(refund.tenant_id);
    if (!tenant) return;
    try {
      const settled = await settleRefund({ db, tenant, provider: providerOf(tenant), ...(events ? { events } : {}) }, refund);
      result.checked++;
      if (settled.status === 'refunded') result.refunded++;
      if (settled.status === 'failed') result.reversed++;
    } catch (error) {
      result.failed++;
      logger.error(`retrying refund ${refund.id} failed: ${(error as Error).message}`);
      await db.updateTable('refunds').set({ next_check_at: new Date(now().getTime() + RECONCILE_EVERY_MS) }).where('id', '=', refund.id).execute();
    }
  });
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
