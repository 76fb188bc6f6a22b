// How far reconciliation is behind (docs/decisions/0045-observability.md), for the metrics: the age of
// the oldest payment that can still be paid (open or pending, within its payable window), and how long
// the most overdue check of a payment still open or pending has waited past its next_check_at.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { PAYABLE_WINDOW_MS } from './schedule';

export interface ReconciliationLag {
  /** Seconds since the oldest payable payment was created (0 without one). */
  oldestPayableSeconds: number;
  /** Seconds the most overdue check has waited past its moment (0 when none is overdue). */
  overdueSeconds: number;
}

export async function reconciliationLag(db: Kysely<DB>, at: Date): Promise<ReconciliationLag> {
  const payableSince = new Date(at.getTime() - PAYABLE_WINDOW_MS);
  const row = await db
    .selectFrom('payments')
    .select([
      sql<Date | null>`min(created_at) filter (where created_at >= ${payableSince})`.as('oldest'),
      sql<Date | null>`min(next_check_at)`.as('due'),
    ])
    .where('status', 'in', ['open', 'pending'])
    .executeTakeFirst();
  const seconds = (from: Date | null | undefined) => (from ? Math.max(0, (at.getTime() - new Date(from).getTime()) / 1000) : 0);
  return { oldestPayableSeconds: seconds(row?.oldest), overdueSeconds: seconds(row?.due) };
}

/** Payments created in the last 24 hours by tenant and status (a gauge read at scrape time). */
export async function paymentsByStatus(db: Kysely<DB>, at: Date): Promise<{ tenant_id: string; status: string; count: number }[]> {
  return db
    .selectFrom('payments')
    .select(['tenant_id', 'status', sql<number>`count(*)::int`.as('count')])
    .where('created_at', '>=', new Date(at.getTime() - 24 * 3600_000))
    .groupBy(['tenant_id', 'status'])
    .execute();
}
