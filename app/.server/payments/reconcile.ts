// The reconciliation job (DESIGN §8, §9): asks the provider again about open and pending payments,
// least recently checked first, so a lost webhook loses no credits. The job queue runs it once a
// minute on one instance at a time (jobs/scheduled.ts, docs/decisions/0023-job-queue.md).
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { refreshPayment } from './payments';
import type { PaymentProvider } from './provider';
import type { EventBus } from '../events/bus';

export interface ReconcileResult {
  checked: number;
  fulfilled: number;
  failed: number;
}

/** Payments younger than this are left to their webhook. */
export const RECONCILE_AFTER_MS = 60_000;

export async function reconcilePayments(
  db: Kysely<DB>,
  tenants: (id: string) => Tenant | undefined,
  providerOf: (tenant: Tenant) => PaymentProvider,
  options: { limit?: number; after?: number; events?: EventBus } = {},
): Promise<ReconcileResult> {
  const before = new Date(now().getTime() - (options.after ?? RECONCILE_AFTER_MS));
  const due = await db
    .selectFrom('payments')
    .selectAll()
    .where('status', 'in', ['open', 'pending'])
    .where('provider_id', 'is not', null)
    .where('checked_at', '<', before)
    .orderBy('checked_at')
    .limit(options.limit ?? 200)
    .execute();
  const result: ReconcileResult = { checked: 0, fulfilled: 0, failed: 0 };
  for (const payment of due) {
    const tenant = tenants(payment.tenant_id);
    if (!tenant) continue;
    try {
      const applied = await refreshPayment(db, providerOf(tenant), payment, options.events);
      result.checked++;
      if (applied.fulfilled) result.fulfilled++;
    } catch (error) {
      result.failed++;
      console.error(`[rendezvous] reconciling payment ${payment.id} failed: ${(error as Error).message}`);
      await db.updateTable('payments').set({ checked_at: now() }).where('id', '=', payment.id).execute();
    }
  }
  return result;
}
