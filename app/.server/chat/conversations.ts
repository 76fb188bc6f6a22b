// Reading and removing conversations (docs/product.md §3 Chat, §4, §7; docs/decisions/0017): the member's list
// (newest activity first, each with its unread count and last message), one conversation's messages
// (opening it marks it read), the messages badge total, and "remove for me only". A conversation
// shows only while its other side is a profile the member may see (access.ts): never across a
// block, never an invisible or privacy-mode member who has not written or liked first.
import { sql, type Kysely } from 'kysely';
import type { Locale } from '~/shared/locales';
import type { MessageView } from '~/shared/chat-types';
import type { DB, User } from '../db/schema';
import type { Db } from '../credits/ledger';
import { blockerName, visibleTo } from '../members/access';
import { conversationFlagged } from '../operators/flags';
import type { Tenant } from '../tenants/schema';
import { checkRecipient, conversationsLeft, FREE_CONVERSATIONS, messageCost } from './send';
import { CHAT_PROFILE_COLUMNS, chatProfile, messageView, type ChatProfile } from './views';

export interface ChatEntry {
  conversation: { id: number };
  profile: ChatProfile;
  num_unread_messages: number;
  last_message: MessageView | null;
}

type Viewer = { user: User };

/** The member's own conversations, before the visibility of the other side is applied. */
function ownSides(db: Kysely<DB>, own: number) {
  return db
    .selectFrom('conversation_sides as side')
    .innerJoin('conversations as conv', 'conv.id', 'side.conversation_id')
    .innerJoin('profiles', 'profiles.id', 'side.other_profile_id')
    .where('side.profile_id', '=', own)
    .where('conv.last_message_id', 'is not', null)
    .where(sql<boolean>`conv.last_message_id > coalesce(side.removed_through_message_id, 0)`);
}

/** GET /api/chats.php: newest activity first. */
export async function listChats(db: Kysely<DB>, tenant: Tenant, locale: Locale, viewer: Viewer): Promise<ChatEntry[]> {
  const own = viewer.user.profile_id;
  if (!own) return [];
  const rows = await ownSides(db, own)
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .innerJoin('messages as last', 'last.id', 'conv.last_message_id')
    .where((eb) => visibleTo(eb, tenant, viewer))
    .select([...CHAT_PROFILE_COLUMNS, 'side.unread', 'conv.id as conversation_id', 'conv.last_message_at'])
    .select(sql<string>`row_to_json(last)`.as('last_message'))
    .orderBy('conv.last_message_at', 'desc')
    .orderBy('conv.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    conversation: { id: row.conversation_id },
    profile: chatProfile(tenant, row),
    num_unread_messages: row.unread,
    last_message: messageView(tenant, locale, reviveMessage(row.last_message)),
  }));
}

/** row_to_json gives timestamps as strings (and may give the JSON as text). */
function reviveMessage(value: unknown) {
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as Parameters<typeof messageView>[2];
  return { ...row, created_at: new Date(row.created_at) };
}

/** The messages badge (docs/product.md §2): unread messages over the conversations the member's list shows. */
export async function countUnread(db: Kysely<DB>, tenant: Tenant, viewer: { user: User | null }): Promise<number> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return 0;
  const row = await ownSides(db, own)
    .where((eb) => visibleTo(eb, tenant, { user: viewer.user }))
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('side.unread'), sql<number>`0`).as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const PAGE_OF_MESSAGES = 50;

export interface ChatView {
  conversation: {
    id: number;
    /** The other side read the conversation up to this message (read receipts). */
    read_by_other: number | null;
    /** An operator flagged it (complaint, threat, a wish to meet): the fictional warning shows again in the thread (decision 0021). */
    flagged: boolean;
    /** The other member's messages matched the scam rules: the thread shows a safety tip (decision 0029). */
    safety_tip: boolean;
  } | null;
  profile: ChatProfile;
  /** Oldest first; the newest PAGE_OF_MESSAGES, or those before `before`. */
  messages: MessageView[];
  has_more: boolean;
  /** What the composer needs: costs, whether the member may write, and why not. */
  composer: Composer;
}

