// The chat's live events (docs/api.md GET /api/events.php), published after the transaction that
// caused them committed: a new message to both members of the conversation (the sender's other tabs
// too), the sender's new balance, the operator queue when a member wrote to a fictional profile, a
// read to the other side, a removal to the remover's other tabs.
import type { Kysely } from 'kysely';
import type { MessageEvent, ReadEvent } from '~/shared/chat-types';
import { isLocale, type Locale } from '~/shared/locales';
import type { Conversation, DB, Message } from '../db/schema';
import { memberChannel, operatorChannel, type EventBus } from '../events/bus';
import type { Tenant } from '../tenants/schema';
import { CHAT_PROFILE_COLUMNS, chatProfile, messageView } from './views';

/** Publishes a stored message to each member side (in that member's language) and, for a member's message to a fictional profile, to the tenant's operators. */
export async function publishMessage(
  db: Kysely<DB>,
  events: EventBus,
  tenant: Tenant,
  stored: { message: Message; conversation: Conversation; balance?: number | null; payerUserId?: number | null },
): Promise<void> {
  const { message, conversation } = stored;
  const pair = [conversation.profile_low, conversation.profile_high];
  const profiles = await db
    .selectFrom('profiles')
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .leftJoin('users as owner', 'owner.id', 'profiles.user_id')
    .select([...CHAT_PROFILE_COLUMNS, 'owner.id as user_id', 'owner.language'])
    .where('profiles.id', 'in', pair)
    .execute();
  const jobs: Promise<unknown>[] = [];
  for (const side of profiles) {
    if (!side.user_id) continue;
    const other = profiles.find((p) => p.id !== side.id);
    if (!other) continue;
    const locale: Locale = side.language && isLocale(side.language) ? side.language : 'en';
    const data: MessageEvent = { conversation: conversation.id, profile: chatProfile(tenant, other), message: messageView(tenant, locale, message) };
    // The recipient of a member's message that matched the scam rules sees the safety tip at once, as on the next open (decision 0029).
    if (!conversation.fictional && message.signals?.length && side.id !== message.sender_profile_id) data.safety_tip = true;
    jobs.push(events.publish(memberChannel(tenant.id, side.user_id), { type: 'message', data }));
  }
  if (stored.payerUserId && typeof stored.balance === 'number') {
    jobs.push(events.publish(memberChannel(tenant.id, stored.payerUserId), { type: 'credits', data: { credits: stored.balance } }));
  }
  if (conversation.fictional && !message.from_fictional) {
    jobs.push(events.publish(operatorChannel(tenant.id), { type: 'queue', data: { conversation: conversation.id, change: 'waiting' } }));
  }
  await Promise.all(jobs);
}

/**
 * A conversation was read: the other side, when a member, hears of it; the reader's refreshes (a
 * member's; null for an operators' profile) show one unread count less (their refresh version moves, docs/decisions/0067).
 */
export async function publishRead(events: EventBus, tenant: Tenant, otherUserId: number | null, read: ReadEvent, readerUserId: number | null): Promise<void> {
  await Promise.all([
    otherUserId !== null ? events.publish(memberChannel(tenant.id, otherUserId), { type: 'read', data: read }) : undefined,
    readerUserId !== null ? events.touch?.(memberChannel(tenant.id, readerUserId)) : undefined,
  ]);
}

export async function publishRemoved(events: EventBus, tenant: Tenant, userId: number, conversation: number): Promise<void> {
  await events.publish(memberChannel(tenant.id, userId), { type: 'chat_removed', data: { conversation } });
}
