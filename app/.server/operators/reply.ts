// An operator's answer as the fictional profile (docs/decisions/0021): text, a gift or one of the
// profile's own photos; it costs the member nothing and is marked as from a fictional profile. Only
// the operator holding the conversation's claim can answer. In one transaction: the message
// (from_fictional, 0 credits), the conversation's last message, the queue mark cleared, the member's
// unread count up, the fictional side read up to the member's last message, and the audit row (with
// how long the member waited). Then the member's stream gets the `message` and `read` events and the
// operators' consoles a queue change. The message itself is stored by the chat's storeMessage, as
// every message is; the gift catalogue is the chat's (ReplyDeps.gifts).
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { GiftView, MessageView } from '~/shared/chat-types';
import { idSchema } from '~/shared/request-rules';
import { now } from '../clock';
import type { DB } from '../db/schema';
import type { EventBus } from '../events/bus';
import { publishMessage, publishRead } from '../chat/events';
import { storeMessage, type MessageContent } from '../chat/send';
import { messageView } from '../chat/views';
import type { Tenant } from '../tenants/schema';
import { recordAudit } from './audit';
import { operatorConversation } from './conversations';
import type { OperatorActor } from './operator';
import { publishQueueChange } from './queue-events';
import { logger } from '../observability/logger';

/** Finds a gift of the chat's catalogue by id (GET /api/gifts.php); null when there is none. */
export type GiftLookup = (id: string) => GiftView | null;

export interface ReplyDeps {
  events: EventBus;
  /** The tenant of a conversation, for its media prefix and message length. */
  tenantOf: (id: string) => Tenant | undefined;
  /** The chat's gift catalogue; without one, gift answers are refused as `gift_unavailable`. */
  gifts: GiftLookup | null;
}

export const ReplySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), conversation: idSchema, text: z.string().trim().min(1, { message: 'operator.error.emptyReply' }).max(10_000), client_id: z.string().max(64).optional() }),
  z.object({ kind: z.literal('gift'), conversation: idSchema, gift: z.string().trim().min(1).max(64), client_id: z.string().max(64).optional() }),
  z.object({ kind: z.literal('photo'), conversation: idSchema, photo: idSchema, client_id: z.string().max(64).optional() }),
]);
export type ReplyInput = z.infer<typeof ReplySchema>;

export type ReplyError = 'not_found' | 'claim_required' | 'too_long' | 'photo_not_found' | 'gift_unavailable' | 'member_unconfirmed' | 'blocked';
export type ReplyResult = { ok: true; message: MessageView; duplicate: boolean } | { ok: false; error: ReplyError; max?: number };

