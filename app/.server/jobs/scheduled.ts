// The scheduled rounds of the server (docs/decisions/0023-job-queue.md), registered on the job queue
// at start: each round runs once across all instances (cron in pg-boss, a stately queue per round).
import type { Kysely } from 'kysely';
import { eraseExpiredAccounts } from '../accounts/deletion';
import type { DB } from '../db/schema';
import type { EventBus } from '../events/bus';
import type { MediaStorage } from '../media/storage';
import { reconcilePayments } from '../payments/reconcile';
import type { PaymentProvider } from '../payments/provider';
import type { Tenant } from '../tenants/schema';
import type { JobQueue } from './queue';

/** Cron (UTC) of each round. */
export const ROUNDS = {
  // Open and pending payments are asked of their provider again: a lost webhook loses nothing.
  'payments.reconcile': '* * * * *',
  // Accounts past their 14-day reactivation window are erased.
  'accounts.erase': '17 * * * *',
} as const;

export async function startScheduledJobs(
  jobs: JobQueue,
  deps: { db: Kysely<DB>; tenant: (id: string) => Tenant | undefined; providerFor: (tenant: Tenant) => PaymentProvider; events: EventBus; media: MediaStorage; log: (message: string) => void },
): Promise<void> {
  const { db, log } = deps;
  await jobs.work('payments.reconcile', async () => {
    const result = await reconcilePayments(db, deps.tenant, deps.providerFor, { events: deps.events });
    if (result.failed) log(`reconciling payments: ${result.failed} of ${result.checked + result.failed} failed`);
  });
  await jobs.work('accounts.erase', async () => {
    const erased = await eraseExpiredAccounts(db, deps.media);
    if (erased) log(`erased ${erased} accounts past their reactivation window`);
  });
  for (const [name, cron] of Object.entries(ROUNDS)) await jobs.schedule(name as keyof typeof ROUNDS, cron);
}
