// Writing messages (issue 14, docs/decisions/0017). Two layers:
//  - storeMessage: the core every sender uses — a member's send here, an operator's answer as a
//    fictional profile (issue 15) — storing one message in its conversation (made on the first
//    message of a pair), moving the conversation's last message, unread counters and operator queue,
//    and spending the sender's credits through the ledger in the same transaction.
//  - sendMessage: a member's send, with every rule of docs/product.md §4–§6 checked first (blocking, invisible
//    and privacy mode, the recipient's unconfirmed e-mail, free members' conversation limit, the
//    message length, the gift catalogue, photo checks) and what it costs by kind.
// Live events go out only after the transaction committed (publishMessage in ./events.ts).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { now, today } from '../clock';
import type { Conversation, Message, User } from '../db/schema';
import { inTransaction, spendCredits, type Db, type SpendKind } from '../credits/ledger';
import { blockerName, visibleTo } from '../members/access';
import { tenantScope } from '../profiles/pool';
import { deleteUnreachable, type MediaStorage } from '../media/storage';
import { encodePhoto, storeBoth, withFilesRemovedOnFailure, type PhotoError } from '../members/photos';
import type { Tenant } from '../tenants/schema';
import { findGift } from './gifts';
import { recordScamSignal } from '../trust/complaints';
import { scanForSignals } from '../trust/signals';

/** docs/product.md §5 "Free members may start up to 2 conversations per one activation text" (decision 0017). */
export const FREE_CONVERSATIONS = 2;
/** Longest edge of a chat photo's thumbnail in the conversation. */
export const CHAT_THUMB_EDGE = 480;

export type MessageContent =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; giftId: string }
  | { kind: 'photo'; photo: { filename: string; thumbFilename: string; width: number; height: number } };

export interface StoreMessageInput {
  /** The tenant of the member side: the conversation belongs to it. */
  tenantId: string;
  senderProfileId: number;
  recipientProfileId: number;
  content: MessageContent;
  /** The sender's idempotency key: a second store with the same key returns the first message, unchanged and uncharged. */
  clientId?: string | null;
  /** Who pays and how much, through the ledger (reference `message:<id>`); null or 0 credits: nothing is spent. */
  charge?: { userId: number; credits: number } | null;
  /** An operator's answer as the fictional profile: marked in the member's chat, clears the operator queue. */
  fromFictional?: boolean;
  /** When it was written; the server clock's now unless given (demo conversations in the past). */
  at?: Date;
}

export type StoreMessageResult =
  | {
      ok: true;
      message: Message;
      conversation: Conversation;
      /** The client_id was seen before: `message` is the first one, nothing was stored or spent now. */
      repeated: boolean;
      /** The payer's balance after the spend; null when nothing was charged. */
      balance: number | null;
    }
  | { ok: false; error: 'not_enough_credits'; balance: number };

const SPEND_KIND: Record<MessageContent['kind'], SpendKind> = { text: 'message', gift: 'gift', photo: 'photo' };

/**
 * Stores one message from `senderProfileId` to `recipientProfileId`, in the caller's transaction or
 * a new one. Holds the sender's profile row lock for the rest of the transaction, so that parallel
 * sends of one sender (retries with one client_id, a limit the caller counts) queue. With a charge,
 * the spend and the message commit together or not at all: not enough credits stores nothing.
 * The recipient's unread count goes up by one; the sender's side has read the conversation; a side
 * that removed the conversation sees it again from this message on. A member's message to a
 * fictional profile puts the conversation in the operator queue (awaiting_reply_since); a fictional
 * answer takes it out.
 */
