// The scheduled rounds of the server (docs/decisions/0023-job-queue.md), registered on the job queue
// at start: each round runs once across all instances (cron in pg-boss, a stately queue per round).
import type { Kysely } from 'kysely';
import { eraseExpiredAccounts } from '../accounts/deletion';
import type { DB } from '../db/schema';
import type { EventBus } from '../events/bus';
import type { MediaStorage } from '../media/storage';
import { rollUpNetworkDays } from '../network/rollup';
import { reconcilePayments } from '../payments/reconcile';
import type { PaymentProvider } from '../payments/provider';
import type { Tenant } from '../tenants/schema';
import type { JobQueue } from './queue';
import type { User } from '../db/schema';
import { notifyActivity } from '../notifications/activity';
import { sendPush, type PushPayload } from '../notifications/push';
import { deliverNewsBatch } from '../notifications/news';
import { runNotificationRounds } from '../notifications/rounds';
import { prepareExport, type ExportJob } from '../trust/export';
import { applyRetention } from '../trust/retention';
import { queueUnscreenedPhotos, screenPhoto, type ScreenJob } from '../trust/photo-screening';
import { REWEIGH_CRON, reweighSplits } from '../splits/optimise';

/** Cron (UTC) of each round. */
export const ROUNDS = {
  // Open and pending payments are asked of their provider again: a lost webhook loses nothing.
  'payments.reconcile': '* * * * *',
  // Accounts past their 14-day reactivation window are erased.
  'accounts.erase': '17 * * * *',
  // New messages and likes: the first mail after a quiet spell within two minutes (docs/decisions/0024).
  'notifications.activity': '* * * * *',
  // Unread-message reminders, account reminders, weekly updates and promotions: each kind's rule says
  // what is due by the app clock (docs/decisions/0024), so a round every 10 minutes is enough.
  'notifications.rounds': '*/10 * * * *',
  // What trust and safety keeps for a limited time is deleted (docs/decisions/0029).
  'trust.retention': '41 3 * * *',
  // The network overview's daily roll-ups: yesterday once it has ended, and the past days changed
  // since they were rolled up (docs/decisions/0058); until then the overview reads those days live.
  'network.rollup': '*/5 * * * *',
  // Splits in auto mode get new weights from their visits so far (docs/decisions/0064); also run at start.
  'splits.reweigh': REWEIGH_CRON,
} as const;

export async function startScheduledJobs(
  jobs: JobQueue,
  deps: {
    db: Kysely<DB>;
    tenant: (id: string) => Tenant | undefined;
    /** Every tenant the instance serves now (the split round weighs all their splits). */
    tenants: () => Tenant[];
    providerFor: (tenant: Tenant) => PaymentProvider;
    events: EventBus;
    media: MediaStorage;
    /** scheme://host that links in a member's notifications point to. */
    originOf: (tenant: Tenant, user: User) => string;
    log: (message: string) => void;
  },
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
  await jobs.work('notifications.activity', async () => {
    const result = await notifyActivity(db, { tenant: deps.tenant, originOf: deps.originOf, jobs });
    // The mails are in the outbox: send them now rather than at the outbox's next round.
    if (result.mails > 0) await jobs.send('mail.outbox');
  });
  await jobs.work('notifications.rounds', async () => {
    const result = await runNotificationRounds(db, { tenant: deps.tenant, originOf: deps.originOf });
    if (result.unread + result.reminders + result.weekly + result.promotions > 0) await jobs.send('mail.outbox');
  });
  await jobs.work<{ tenant: string; post: number; after: number }>('news.send', async (data) => {
    const result = await deliverNewsBatch(db, { tenant: deps.tenant, originOf: deps.originOf, jobs }, data);
    if (result.sent > 0) await jobs.send('mail.outbox');
  });
  await jobs.work('trust.retention', async () => {
    const removed = await applyRetention(db, deps.media);
    if (removed.complaints + removed.rejections + removed.exports) log(`retention: deleted ${removed.complaints} complaints, ${removed.rejections} photo notices, ${removed.exports} expired exports`);
  });
  await jobs.work('network.rollup', async () => {
    const result = await rollUpNetworkDays(db);
    if (result.added + result.recomputed) log(`network roll-up: ${result.added} new days, ${result.recomputed} changed days computed again, through ${result.through}`);
  });
  await jobs.work('splits.reweigh', async () => {
    const result = await reweighSplits(db, deps.tenants(), { reason: 'schedule', log });
    if (result.changed) log(`splits: new weights for ${result.changed} of ${result.splits} splits`);
  });
  await jobs.work<ExportJob>('trust.export', async (data, job) => {
    await prepareExport(db, deps.tenant, deps.media, data, { last: job.retryCount >= job.retryLimit });
  });
  await jobs.work<{ tenant: string; subscription: number; payload: PushPayload }>('push.send', async (data) => {
    const tenant = deps.tenant(data.tenant);
    if (tenant) await sendPush(db, tenant, data.subscription, data.payload);
  });
  // One photo at a time per instance (the worker takes one job at a time): the model is CPU work. Back
  // to back while there are photos: the start queues every unscreened one (the demo's history has 15),
  // and a new member's upload behind them is still screened within seconds (docs/decisions/0065).
  await jobs.work<ScreenJob>(
    'photos.screen',
    async (data) => {
      await screenPhoto(db, { tenant: deps.tenant, media: deps.media }, data);
    },
    { drain: true },
  );
  const unscreened = await queueUnscreenedPhotos(db, jobs);
  if (unscreened) log(`queued ${unscreened} pending photos for screening`);
  for (const [name, cron] of Object.entries(ROUNDS)) await jobs.schedule(name as keyof typeof ROUNDS, cron);
}
