// Flags (docs/decisions/0021): a member's message that needs attention — a complaint, a threat, a
// wish to meet in person — is flagged by an operator. While a conversation has an open flag the
// member's chat header shows the tenant's fictional warning again (conversationFlagged, for the
// chat's header), so that nobody is left believing they will meet the person behind the profile.
// Flagging and resolving are audited.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { idSchema } from '~/shared/request-rules';
import { now } from '../clock';
import type { DB, FlagReason } from '../db/schema';
import type { FlagView } from '~/shared/operator-types';

export type { FlagView };
import type { EventBus } from '../events/bus';
import { recordAudit } from './audit';
import { operatorConversation } from './conversations';
import type { OperatorActor } from './operator';
import { publishQueueChange } from './queue-events';

export const FLAG_REASONS = ['complaint', 'threat', 'meeting', 'other'] as const satisfies readonly FlagReason[];

export const FlagSchema = z.object({
  conversation: idSchema,
  reason: z.enum(FLAG_REASONS),
  message: idSchema.optional(),
  comment: z.string().trim().max(500, { message: 'validation.tooLong' }).optional(),
});
export const ResolveFlagSchema = z.object({ conversation: idSchema, flag: idSchema });


export async function flagConversation(db: Kysely<DB>, events: EventBus | null, operator: OperatorActor, input: z.infer<typeof FlagSchema>): Promise<{ ok: true; flag: number } | { ok: false; error: 'not_found' }> {
  const result = await db.transaction().execute(async (trx) => {
    const conversation = await operatorConversation(trx, operator, input.conversation);
    if (!conversation) return null;
    // Only one of the member's own messages in this conversation can be named.
    const message = input.message
      ? await trx
          .selectFrom('messages')
          .select('id')
          .where('id', '=', input.message)
          .where('conversation_id', '=', conversation.id)
          .where('sender_profile_id', '=', conversation.memberProfileId)
          .executeTakeFirst()
      : undefined;
    if (input.message && !message) return null;
    const row = await trx
      .insertInto('conversation_flags')
      .values({ conversation_id: conversation.id, message_id: message?.id ?? null, operator_id: operator.id, reason: input.reason, comment: input.comment || null, created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { operatorId: operator.id, tenantId: conversation.tenantId, conversationId: conversation.id, action: 'flag', messageId: message?.id ?? null, detail: { flag: row.id, reason: input.reason } });
    return { tenantId: conversation.tenantId, flag: row.id };
  });
  if (!result) return { ok: false, error: 'not_found' };
  if (events) await publishQueueChange(events, result.tenantId, { conversation: input.conversation, change: 'flagged' });
  return { ok: true, flag: result.flag };
}

/** Closes an open flag (the matter was handled); the warning goes when no flag is left open. */
export async function resolveFlag(db: Kysely<DB>, events: EventBus | null, operator: OperatorActor, input: z.infer<typeof ResolveFlagSchema>): Promise<{ ok: true } | { ok: false; error: 'not_found' }> {
  const result = await db.transaction().execute(async (trx) => {
    const conversation = await operatorConversation(trx, operator, input.conversation);
    if (!conversation) return null;
    const resolved = await trx
      .updateTable('conversation_flags')
      .set({ resolved_at: now(), resolved_by: operator.id })
      .where('id', '=', input.flag)
      .where('conversation_id', '=', conversation.id)
      .where('resolved_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!resolved) return null;
    await recordAudit(trx, { operatorId: operator.id, tenantId: conversation.tenantId, conversationId: conversation.id, action: 'unflag', detail: { flag: resolved.id } });
    return { tenantId: conversation.tenantId };
  });
  if (!result) return { ok: false, error: 'not_found' };
  if (events) await publishQueueChange(events, result.tenantId, { conversation: input.conversation, change: 'flagged' });
  return { ok: true };
}

/**
 * Whether the conversation has an open flag: the member's chat header then shows the tenant's
 * fictional warning again (the chat reads this for `conversation.flagged`, docs/api.md).
 */
export async function conversationFlagged(db: Kysely<DB>, conversationId: number): Promise<boolean> {
  const row = await db.selectFrom('conversation_flags').select('id').where('conversation_id', '=', conversationId).where('resolved_at', 'is', null).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function openFlags(db: Kysely<DB>, conversationId: number): Promise<FlagView[]> {
  const rows = await db
    .selectFrom('conversation_flags')
    .leftJoin('operators', 'operators.id', 'conversation_flags.operator_id')
    .select(['conversation_flags.id', 'conversation_flags.reason', 'conversation_flags.message_id', 'conversation_flags.comment', 'conversation_flags.created_at', 'operators.name'])
    .where('conversation_flags.conversation_id', '=', conversationId)
    .where('conversation_flags.resolved_at', 'is', null)
    .orderBy('conversation_flags.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, reason: r.reason, message: r.message_id, comment: r.comment, operator: r.name ?? '—', at: r.created_at.toISOString() }));
}