export async function replyAsProfile(db: Kysely<DB>, deps: ReplyDeps, operator: OperatorActor, input: ReplyInput): Promise<ReplyResult> {
  const gift = input.kind === 'gift' ? (deps.gifts?.(input.gift) ?? null) : null;
  if (input.kind === 'gift' && !gift) return { ok: false, error: 'gift_unavailable' };

  const outcome = await db.transaction().execute(async (trx) => {
    // The conversation row is locked: answers to one conversation are written one after the other.
    const conversation = await operatorConversation(trx, operator, input.conversation, { forUpdate: true });
    if (!conversation) return { ok: false as const, error: 'not_found' as const };
    const tenant = deps.tenantOf(conversation.tenantId);
    if (!tenant) return { ok: false as const, error: 'not_found' as const };
    const at = now();
    const claim = await trx
      .selectFrom('conversation_claims')
      .select('conversation_id')
      .where('conversation_id', '=', conversation.id)
      .where('operator_id', '=', operator.id)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (!claim) return { ok: false as const, error: 'claim_required' as const };
    // The chat's rules hold for fictional profiles too (docs/product.md §4, §6): no answer reaches a member
    // whose e-mail is unconfirmed, or who blocked the profile.
    const member = await trx.selectFrom('users').select('status').where('id', '=', conversation.memberUserId).executeTakeFirst();
    if (!member || (member.status !== 'confirmed' && member.status !== 'not_confirmed')) return { ok: false as const, error: 'not_found' as const };
    if (member.status === 'not_confirmed') return { ok: false as const, error: 'member_unconfirmed' as const };
    const blocked = await trx
      .selectFrom('blocks')
      .select('blocker_profile_id')
      .where('blocker_profile_id', '=', conversation.memberProfileId)
      .where('blocked_profile_id', '=', conversation.fictionalProfileId)
      .executeTakeFirst();
    if (blocked) return { ok: false as const, error: 'blocked' as const };

    if (input.client_id) {
      const earlier = await trx.selectFrom('messages').selectAll().where('sender_profile_id', '=', conversation.fictionalProfileId).where('client_id', '=', input.client_id).executeTakeFirst();
      if (earlier) return { ok: true as const, duplicate: true as const, message: earlier, conversation, tenant, waited: null, readThrough: null };
    }

    let photo: { filename: string; thumb_filename: string; width: number; height: number } | null = null;
    if (input.kind === 'text' && input.text.length > tenant.settings.message_length) return { ok: false as const, error: 'too_long' as const, max: tenant.settings.message_length };
    if (input.kind === 'photo') {
      photo =
        (await trx
          .selectFrom('photos')
          .select(['filename', 'thumb_filename', 'width', 'height'])
          .where('id', '=', input.photo)
          .where('profile_id', '=', conversation.fictionalProfileId)
          .executeTakeFirst()) ?? null;
      if (!photo) return { ok: false as const, error: 'photo_not_found' as const };
    }

    // The chat's one way of storing a message (chat/send.ts): conversation, unread count and the
    // operator queue move with it; the fictional side, answering, has read the member's messages.
    const content: MessageContent =
      input.kind === 'text'
        ? { kind: 'text', text: input.text }
        : input.kind === 'gift'
          ? { kind: 'gift', giftId: gift!.id }
          : { kind: 'photo', photo: { filename: photo!.filename, thumbFilename: photo!.thumb_filename, width: photo!.width, height: photo!.height } };
    const stored = await storeMessage(trx, {
      tenantId: conversation.tenantId,
      senderProfileId: conversation.fictionalProfileId,
      recipientProfileId: conversation.memberProfileId,
      content,
      clientId: input.client_id ?? null,
      fromFictional: true,
      at,
    });
    if (!stored.ok) throw new Error('an answer without a charge cannot lack credits');
    const { message } = stored;
    const lastFromMember = await trx
      .selectFrom('messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('conversation_id', '=', conversation.id)
      .where('sender_profile_id', '=', conversation.memberProfileId)
      .executeTakeFirst();
    const readThrough = lastFromMember?.id ?? null;
    const waited = conversation.awaitingReplySince ? Math.max(0, Math.round((at.getTime() - conversation.awaitingReplySince.getTime()) / 1000)) : null;
    await recordAudit(trx, {
      operatorId: operator.id,
      tenantId: conversation.tenantId,
      conversationId: conversation.id,
      action: 'reply',
      messageId: message.id,
      waitSeconds: waited,
      detail: { kind: input.kind, ...(gift ? { gift: gift.id } : {}), ...(input.kind === 'photo' ? { photo: input.photo } : {}) },
    });
    return { ok: true as const, duplicate: false as const, message, stored: stored.conversation, conversation, tenant, waited, readThrough };
  });
  if (!outcome.ok) return outcome;

  const { conversation, tenant, message } = outcome;
  // What the console shows: the chat's view of the message, the gift named from the console's catalogue.
  const view: MessageView = { ...messageView(tenant, 'en', message), gift: message.kind === 'gift' ? gift : null };
  if (!outcome.duplicate) {
    // The member's stream gets the message as every chat message is announced (in the member's
    // language, with the chat's profile card), then the read receipt.
    try {
      await publishMessage(db, deps.events, tenant, { message, conversation: outcome.stored });
      if (outcome.readThrough) await publishRead(deps.events, tenant, conversation.memberUserId, { conversation: conversation.id, message: outcome.readThrough }, null);
    } catch (error) {
      // Stored and counted as unread: the member's next refresh shows it.
      logger.error(`publishing an answer failed: ${(error as Error).message}`);
    }
    await publishQueueChange(deps.events, conversation.tenantId, { conversation: conversation.id, change: 'answered' });
  }
  return { ok: true, message: view, duplicate: outcome.duplicate };
}