export interface Composer {
  costs: { text: number; gift: number; photo: number };
  message_length: number;
  /** Why the member cannot write here; null: they can. */
  refusal: 'blocked' | 'recipient_unconfirmed' | 'outside_pool' | 'conversation_limit' | null;
  /** Conversations a free member may still start (null: no limit). */
  conversations_left: number | null;
  /** How many conversations free members may start (decision 0017). */
  free_conversations: number;
}

export type OpenChatResult =
  | { ok: true; chat: ChatView; read: { otherUserId: number | null; conversation: number; message: number } | null }
  | { ok: false; error: 'not_found' | 'self' | 'no_conversation' }
  | { ok: false; error: 'blocked'; name: string };

/**
 * GET /api/chat.php: one conversation by its id (only a side of it may open it) or by the other
 * profile (whether or not a conversation exists yet), its latest messages, and — unless `peek` —
 * marks it read: the member's unread count for it goes to 0 (docs/product.md §4). `read` says whom to tell.
 */
export async function openChat(
  db: Kysely<DB>,
  tenant: Tenant,
  locale: Locale,
  viewer: Viewer,
  target: { conversation: number } | { profile: number },
  options: { before?: number; peek?: boolean } = {},
): Promise<OpenChatResult> {
  const own = viewer.user.profile_id;
  if (!own) return { ok: false, error: 'not_found' };
  let otherId: number;
  if ('conversation' in target) {
    const side = await db.selectFrom('conversation_sides').select('other_profile_id').where('conversation_id', '=', target.conversation).where('profile_id', '=', own).executeTakeFirst();
    // Not one of the member's conversations (another's, or none): no such conversation, whoever's it is.
    if (!side) return { ok: false, error: 'no_conversation' };
    otherId = side.other_profile_id;
  } else {
    if (target.profile === own) return { ok: false, error: 'self' };
    otherId = target.profile;
  }
  const blockedBy = await blockerName(db, own, otherId);
  if (blockedBy !== null) return { ok: false, error: 'blocked', name: blockedBy };
  const other = await db
    .selectFrom('profiles')
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .leftJoin('users as owner', 'owner.id', 'profiles.user_id')
    .select([...CHAT_PROFILE_COLUMNS, 'owner.id as user_id'])
    .where('profiles.id', '=', otherId)
    .where((eb) => visibleTo(eb, tenant, viewer))
    .executeTakeFirst();
  if (!other) return { ok: false, error: 'not_found' };

  const [low, high] = own < otherId ? [own, otherId] : [otherId, own];
  const conversation = await db.selectFrom('conversations').selectAll().where('profile_low', '=', low).where('profile_high', '=', high).executeTakeFirst();
  const sides = conversation ? await db.selectFrom('conversation_sides').selectAll().where('conversation_id', '=', conversation.id).execute() : [];
  const mine = sides.find((s) => s.profile_id === own);
  const theirs = sides.find((s) => s.profile_id === otherId);

  let messages: MessageView[] = [];
  let hasMore = false;
  if (conversation) {
    let query = db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversation.id)
      .where('id', '>', mine?.removed_through_message_id ?? 0)
      .orderBy('id', 'desc')
      .limit(PAGE_OF_MESSAGES + 1);
    if (options.before) query = query.where('id', '<', options.before);
    const rows = await query.execute();
    hasMore = rows.length > PAGE_OF_MESSAGES;
    messages = rows.slice(0, PAGE_OF_MESSAGES).reverse().map((row) => messageView(tenant, locale, row));
  }

  /** The conversation was read now; `otherUserId` null when the other side is an operators' profile. */
  let read: { otherUserId: number | null; conversation: number; message: number } | null = null;
  if (!options.peek && conversation?.last_message_id && mine && (mine.unread > 0 || mine.last_read_message_id !== conversation.last_message_id)) {
    await db
      .updateTable('conversation_sides')
      .set({ unread: 0, last_read_message_id: conversation.last_message_id })
      .where('conversation_id', '=', conversation.id)
      .where('profile_id', '=', own)
      .execute();
    read = { otherUserId: other.user_id ?? null, conversation: conversation.id, message: conversation.last_message_id };
  }

  const check = await checkRecipient(db, tenant, viewer.user, otherId);
  const left = await conversationsLeft(db, viewer.user);
  const refusal = !check.ok
    ? check.error === 'recipient_unconfirmed' || check.error === 'blocked' || check.error === 'outside_pool'
      ? check.error
      : null
    : !conversation && left !== null && left <= 0
      ? 'conversation_limit'
      : null;
  return {
    ok: true,
    read,
    chat: {
      conversation: conversation
        ? {
            id: conversation.id,
            read_by_other: theirs?.last_read_message_id ?? null,
            flagged: conversation.fictional ? await conversationFlagged(db, conversation.id) : false,
            safety_tip: conversation.fictional ? false : await receivedSignals(db, conversation.id, other.id),
          }
        : null,
      profile: chatProfile(tenant, other),
      messages,
      has_more: hasMore,
      composer: {
        costs: { text: messageCost(tenant, 'text'), gift: messageCost(tenant, 'gift'), photo: messageCost(tenant, 'photo') },
        message_length: tenant.settings.message_length,
        refusal,
        conversations_left: left,
        free_conversations: FREE_CONVERSATIONS,
      },
    },
  };
}

