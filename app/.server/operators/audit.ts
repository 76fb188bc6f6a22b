// The operators' audit log (docs/decisions/0021): one append-only row per login, claim, release,
// takeover, reply, note, flag and unflag — who, when, which conversation — written in the same
// transaction as the action it records, so that neither exists without the other.
import type { Kysely, Transaction } from 'kysely';
import { now } from '../clock';
import type { AuditAction, DB } from '../db/schema';
import type { AuditRow } from '~/shared/operator-types';

export type { AuditRow };
import type { OperatorActor } from './operator';
import { tenantsWithRole } from './roles';

export interface AuditEntry {
  operatorId: number;
  tenantId: string;
  action: AuditAction;
  conversationId?: number | null;
  messageId?: number | null;
  waitSeconds?: number | null;
  detail?: Record<string, unknown> | null;
  /** The operator an admin's team action concerns. */
  subjectOperatorId?: number | null;
  /** The complaint a moderation step concerns. */
  complaintId?: number | null;
}

export async function recordAudit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('operator_audit')
    .values({
      operator_id: entry.operatorId,
      tenant_id: entry.tenantId,
      action: entry.action,
      conversation_id: entry.conversationId ?? null,
      message_id: entry.messageId ?? null,
      wait_seconds: entry.waitSeconds ?? null,
      detail: entry.detail ? (JSON.stringify(entry.detail) as unknown as Record<string, unknown>) : null,
      created_at: now(),
      subject_operator_id: entry.subjectOperatorId ?? null,
      complaint_id: entry.complaintId ?? null,
    })
    .execute();
}


/** The log of one conversation, newest first, for an operator of its tenant. */
export async function conversationAudit(db: Kysely<DB>, operator: OperatorActor, conversationId: number, limit = 50): Promise<AuditRow[]> {
  const scope = tenantsWithRole(operator, 'answering');
  if (!scope.length) return [];
  const rows = await db
    .selectFrom('operator_audit')
    .innerJoin('operators', 'operators.id', 'operator_audit.operator_id')
    .select(['operator_audit.id', 'operator_audit.action', 'operators.name', 'operator_audit.conversation_id', 'operator_audit.created_at', 'operator_audit.detail'])
    .where('operator_audit.conversation_id', '=', conversationId)
    .where('operator_audit.tenant_id', 'in', scope)
    .orderBy('operator_audit.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, action: r.action, operator: r.name, conversation: r.conversation_id, at: r.created_at.toISOString(), detail: r.detail }));
}