export function storeMessage(db: Db, input: StoreMessageInput): Promise<StoreMessageResult> {
  return inTransaction(db, async (trx) => {
    await lockProfile(trx, input.senderProfileId);
    if (input.clientId) {
      const earlier = await trx.selectFrom('messages').selectAll().where('sender_profile_id', '=', input.senderProfileId).where('client_id', '=', input.clientId).executeTakeFirst();
      if (earlier) {
        const conversation = await trx.selectFrom('conversations').selectAll().where('id', '=', earlier.conversation_id).executeTakeFirstOrThrow();
        const payer = input.charge ? await trx.selectFrom('users').select('credits').where('id', '=', input.charge.userId).executeTakeFirst() : undefined;
        return { ok: true, message: earlier, conversation, repeated: true, balance: payer?.credits ?? null };
      }
    }
    // The id first, so that the ledger entry can name the message before it exists.
    const { id } = (await sql<{ id: number }>`select nextval(pg_get_serial_sequence('messages', 'id'))::int as id`.execute(trx)).rows[0]!;
    let balance: number | null = null;
    const credits = input.charge?.credits ?? 0;
    if (input.charge && credits > 0) {
      const spent = await spendCredits(trx, SPEND_KIND[input.content.kind], { userId: input.charge.userId, credits, reference: `message:${id}` });
      if (!spent.ok) return { ok: false, error: 'not_enough_credits', balance: spent.balance };
      balance = spent.balance;
    }
    const at = input.at ?? now();
    const conversationId = await conversationFor(trx, input.tenantId, input.senderProfileId, input.recipientProfileId, at);
    const { content } = input;
    const message = await trx
      .insertInto('messages')
      .values({
        id,
        conversation_id: conversationId,
        sender_profile_id: input.senderProfileId,
        kind: content.kind,
        body: content.kind === 'text' ? content.text : null,
        gift_id: content.kind === 'gift' ? content.giftId : null,
        photo_filename: content.kind === 'photo' ? content.photo.filename : null,
        photo_thumb_filename: content.kind === 'photo' ? content.photo.thumbFilename : null,
        photo_width: content.kind === 'photo' ? content.photo.width : null,
        photo_height: content.kind === 'photo' ? content.photo.height : null,
        credits: input.charge ? credits : 0,
        client_id: input.clientId ?? null,
        from_fictional: input.fromFictional ?? false,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const conversation = await trx
      .updateTable('conversations')
      .set((eb) => ({
        last_message_id: id,
        last_message_at: at,
        awaiting_reply_since: input.fromFictional ? null : eb.case().when('fictional', '=', true).then(eb.fn.coalesce('awaiting_reply_since', eb.val(at))).else(null).end(),
      }))
      .where('id', '=', conversationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversation_sides')
      .set((eb) => ({ unread: eb('unread', '+', 1) }))
      .where('conversation_id', '=', conversationId)
      .where('profile_id', '=', input.recipientProfileId)
      .execute();
    // Writing in a conversation is having read it.
    await trx.updateTable('conversation_sides').set({ last_read_message_id: id, unread: 0 }).where('conversation_id', '=', conversationId).where('profile_id', '=', input.senderProfileId).execute();
    return { ok: true, message, conversation, repeated: false, balance };
  });
}

async function lockProfile(db: Db, profileId: number): Promise<void> {
  await db.selectFrom('profiles').select('id').where('id', '=', profileId).forUpdate().executeTakeFirstOrThrow();
}

/** The pair's conversation and both sides, made on the first message (one per pair, whoever writes first). */
async function conversationFor(db: Db, tenantId: string, sender: number, recipient: number, at: Date): Promise<number> {
  const [low, high] = sender < recipient ? [sender, recipient] : [recipient, sender];
  const fictional = await db.selectFrom('profiles').select('id').where('id', 'in', [low, high]).where('fictional', '=', true).executeTakeFirst();
  await db
    .insertInto('conversations')
    .values({ tenant_id: tenantId, profile_low: low, profile_high: high, started_by_profile_id: sender, fictional: Boolean(fictional), last_message_at: at })
    .onConflict((oc) => oc.constraint('conversations_pair').doNothing())
    .execute();
  const row = await db.selectFrom('conversations').select('id').where('profile_low', '=', low).where('profile_high', '=', high).executeTakeFirstOrThrow();
  await db
    .insertInto('conversation_sides')
    .values([
      { conversation_id: row.id, profile_id: sender, other_profile_id: recipient },
      { conversation_id: row.id, profile_id: recipient, other_profile_id: sender },
    ])
    .onConflict((oc) => oc.columns(['conversation_id', 'profile_id']).doNothing())
    .execute();
  return row.id;
}

/** What a member sends: a text, a gift from the catalogue, or a photo's bytes. */
export type SendContent = { kind: 'text'; text: string } | { kind: 'gift'; gift: string } | { kind: 'photo'; bytes: Uint8Array };

export interface SendInput {
  profile: number;
  content: SendContent;
  clientId?: string | null;
}

export type SendError =
  | 'authentication_required'
  | 'self'
  | 'outside_pool'
  | 'not_found'
  | 'blocked'
  | 'recipient_unconfirmed'
  | 'conversation_limit'
  | 'not_enough_credits'
  | 'empty'
  | 'too_long'
  | 'unknown_gift'
  | PhotoError;

export type SendResult =
  | { ok: true; message: Message; conversation: Conversation; repeated: boolean; balance: number; recipient: Recipient }
  | { ok: false; error: SendError; balance?: number; name?: string };

/** The other side of a send: the profile, and its member when it is one. */
export interface Recipient {
  profileId: number;
  userId: number | null;
  fictional: boolean;
}

/** What a message of each kind costs on this tenant. */
export function messageCost(tenant: Tenant, kind: MessageContent['kind']): number {
  const { settings } = tenant;
  return kind === 'text' ? settings.message_credits : kind === 'gift' ? settings.gift_credits : settings.photo_credits;
}

/**
 * Who a member may write to (docs/product.md §4–§6), before anything is spent: not themself; not across a
 * block (the blocked member learns by whom: 'blocked' with the name); only a profile they can see,
 * so never an invisible or privacy-mode member who has not reached out to them first (a like or a
 * message), nor another tenant's member; not a member whose e-mail is unconfirmed (docs/product.md §4: the
 * other party's reply waits for the confirmation).
 */
export async function checkRecipient(db: Db, tenant: Tenant, user: User, profileId: number): Promise<{ ok: true; recipient: Recipient } | { ok: false; error: SendError; name?: string }> {
  const own = user.profile_id;
  if (!own) return { ok: false, error: 'authentication_required' };
  if (profileId === own) return { ok: false, error: 'self' };
  const blockedBy = await blockerName(db, own, profileId);
  if (blockedBy !== null) return { ok: false, error: 'blocked', name: blockedBy };
  // Nobody on this site could read a sender outside its pool (another country, outside the niche):
  // such a send is refused before anything is charged (docs/decisions/0031).
  const inPool = await db
    .selectFrom('profiles')
    .select('profiles.id')
    .where('profiles.id', '=', own)
    .where((eb) => tenantScope(eb, tenant, today()))
    .executeTakeFirst();
  if (!inPool) return { ok: false, error: 'outside_pool' };
  const target = await db
    .selectFrom('profiles')
    .leftJoin('users as owner', 'owner.id', 'profiles.user_id')
    .select(['profiles.id', 'profiles.fictional', 'owner.id as user_id'])
    .where('profiles.id', '=', profileId)
    .where((eb) => visibleTo(eb, tenant, { user }))
    .executeTakeFirst();
  if (!target) return { ok: false, error: 'not_found' };
  if (!(await acceptsMessages(db, target.id))) return { ok: false, error: 'recipient_unconfirmed' };
  return { ok: true, recipient: { profileId: target.id, userId: target.user_id, fictional: target.fictional } };
}

/**
 * docs/product.md §4: nobody's message reaches a member whose e-mail is unconfirmed until they confirm it —
 * a member's send (checkRecipient) and an operator's answer as a fictional profile alike.
 */
export async function acceptsMessages(db: Db, profileId: number): Promise<boolean> {
  const owner = await db.selectFrom('profiles').leftJoin('users', 'users.id', 'profiles.user_id').select('users.status').where('profiles.id', '=', profileId).executeTakeFirst();
  return owner !== undefined && owner.status !== 'not_confirmed';
}

/** How many more conversations a member may start (null: no limit, a premium member). */
export async function conversationsLeft(db: Db, user: User): Promise<number | null> {
  if (user.paid_user || !user.profile_id) return null;
  const row = await db.selectFrom('conversations').select((eb) => eb.fn.countAll<number>().as('n')).where('started_by_profile_id', '=', user.profile_id).executeTakeFirstOrThrow();
  return Math.max(0, FREE_CONVERSATIONS - Number(row.n));
}

/**
 * A member sends a text, gift or photo to a profile (POST /api/message.php). Every rule is checked
 * before anything is spent; the free members' conversation limit is counted under the sender's row
 * lock, so parallel first messages to several profiles cannot start a third conversation. A photo
 * is re-encoded first and its files removed again when the send does not go through.
 */
export async function sendMessage(db: Db, tenant: Tenant, actor: { user: User }, input: SendInput, options: { media: MediaStorage }): Promise<SendResult> {
  const { user } = actor;
  const own = user.profile_id;
  if (!own) return { ok: false, error: 'authentication_required' };
  const checked = await checkRecipient(db, tenant, user, input.profile);
  if (!checked.ok) return checked;
  const { recipient } = checked;
  // What was sent is checked before the balance (issue 48 item 4): an empty or over-long text is a
  // 400 whatever the credits, as every other malformed request is.
  let early: MessageContent | null = null;
  if (input.content.kind === 'text') {
    const text = input.content.text.trim();
    if (!text) return { ok: false, error: 'empty' };
    if ([...text].length > tenant.settings.message_length) return { ok: false, error: 'too_long' };
    early = { kind: 'text', text };
  } else if (input.content.kind === 'gift') {
    if (!findGift(input.content.gift)) return { ok: false, error: 'unknown_gift' };
    early = { kind: 'gift', giftId: input.content.gift };
  }
  // A cheap early answer before a photo is encoded; the conditional spend below is what holds.
  const cost = messageCost(tenant, input.content.kind);
  if (cost > user.credits) return { ok: false, error: 'not_enough_credits', balance: user.credits };

  let content: MessageContent;
  let files: string[] = [];
  if (early) content = early;
  else if (input.content.kind === 'photo') {
    const encoded = await encodePhoto(input.content.bytes, { width: CHAT_THUMB_EDGE, height: CHAT_THUMB_EDGE, fit: 'inside' });
    if (!encoded.ok) return encoded;
    const name = crypto.randomBytes(12).toString('base64url');
    const filename = `c/${own}/${name}.webp`;
    const thumbFilename = `c/${own}/${name}-thumb.webp`;
    await storeBoth(options.media, [filename, encoded.full.data], [thumbFilename, encoded.thumb.data]);
    files = [filename, thumbFilename];
    content = { kind: 'photo', photo: { filename, thumbFilename, width: encoded.full.info.width, height: encoded.full.info.height } };
  } else return { ok: false, error: 'empty' };

  const result = await withFilesRemovedOnFailure(options.media, files, () => inTransaction(db, async (trx): Promise<SendResult> => {
    await lockProfile(trx, own);
    const [low, high] = own < recipient.profileId ? [own, recipient.profileId] : [recipient.profileId, own];
    const existing = await trx.selectFrom('conversations').select('id').where('profile_low', '=', low).where('profile_high', '=', high).executeTakeFirst();
    const repeat = input.clientId ? await trx.selectFrom('messages').select('id').where('sender_profile_id', '=', own).where('client_id', '=', input.clientId).executeTakeFirst() : undefined;
    if (!existing && !repeat) {
      const payer = await trx.selectFrom('users').select('paid_user').where('id', '=', user.id).executeTakeFirstOrThrow();
      const left = await conversationsLeft(trx, { ...user, paid_user: payer.paid_user });
      if (left !== null && left <= 0) return { ok: false, error: 'conversation_limit' };
    }
    const stored = await storeMessage(trx, {
      tenantId: tenant.id,
      senderProfileId: own,
      recipientProfileId: recipient.profileId,
      content,
      clientId: input.clientId ?? null,
      charge: { userId: user.id, credits: cost },
    });
    if (!stored.ok) return stored;
    // Member-to-member texts are checked for scam signals; a hit is recorded, never a refusal (decision 0029).
    if (!stored.repeated && !recipient.fictional && content.kind === 'text') {
      const rules = scanForSignals(content.text);
      if (rules.length) {
        await recordScamSignal(trx, tenant, { conversationId: stored.conversation.id, messageId: stored.message.id, senderProfileId: own, rules, text: content.text });
        stored.message.signals = rules;
      }
    }
    const balance = stored.balance ?? (await trx.selectFrom('users').select('credits').where('id', '=', user.id).executeTakeFirstOrThrow()).credits;
    return { ok: true, message: stored.message, conversation: stored.conversation, repeated: stored.repeated, balance, recipient };
  }));
  if (files.length && (!result.ok || result.repeated)) await deleteUnreachable(options.media, files);
  return result;
}