/** DELETE /api/chat.php: removes a conversation for this member only (the other side keeps it). */
export async function removeChat(db: Kysely<DB>, viewer: Viewer, conversationId: number): Promise<{ ok: true } | { ok: false; error: 'not_found' }> {
  const own = viewer.user.profile_id;
  if (!own) return { ok: false, error: 'not_found' };
  const done = await db
    .updateTable('conversation_sides')
    .set((eb) => ({
      removed_through_message_id: eb.selectFrom('conversations').select('last_message_id').where('conversations.id', '=', conversationId),
      unread: 0,
    }))
    .where('conversation_id', '=', conversationId)
    .where('profile_id', '=', own)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0 ? { ok: true } : { ok: false, error: 'not_found' };
}

/** Removes every conversation with a profile from the member's list (blocking it, docs/product.md §4, §6). */
export async function removeChatsWithProfile(db: Db, own: number, other: number): Promise<void> {
  await db
    .updateTable('conversation_sides')
    .set((eb) => ({
      removed_through_message_id: eb.selectFrom('conversations').select('last_message_id').whereRef('conversations.id', '=', 'conversation_sides.conversation_id'),
      unread: 0,
    }))
    .where('profile_id', '=', own)
    .where('other_profile_id', '=', other)
    .execute();
}

/**
 * PUT /api/chat.php: the member read the conversation up to its last message (the chat is open on
 * screen while a message arrives). Answers whom to tell, or null when nothing changed.
 */
export async function markRead(
  db: Kysely<DB>,
  viewer: Viewer,
  conversationId: number,
): Promise<{ ok: true; read: { otherUserId: number | null; conversation: number; message: number } | null } | { ok: false; error: 'not_found' }> {
  const own = viewer.user.profile_id;
  if (!own) return { ok: false, error: 'not_found' };
  const row = await db
    .selectFrom('conversation_sides as side')
    .innerJoin('conversations as conv', 'conv.id', 'side.conversation_id')
    .innerJoin('profiles as other', 'other.id', 'side.other_profile_id')
    .select(['conv.last_message_id', 'side.unread', 'side.last_read_message_id', 'other.user_id'])
    .where('side.conversation_id', '=', conversationId)
    .where('side.profile_id', '=', own)
    .executeTakeFirst();
  if (!row) return { ok: false, error: 'not_found' };
  if (!row.last_message_id || (row.unread === 0 && row.last_read_message_id === row.last_message_id)) return { ok: true, read: null };
  await db
    .updateTable('conversation_sides')
    .set({ unread: 0, last_read_message_id: row.last_message_id })
    .where('conversation_id', '=', conversationId)
    .where('profile_id', '=', own)
    .execute();
  return { ok: true, read: { otherUserId: row.user_id ?? null, conversation: conversationId, message: row.last_message_id } };
}

/** Whether a message of `senderProfileId` in the conversation matched the scam rules (trust/signals.ts). */
async function receivedSignals(db: Kysely<DB>, conversationId: number, senderProfileId: number): Promise<boolean> {
  const row = await db.selectFrom('messages').select('id').where('conversation_id', '=', conversationId).where('sender_profile_id', '=', senderProfileId).where('signals', 'is not', null).limit(1).executeTakeFirst();
  return Boolean(row);
}
