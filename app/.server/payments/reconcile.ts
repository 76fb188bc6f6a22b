// The reconciliation round (DESIGN §8, §9; docs/decisions/0013, 0022), run every minute: asks the
// provider again about every payment that is due (payments/schedule.ts: every minute while it can
// still be paid, hourly after, never once final), sends again the intents whose provider id was
// never stored (payments/intents.ts), and brings pending refunds closer to final
// (payments/refunds.ts). Provider calls run in parallel, at most `concurrency` at a time, so that
// thousands of open payments are all asked within the round. A plain function that returns what it
// did: the job queue runs it once a minute on one instance at a time (jobs/scheduled.ts,
// docs/decisions/0023-job-queue.md).
import type { Kysely } from 'kysely';
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
/** Due rows are read in pages of this many. */
const PAGE = 500;
/** A round stops taking new pages after this long; the rest is due next round. */
const ROUND_BUDGET_MS = 4 * 60_000;

export async function reconcilePayments(
  db: Kysely<DB>,
  tenants: (id: string) => Tenant | undefined,
  providerOf: (tenant: Tenant) => PaymentProvider,
  options: { concurrency?: number; events?: EventBus } = {},
): Promise<ReconcileResult> {
  const concurrency = options.concurrency ?? RECONCILE_CONCURRENCY;
  const round = now();
  const result: ReconcileResult = { checked: 0, fulfilled: 0, resent: 0, closed: 0, failed: 0, refunds: { checked: 0, refunded: 0, reversed: 0, failed: 0 } };
  const seen = new Set<number>();
  const started = Date.now();
  while (Date.now() - started < ROUND_BUDGET_MS) {
    const due = (
      await db
        .selectFrom('payments')
        .selectAll()
        .where('status', 'in', ['open', 'pending'])
        .where('next_check_at', '<=', round)
        .orderBy('next_check_at')
        .orderBy('id')
        .limit(PAGE)
        .execute()
    ).filter((payment) => !seen.has(payment.id));
    // Every check moves the payment's next_check_at past this round; a page of only rows seen
    // already means nothing is left that this round can move.
    if (due.length === 0) break;
    await inParallel(due, concurrency, async (payment) => {
      seen.add(payment.id);
      await checkPayment(db, tenants, providerOf, payment, result, options.events);
    });
  }
  await retryRefunds(db, tenants, providerOf, round, concurrency, result.refunds, options.events);
  return result;
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
  const due = await db.selectFrom('refunds').selectAll().where('status', '=', 'pending').where('next_check_at', '<=', round).orderBy('next_check_at').limit(PAGE).execute();
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
