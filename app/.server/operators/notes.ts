// Shared notes per conversation (docs/decisions/0021): what the persona said about itself, what the
// member told — so that whoever answers next stays consistent. Every operator of the tenant reads
// them; each note is audited.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { now } from '../clock';
import type { DB } from '../db/schema';
import type { NoteView } from '~/shared/operator-types';

export type { NoteView };
import type { EventBus } from '../events/bus';
import { recordAudit } from './audit';
import { operatorConversation } from './conversations';
import type { OperatorActor } from './operator';
import { publishQueueChange } from './queue-events';
import { idSchema } from '~/shared/request-rules';

export const NOTE_MAX = 2000;
export const NoteSchema = z.object({
  conversation: idSchema,
  note: z.string().trim().min(1, { message: 'operator.error.emptyNote' }).max(NOTE_MAX, { message: 'validation.tooLong' }),
});


export async function addNote(db: Kysely<DB>, events: EventBus | null, operator: OperatorActor, input: z.infer<typeof NoteSchema>): Promise<{ ok: true; note: NoteView } | { ok: false; error: 'not_found' }> {
  const result = await db.transaction().execute(async (trx) => {
    const conversation = await operatorConversation(trx, operator, input.conversation);
    if (!conversation) return null;
    const at = now();
    const row = await trx
      .insertInto('conversation_notes')
      .values({ conversation_id: conversation.id, operator_id: operator.id, body: input.note, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { operatorId: operator.id, tenantId: conversation.tenantId, conversationId: conversation.id, action: 'note', detail: { note: row.id } });
    return { tenantId: conversation.tenantId, note: { id: row.id, operator: operator.name, body: input.note, at: at.toISOString() } };
  });
  if (!result) return { ok: false, error: 'not_found' };
  if (events) await publishQueueChange(events, result.tenantId, { conversation: input.conversation, change: 'note' });
  return { ok: true, note: result.note };
}

export async function conversationNotes(db: Kysely<DB>, conversationId: number): Promise<NoteView[]> {
  const rows = await db
    .selectFrom('conversation_notes')
    .leftJoin('operators', 'operators.id', 'conversation_notes.operator_id')
    .select(['conversation_notes.id', 'conversation_notes.body', 'conversation_notes.created_at', 'operators.name'])
    .where('conversation_notes.conversation_id', '=', conversationId)
    .orderBy('conversation_notes.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, operator: r.name ?? '—', body: r.body, at: r.created_at.toISOString() }));
}
