// Every queue of the job queue, with its policy (docs/decisions/0023-job-queue.md). Names are
// "area.task". A stately queue holds at most one waiting and one running job, whatever the number
// of instances: the right shape for "drain what is due" and for scheduled rounds. Retries are for
// work that is not idempotent on its own; a drain or a round simply runs again.
import type PgBoss from 'pg-boss';

type QueueSpec = Omit<PgBoss.Queue, 'name'>;

export const QUEUES = {
  /** Sends due rows of mail_outbox (jobs/outbox-worker.ts): on each new mail, and every minute for retries. */
  'mail.outbox': { policy: 'stately', retryLimit: 0, expireInSeconds: 300 },
  /** Sends due rows of sms_outbox, like mail.outbox. */
  'sms.outbox': { policy: 'stately', retryLimit: 0, expireInSeconds: 300 },
  /** Asks the payment provider again about open and pending payments (payments/reconcile.ts), every minute. */
  'payments.reconcile': { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  /** Erases accounts past their 14-day reactivation window (accounts/deletion.ts), hourly. */
  'accounts.erase': { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  /** New messages and likes to members by mail and push (notifications/activity.ts), every minute. */
  'notifications.activity': { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  /** Reminders, weekly updates and promotions due by the app clock (notifications/rounds.ts), every 10 minutes. */
  'notifications.rounds': { policy: 'stately', retryLimit: 0, expireInSeconds: 900 },
  /** One batch of a news post's mails (notifications/news.ts); queues the next batch. Retried: each member's copy is sent once. */
  'news.send': { policy: 'standard', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
  /** One web push to one subscription (notifications/push.ts): retried with backoff, dropped on 404/410. */
  'push.send': { policy: 'standard', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  /** Sends due postbacks to affiliate networks (postbacks/worker.ts): on each new one, and every minute for retries. */
  'postbacks.send': { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  /** Prepares a large data export (trust/export.ts): retried twice, then the export is marked failed. */
  'trust.export': { policy: 'standard', retryLimit: 2, retryDelay: 30, expireInSeconds: 900 },
  /** Deletes what decision 0029 keeps for a limited time (trust/retention.ts), daily. */
  'trust.retention': { policy: 'stately', retryLimit: 0, expireInSeconds: 900 },
  /** Rolls the network overview's figures up per day (network/rollup.ts), every 5 minutes; the first run backfills every day with data. */
  'network.rollup': { policy: 'stately', retryLimit: 0, expireInSeconds: 3600 },
  /** Screens one uploaded photo with the bundled model (trust/photo-screening.ts); not retried: a failure leaves it in the ordinary queue. */
  'photos.screen': { policy: 'standard', retryLimit: 0, expireInSeconds: 300 },
  /** Weighs every split again (splits/optimise.ts, docs/decisions/0064), every 5 minutes: the weights all instances serve new visitors. */
  'splits.reweigh': { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
} satisfies Record<string, QueueSpec>;

export type JobName = keyof typeof QUEUES;
