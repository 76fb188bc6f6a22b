// The activity round (docs/decisions/0024-notifications.md): every minute, on one instance, members
// who got new messages or likes hear of them by e-mail and web push — not while they are looking at
// the site, only for kinds they left on, never by mail while a disabled reason (fbl, bounce,
// listunsubscribe) is set, and never of what came while its kind (or all mail) was off: a kind turned
// back on tells only of what comes after (issue 48 item 20, notification_state.kinds_on_at). The data is the record: a message counts while its conversation side has
// not read it, a like while it is unseen, both for a day (older unread messages are the reminder's).
// Batching: the first mail after a quiet spell waits until its oldest news is GATHER_MS (30 s) old, so that
// a like and a message of the same moment share it, and leaves at the round after that (within two
// minutes of the cause); then at most one activity mail per member every MAIL_BATCH_MS, gathering
// everything new.
// Push has no batch window: one push per round at most, for what is new since the last push.
import { sql, type Kysely, type SqlBool } from 'kysely';
import { now, today } from '../clock';
import type { DB, User } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { visibleTo } from '../members/access';
import { CARD_COLUMNS, toCards, type MemberCard } from '../members/search';
import type { Tenant } from '../tenants/schema';
import { activityMail, activityPush, kindsOf, type ActivityItem, type ActivityKind } from './activity-mail';
import { SYSTEM_REASONS } from '../accounts/notifications';
import { ACTIVITY_WINDOW_MS, isLooking, notificationState, turnedOnAt } from './state';
import { listUnsubscribeHeaders } from './unsubscribe';
import { enqueueMail } from '../mail/mail';
import { isLocale, type Locale } from '~/shared/locales';
import { logger } from '../observability/logger';

/** At most one activity mail per member in this span. */
export const MAIL_BATCH_MS = 30 * 60_000;
/** The first mail after a quiet spell waits this long for more news to join it. */
export type { ActivityItem, ActivityKind };

export const GATHER_MS = 30_000;

export interface ActivityDeps {
  tenant: (id: string) => Tenant | undefined;
  /** scheme://host links in mails and pushes point to for this member. */
  originOf: (tenant: Tenant, user: User) => string;
  jobs?: JobQueue;
}

export interface ActivityResult {
  mails: number;
  pushes: number;
}

interface PendingMessage {
  id: number;
  conversation_id: number;
  sender_profile_id: number;
  created_at: Date;
  user_id: number;
  new_conversation: SqlBool;
}

interface PendingLike {
  liker_profile_id: number;
  created_at: Date;
  user_id: number;
  match: SqlBool;
}

