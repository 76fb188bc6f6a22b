// What the outboxes hold and how fast they move (issue 45, docs/decisions/0063): per outbox (mail,
// SMS, postbacks) and priority, the rows due and waiting and the age of the oldest; per outbox, the
// sends of the last minute and the rows that gave up in the last day. Read by /metrics
// (http/observability.ts) and, per site, by the network console's site health (network/health.ts),
// where a queue whose oldest due row waited longer than QUEUE_STALE_SECONDS needs attention.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { PRIORITIES } from './priority';

export const OUTBOXES = ['mail', 'sms', 'postbacks'] as const;
export type Outbox = (typeof OUTBOXES)[number];
const TABLES: Record<Outbox, 'mail_outbox' | 'sms_outbox' | 'postbacks'> = { mail: 'mail_outbox', sms: 'sms_outbox', postbacks: 'postbacks' };

/** A due row that waited this long means the queue is behind (five drain rounds and more). */
export const QUEUE_STALE_SECONDS = 300;

export interface OutboxDepth {
  outbox: Outbox;
  /** transactional, notification or bulk; postbacks have one lane kind: `all`. */
  priority: string;
  waiting: number;
  oldestSeconds: number;
}

export interface OutboxFlow {
  outbox: Outbox;
  /** Sends per second over the last minute. */
  sentPerSecond: number;
  /** Rows that gave up (status failed) and were written in the last 24 hours. */
  failed24h: number;
}

const priorityName = (rank: number | null) => (rank === null ? 'all' : (PRIORITIES[rank] ?? String(rank)));

/** Due, waiting rows by outbox and priority, with the oldest one's wait in seconds at `at`. */
export async function outboxDepths(db: Kysely<DB>, at: Date): Promise<OutboxDepth[]> {
  const rows = await Promise.all(
    OUTBOXES.map(async (outbox) => {
      const table = TABLES[outbox];
      const rank = outbox === 'postbacks' ? sql<null>`null::smallint` : sql<number>`priority`;
      const result = await sql<{ rank: number | null; n: string; oldest: string | null }>`
        select ${rank} as rank, count(*) as n, extract(epoch from (${at}::timestamptz - min(next_attempt_at))) as oldest
        from ${sql.table(table)} where status = 'pending' and next_attempt_at <= ${at} group by 1`.execute(db);
      return result.rows.map((row) => ({ outbox, priority: priorityName(row.rank === null ? null : Number(row.rank)), waiting: Number(row.n), oldestSeconds: Math.max(0, Math.round(Number(row.oldest ?? 0))) }));
    }),
  );
  return rows.flat();
}

/** Sends of the last minute and failures of the last day, per outbox. */
export async function outboxFlows(db: Kysely<DB>, at: Date): Promise<OutboxFlow[]> {
  const minuteAgo = new Date(at.getTime() - 60_000);
  const dayAgo = new Date(at.getTime() - 86_400_000);
  return Promise.all(
    OUTBOXES.map(async (outbox) => {
      const table = TABLES[outbox];
      const result = await sql<{ sent: string; failed: string }>`
        select count(*) filter (where status = 'sent' and sent_at >= ${minuteAgo}) as sent,
               count(*) filter (where status = 'failed' and created_at >= ${dayAgo}) as failed
        from ${sql.table(table)} where (sent_at >= ${minuteAgo}) or (status = 'failed' and created_at >= ${dayAgo})`.execute(db);
      const row = result.rows[0];
      return { outbox, sentPerSecond: Number(row?.sent ?? 0) / 60, failed24h: Number(row?.failed ?? 0) };
    }),
  );
}

/** Per site, the longest wait of a due row in any of its outboxes, in seconds (0 when none waits). */
export async function oldestDueBySite(db: Kysely<DB>, at: Date, tenantIds: readonly string[]): Promise<Map<string, number>> {
  const oldest = new Map<string, number>();
  if (!tenantIds.length) return oldest;
  await Promise.all(
    OUTBOXES.map(async (outbox) => {
      const result = await sql<{ tenant_id: string; oldest: string | null }>`
        select tenant_id, extract(epoch from (${at}::timestamptz - min(next_attempt_at))) as oldest
        from ${sql.table(TABLES[outbox])} where status = 'pending' and next_attempt_at <= ${at} and tenant_id in (${sql.join(tenantIds)})
        group by tenant_id`.execute(db);
      for (const row of result.rows) oldest.set(row.tenant_id, Math.max(oldest.get(row.tenant_id) ?? 0, Math.round(Number(row.oldest ?? 0))));
    }),
  );
  return oldest;
}
