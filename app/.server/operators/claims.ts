// The claim lock (docs/decisions/0021): claiming a conversation reserves it for one operator for
// CLAIM_MINUTES, so that two operators never answer the same member. The lock is held by the
// database: every claim locks the conversation's claim row (SELECT … FOR UPDATE) before deciding,
// so of two operators claiming at once exactly one wins and the other learns who holds it. A claim
// is released by its holder, or taken over by anyone once it expired.
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import type { ClaimView } from '~/shared/operator-types';

export type { ClaimView };
import type { EventBus } from '../events/bus';
import { recordAudit } from './audit';
import { operatorConversation } from './conversations';
import type { OperatorActor } from './operator';
import { publishQueueChange } from './queue-events';

export const CLAIM_MINUTES = 10;


export type ClaimResult =
  | { ok: true; claim: ClaimView; action: 'claim' | 'takeover' | 'renew' }
  | { ok: false; error: 'not_found' }
  | { ok: false; error: 'claimed_by_other'; claim: ClaimView };

export async function claimConversation(db: Kysely<DB>, events: EventBus | null, operator: OperatorActor, input: { conversation: number }): Promise<ClaimResult> {
  const result = await db.transaction().execute(async (trx): Promise<ClaimResult & { tenantId?: string }> => {
    const conversation = await operatorConversation(trx, operator, input.conversation);
    if (!conversation) return { ok: false, error: 'not_found' };
    // The row exists from the first claim on; the lock below serialises every claimer.
    await trx.insertInto('conversation_claims').values({ conversation_id: conversation.id, operator_id: null }).onConflict((oc) => oc.doNothing()).execute();
    const current = await trx
      .selectFrom('conversation_claims')
      .leftJoin('operators', 'operators.id', 'conversation_claims.operator_id')
      .select(['conversation_claims.operator_id', 'conversation_claims.expires_at', 'operators.name'])
      .where('conversation_claims.conversation_id', '=', conversation.id)
      .forUpdate('conversation_claims')
      .executeTakeFirstOrThrow();
    const at = now();
    const held = current.operator_id !== null && current.expires_at !== null && current.expires_at > at;
    if (held && current.operator_id !== operator.id) {
      return {
        ok: false,
        error: 'claimed_by_other',
        claim: { operatorId: current.operator_id!, operator: current.name ?? '', until: current.expires_at!.toISOString(), mine: false },
      };
    }
    const until = new Date(at.getTime() + CLAIM_MINUTES * 60_000);
    await trx.updateTable('conversation_claims').set({ operator_id: operator.id, claimed_at: at, expires_at: until }).where('conversation_id', '=', conversation.id).execute();
    // Someone else's claim that ran out is a takeover; one's own, still running, is renewed.
    const action = held ? 'renew' : current.operator_id !== null && current.operator_id !== operator.id ? 'takeover' : 'claim';
    await recordAudit(trx, {
      operatorId: operator.id,
      tenantId: conversation.tenantId,
      conversationId: conversation.id,
      action: action === 'renew' ? 'claim' : action,
      detail: action === 'takeover' ? { from: current.name, expired_at: current.expires_at?.toISOString() } : action === 'renew' ? { renewed: true } : null,
    });
    return { ok: true, action, claim: { operatorId: operator.id, operator: operator.name, until: until.toISOString(), mine: true }, tenantId: conversation.tenantId };
  });
  if (result.ok && events && result.tenantId) await publishQueueChange(events, result.tenantId, { conversation: input.conversation, change: 'claimed' });
  if (result.ok) return { ok: true, action: result.action, claim: result.claim };
  return result;
}

export type ReleaseResult = { ok: true } | { ok: false; error: 'not_found' | 'not_claimed' };

/** Gives the conversation back to the queue; only its holder can, while the claim runs. */
export async function releaseConversation(db: Kysely<DB>, events: EventBus | null, operator: OperatorActor, input: { conversation: number }): Promise<ReleaseResult> {
  const result = await db.transaction().execute(async (trx) => {
    const conversation = await operatorConversation(trx, operator, input.conversation);
    if (!conversation) return { ok: false as const, error: 'not_found' as const };
    const released = await trx
      .updateTable('conversation_claims')
      .set({ operator_id: null, claimed_at: null, expires_at: null })
      .where('conversation_id', '=', conversation.id)
      .where('operator_id', '=', operator.id)
      .where('expires_at', '>', now())
      .returning('conversation_id')
      .executeTakeFirst();
    if (!released) return { ok: false as const, error: 'not_claimed' as const };
    await recordAudit(trx, { operatorId: operator.id, tenantId: conversation.tenantId, conversationId: conversation.id, action: 'release' });
    return { ok: true as const, tenantId: conversation.tenantId };
  });
  if (!result.ok) return result;
  if (events) await publishQueueChange(events, result.tenantId, { conversation: input.conversation, change: 'released' });
  return { ok: true };
}

/** The running claim of a conversation, if any. */
export async function currentClaim(db: Kysely<DB>, operator: OperatorActor, conversationId: number): Promise<ClaimView | null> {
  const row = await db
    .selectFrom('conversation_claims')
    .innerJoin('operators', 'operators.id', 'conversation_claims.operator_id')
    .select(['conversation_claims.operator_id', 'conversation_claims.expires_at', 'operators.name'])
    .where('conversation_claims.conversation_id', '=', conversationId)
    .where('conversation_claims.expires_at', '>', now())
    .executeTakeFirst();
  if (!row || row.operator_id === null || !row.expires_at) return null;
  return { operatorId: row.operator_id, operator: row.name, until: row.expires_at.toISOString(), mine: row.operator_id === operator.id };
}