/** Runs one round: what is due now by the app clock. */
export async function notifyActivity(db: Kysely<DB>, deps: ActivityDeps): Promise<ActivityResult> {
  const at = now();
  const since = new Date(at.getTime() - ACTIVITY_WINDOW_MS);
  const messages: PendingMessage[] = await db
    .selectFrom('messages as m')
    .innerJoin('conversation_sides as cs', (join) => join.onRef('cs.conversation_id', '=', 'm.conversation_id').onRef('cs.profile_id', '!=', 'm.sender_profile_id'))
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('users as u', 'u.profile_id', 'cs.profile_id')
    .leftJoin('notification_state as ns', 'ns.user_id', 'u.id')
    .select((eb) => [
      'm.id',
      'm.conversation_id',
      'm.sender_profile_id',
      'm.created_at',
      'u.id as user_id',
      eb
        .and([
          eb('c.started_by_profile_id', '=', eb.ref('m.sender_profile_id')),
          eb.not(eb.exists(eb.selectFrom('messages as mine').select('mine.id').whereRef('mine.conversation_id', '=', 'm.conversation_id').whereRef('mine.sender_profile_id', '=', 'cs.profile_id'))),
        ])
        .as('new_conversation'),
    ])
    .where('m.created_at', '>', since)
    .where('m.created_at', '<=', at)
    // Nothing from before the member was one (the demo's backdated conversations).
    .whereRef('m.created_at', '>', 'u.signup_date')
    .where('u.status', 'in', ['confirmed', 'not_confirmed'])
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('ns.messages_after', eb.val(0))))
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('cs.last_read_message_id', eb.val(0))))
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('cs.removed_through_message_id', eb.val(0))))
    .orderBy('m.id')
    .limit(10_000)
    .execute();
  const likes: PendingLike[] = await db
    .selectFrom('likes as l')
    .innerJoin('users as u', 'u.profile_id', 'l.liked_profile_id')
    .leftJoin('notification_state as ns', 'ns.user_id', 'u.id')
    .select((eb) => [
      'l.liker_profile_id',
      'l.created_at',
      'u.id as user_id',
      eb.exists(eb.selectFrom('likes as back').select('back.created_at').whereRef('back.liker_profile_id', '=', 'l.liked_profile_id').whereRef('back.liked_profile_id', '=', 'l.liker_profile_id')).as('match'),
    ])
    .where('l.seen_at', 'is', null)
    .where('l.created_at', '>', since)
    .where('l.created_at', '<=', at)
    .whereRef('l.created_at', '>', 'u.signup_date')
    .where('u.status', 'in', ['confirmed', 'not_confirmed'])
    // The watermark is kept to the millisecond (a JS Date); the like's time may carry microseconds.
    .where((eb) => eb.or([eb('ns.likes_after', 'is', null), eb(sql<Date>`date_trunc('milliseconds', l.created_at)`, '>', eb.ref('ns.likes_after'))]))
    .orderBy('l.created_at')
    .limit(10_000)
    .execute();

  const byUser = new Map<number, { messages: PendingMessage[]; likes: PendingLike[] }>();
  for (const m of messages) (byUser.get(m.user_id) ?? byUser.set(m.user_id, { messages: [], likes: [] }).get(m.user_id)!).messages.push(m);
  for (const l of likes) (byUser.get(l.user_id) ?? byUser.set(l.user_id, { messages: [], likes: [] }).get(l.user_id)!).likes.push(l);

  const result: ActivityResult = { mails: 0, pushes: 0 };
  for (const [userId, pending] of byUser) {
    try {
      const sent = await notifyMember(db, deps, userId, pending, at);
      result.mails += sent.mails;
      result.pushes += sent.pushes;
    } catch (error) {
      logger.error(`notifying member ${userId} failed: ${(error as Error).message}`);
    }
  }
  return result;
}

