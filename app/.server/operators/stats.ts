// The console's overview (/operator/stats, docs/decisions/0021): queue length, median and 95th
// percentile of the time members waited for an answer, answers per operator, per tenant and day —
// for the operator's tenants over the last `days` days. Times come from the audit log's reply rows
// (wait_seconds: from the member's unanswered message to the answer; a second answer in a row has none).
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import type { OperatorActor } from './operator';
import { hasRole } from './roles';
import { STATS_PERIODS, type StatsPeriod } from '~/shared/operator-types';

export { STATS_PERIODS, type StatsPeriod };

export interface WaitFigures {
  answers: number;
  /** Seconds; null when no answer in the period answered a waiting member. */
  median: number | null;
  p95: number | null;
}

export interface OperatorStats {
  days: StatsPeriod;
  queue: { waiting: number; oldestSince: string | null };
  overall: WaitFigures;
  perOperator: ({ operator: string } & WaitFigures)[];
  perTenantDay: ({ day: string; tenantId: string } & WaitFigures)[];
}

const figures = sql<number>`count(*)`.as('answers');
const median = sql<number | null>`percentile_cont(0.5) within group (order by a.wait_seconds)`.as('median');
const p95 = sql<number | null>`percentile_cont(0.95) within group (order by a.wait_seconds)`.as('p95');

export async function operatorStats(db: Kysely<DB>, operator: OperatorActor, input: { days: StatsPeriod; tenant?: string }): Promise<OperatorStats> {
  // Answer times are the answerers' figures and their admins'.
  const allowed = operator.tenantIds.filter((t) => hasRole(operator, t, 'answering') || hasRole(operator, t, 'admin'));
  const scope = input.tenant && allowed.includes(input.tenant) ? [input.tenant] : allowed;
  const empty: OperatorStats = { days: input.days, queue: { waiting: 0, oldestSince: null }, overall: { answers: 0, median: null, p95: null }, perOperator: [], perTenantDay: [] };
  if (!scope.length) return empty;
  const since = new Date(now().getTime() - input.days * 24 * 3600_000);
  const replies = db.selectFrom('operator_audit as a').where('a.action', '=', 'reply').where('a.tenant_id', 'in', scope).where('a.created_at', '>=', since);
  const [queue, overall, perOperator, perTenantDay] = await Promise.all([
    db
      .selectFrom('conversations')
      .select([(eb) => eb.fn.countAll<number>().as('waiting'), (eb) => eb.fn.min('awaiting_reply_since').as('oldest')])
      .where('fictional', '=', true)
      .where('awaiting_reply_since', 'is not', null)
      .where('tenant_id', 'in', scope)
      .executeTakeFirstOrThrow(),
    replies.select([figures, median, p95]).executeTakeFirstOrThrow(),
    replies
      .innerJoin('operators as o', 'o.id', 'a.operator_id')
      .select(['o.name', figures, median, p95])
      .groupBy(['o.id', 'o.name'])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('o.name')
      .execute(),
    replies
      .select([sql<string>`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'), 'a.tenant_id', figures, median, p95])
      .groupBy([sql`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD')`, 'a.tenant_id'])
      .orderBy('day', 'desc')
      .orderBy('a.tenant_id')
      .execute(),
  ]);
  const wait = (row: { answers: number | string; median: number | string | null; p95: number | string | null }): WaitFigures => ({
    answers: Number(row.answers),
    median: row.median === null ? null : Math.round(Number(row.median)),
    p95: row.p95 === null ? null : Math.round(Number(row.p95)),
  });
  return {
    days: input.days,
    queue: { waiting: Number(queue.waiting), oldestSince: queue.oldest ? new Date(queue.oldest).toISOString() : null },
    overall: wait(overall),
    perOperator: perOperator.map((r) => ({ operator: r.name, ...wait(r) })),
    perTenantDay: perTenantDay.map((r) => ({ day: r.day, tenantId: r.tenant_id, ...wait(r) })),
  };
}