async function notifyMember(db: Kysely<DB>, deps: ActivityDeps, userId: number, pending: { messages: PendingMessage[]; likes: PendingLike[] }, at: Date): Promise<ActivityResult> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  const tenant = user && deps.tenant(user.tenant_id);
  if (!user || !tenant || !user.profile_id) return { mails: 0, pushes: 0 };
  const state = await notificationState(db, user);
  if (isLooking(state, at)) return { mails: 0, pushes: 0 };

  // What is told: news of a kind that is on and came after it was last turned on; the mail also
  // leaves out what came while all notification mail was off (issue 48 item 20).
  const cards = await cardsFor(db, tenant, user, pending);
  const kindOn = (kind: ActivityKind, when: Date) => {
    const since = turnedOnAt(state, kind);
    return !user.notifications_disabled.includes(kind) && (since === null || when > since);
  };
  const mailOnSince = turnedOnAt(state, 'mail');
  const wanted = itemsOf(cards, pending, kindOn);
  const mailed = itemsOf(cards, pending, (kind, when) => kindOn(kind, when) && (mailOnSince === null || when > mailOnSince));
  const locale: Locale = isLocale(user.language) ? user.language : 'en';
  const origin = deps.originOf(tenant, user);
  const result: ActivityResult = { mails: 0, pushes: 0 };

  // Push: what is new since the last push, whatever the mail's batch window.
  const fresh = wanted.filter((item) => !state.last_push_at || item.lastAt > state.last_push_at);
  if (deps.jobs && fresh.length > 0) {
    const subscriptions = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute();
    if (subscriptions.length > 0) {
      const claimed = await db
        .updateTable('notification_state')
        .set({ last_push_at: at })
        .where('user_id', '=', user.id)
        .where((eb) => (state.last_push_at ? eb('last_push_at', '=', state.last_push_at) : eb('last_push_at', 'is', null)))
        .returning('user_id')
        .executeTakeFirst();
      if (claimed) {
        const payload = activityPush(tenant, locale, origin, fresh);
        for (const subscription of subscriptions) {
          await deps.jobs.send('push.send', { tenant: tenant.id, subscription: subscription.id, payload }, { retryLimit: 3, retryDelay: 30, retryBackoff: true });
          result.pushes++;
        }
      }
    }
  }

  // Mail: once the batch window since the last activity mail has passed.
  if (state.last_mail_at && at.getTime() - state.last_mail_at.getTime() < MAIL_BATCH_MS) return result;
  const oldest = Math.min(...pending.messages.map((m) => m.created_at.getTime()), ...pending.likes.map((l) => l.created_at.getTime()));
  if (at.getTime() - oldest < GATHER_MS) return result;
  const mailOff = user.notifications_disabled.some((reason) => (SYSTEM_REASONS as readonly string[]).includes(reason));
  const watermark = {
    messages_after: Math.max(state.messages_after, ...pending.messages.map((m) => m.id)),
    likes_after: new Date(Math.max(state.likes_after.getTime(), ...pending.likes.map((l) => l.created_at.getTime()))),
  };
  await db.transaction().execute(async (trx) => {
    const send = !mailOff && mailed.length > 0;
    // Conditional on the state read above: a second round (another instance) finds it changed and sends nothing.
    const claimed = await trx
      .updateTable('notification_state')
      .set({ ...watermark, ...(send ? { last_mail_at: at } : {}) })
      .where('user_id', '=', user.id)
      .where('messages_after', '=', state.messages_after)
      .where('likes_after', '=', state.likes_after)
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed || !send) return;
    await enqueueMail(trx, tenant, {
      kind: 'notification',
      priority: 'notification',
      to: user.email,
      locale,
      content: activityMail(tenant, locale, origin, user, mailed, state.unsubscribe_token),
      // The one-click unsubscribe turns off the kinds this mail tells of (issue 48 item 19).
      headers: listUnsubscribeHeaders(tenant, origin, state.unsubscribe_token, kindsOf(mailed)),
    });
    result.mails++;
  });
  return result;
}

/** The other profiles of the pending messages and likes, as this member may see them (a hidden or blocked one drops out). */
async function cardsFor(db: Kysely<DB>, tenant: Tenant, user: User, pending: { messages: PendingMessage[]; likes: PendingLike[] }): Promise<Map<number, MemberCard>> {
  const ids = [...new Set([...pending.messages.map((m) => m.sender_profile_id), ...pending.likes.map((l) => l.liker_profile_id)])];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('profiles')
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .select(CARD_COLUMNS)
    .where('profiles.id', 'in', ids)
    .where((eb) => visibleTo(eb, tenant, { user }, { ignoreOwnBlocks: false }))
    .execute();
  return new Map(toCards(tenant, today(), rows, null).map((card) => [card.id, card]));
}

/** The pending messages and likes that `keep` lets through (by kind and time), as lines: one per conversation or liker. */
function itemsOf(cards: Map<number, MemberCard>, pending: { messages: PendingMessage[]; likes: PendingLike[] }, keep: (kind: ActivityKind, at: Date) => boolean): ActivityItem[] {
  const items: ActivityItem[] = [];
  const conversations = new Map<number, ActivityItem>();
  for (const m of pending.messages) {
    const profile = cards.get(m.sender_profile_id);
    const kind: ActivityKind = m.new_conversation === true ? 'new_conversations' : 'new_messages';
    if (!profile || !keep(kind, m.created_at)) continue;
    const existing = conversations.get(m.conversation_id);
    if (existing) {
      existing.count++;
      existing.lastMessageId = m.id;
      existing.lastAt = m.created_at;
      continue;
    }
    const item: ActivityItem = { kind, profile, conversation: m.conversation_id, count: 1, match: false, lastMessageId: m.id, lastAt: m.created_at };
    conversations.set(m.conversation_id, item);
    items.push(item);
  }
  for (const l of pending.likes) {
    const profile = cards.get(l.liker_profile_id);
    if (profile && keep('like', l.created_at)) items.push({ kind: 'like', profile, conversation: null, count: 1, match: l.match === true, lastMessageId: 0, lastAt: l.created_at });
  }
  return items;
}
