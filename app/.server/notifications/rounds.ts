// The scheduled notification kinds (issue 24, docs/decisions/0024-notifications.md, "Schedules"):
// one round, `notifications.rounds`, every 10 minutes on one instance, asks each kind's rule what is
// due by the app clock (so a missed round catches up, and tests move the clock):
// - unread_message_reminders: from 18:00 UTC each day, members with messages unread for more than
//   24 hours (and at most 7 days) get one reminder that day — never again for the same messages;
// - reminders: "confirm your e-mail" 24 hours after signup while still unconfirmed (within the
//   activation link's 7 days); "finish your profile" 3 days after signup while without a photo;
//   each once;
// - weekly_updates: Mondays from 09:00 UTC (to the end of the day), once per ISO week, to members of
//   a day or more, the newest members of the past week who fit the member (the gender their
//   sexuality seeks, visible to them); none when nobody fits;
// - promotions: the welcome time bonus (offers/time-bonus.ts) in its last hour, once.
// Every mail is in the member's language and the tenant's brand, carries List-Unsubscribe (for its
// own kind), and goes
// only when its kind is on, no disabled reason (fbl, bounce, listunsubscribe) is set and the account
// is live. "Once" is held by the database: the mail is queued in the transaction that inserts its
// notification_log row, whose primary key (user, kind, key) a second round cannot insert again.
import type { Kysely, Transaction } from 'kysely';
import { TIME_BONUS_SECONDS } from '~/shared/offers';
import { isLocale, type Locale } from '~/shared/locales';
import { SYSTEM_REASONS } from '../accounts/notifications';
import { now, today } from '../clock';
import type { DB, User } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import { enqueueMail, type MailContent } from '../mail/mail';
import { visibleTo } from '../members/access';
import { CARD_COLUMNS, toCards, type MemberCard } from '../members/search';
import type { Tenant } from '../tenants/schema';
import { absolute } from './activity-mail';
import { notificationState } from './state';
import { listUnsubscribeHeaders, unsubscribeUrl } from './unsubscribe';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Unread messages older than this are reminded of. */
export const UNREAD_AFTER_MS = DAY;
/** The daily reminder goes from this hour (UTC). */
export const UNREAD_HOUR_UTC = 18;
export const CONFIRM_AFTER_MS = DAY;
export const PHOTO_AFTER_MS = 3 * DAY;
/** The weekly update goes from Monday at this hour (UTC). */
export const WEEKLY_HOUR_UTC = 9;
/** The promotion goes in the time bonus's last hour. */
export const PROMOTION_BEFORE_MS = HOUR;

export type ScheduledKind = 'unread_message_reminders' | 'reminders' | 'weekly_updates' | 'promotions' | 'news';

export interface RoundDeps {
  tenant: (id: string) => Tenant | undefined;
  /** scheme://host that links in a member's mails point to. */
  originOf: (tenant: Tenant, user: User) => string;
}

/** Whether a mail of this kind may go to the member at all. */
export function mayMail(user: Pick<User, 'status' | 'notifications_disabled'>, kind: ScheduledKind): boolean {
  if (user.status !== 'confirmed' && user.status !== 'not_confirmed') return false;
  if (user.notifications_disabled.includes(kind)) return false;
  return !user.notifications_disabled.some((reason) => (SYSTEM_REASONS as readonly string[]).includes(reason));
}

type Texts = (id: string, values?: Record<string, string | number>) => string;

export interface MailContext {
  tenant: Tenant;
  locale: Locale;
  origin: string;
  t: Texts;
}

/**
 * Queues the mail of (kind, key) for the member unless it went before: the notification_log row
 * and the mail are written in one transaction, and the row's primary key lets only one through.
 */
export async function mailOnce(
  db: Kysely<DB>,
  deps: RoundDeps,
  user: User,
  note: { kind: ScheduledKind; key: string; ref?: number },
  build: (context: MailContext) => MailContent | null,
): Promise<boolean> {
  const tenant = deps.tenant(user.tenant_id);
  if (!tenant || !mayMail(user, note.kind)) return false;
  const locale: Locale = isLocale(user.language) ? user.language : 'en';
  const origin = deps.originOf(tenant, user);
  const t: Texts = (id, values = {}) => serverMessage(locale, id, { site: tenant.settings.name, ...values });
  const content = build({ tenant, locale, origin, t });
  if (!content) return false;
  const state = await notificationState(db, user);
  return db.transaction().execute(async (trx: Transaction<DB>) => {
    const logged = await trx
      .insertInto('notification_log')
      .values({ user_id: user.id, kind: note.kind, key: note.key, ref: note.ref ?? null, sent_at: now() })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'key']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!logged) return false;
    await enqueueMail(trx, tenant, {
      kind: 'notification',
      // Reminders, weekly updates, promotions and news: what may wait (jobs/priority.ts).
      priority: 'bulk',
      to: user.email,
      locale,
      content: {
        ...content,
        footnote: t('notify.footnote', { settings: `${origin}/notifications` }),
        // The link turns off this mail's kind only (issue 48 item 19).
        unsubscribe: { label: t('notify.unsubscribe.link'), url: unsubscribeUrl(origin, state.unsubscribe_token, [note.kind]) },
      },
      headers: listUnsubscribeHeaders(tenant, origin, state.unsubscribe_token, [note.kind]),
    });
    return true;
  });
}

const LIVE = ['confirmed', 'not_confirmed'] as const;

function dayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** ISO 8601 week of a date, as 2026-W48. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** unread_message_reminders: from 18:00 UTC, messages unread for a day, one reminder a day, never twice for the same messages. */
export async function remindUnread(db: Kysely<DB>, deps: RoundDeps, at: Date = now()): Promise<number> {
  if (at.getUTCHours() < UNREAD_HOUR_UTC) return 0;
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('conversation_sides as cs', (join) => join.onRef('cs.conversation_id', '=', 'm.conversation_id').onRef('cs.profile_id', '!=', 'm.sender_profile_id'))
    .innerJoin('users as u', 'u.profile_id', 'cs.profile_id')
    .select((eb) => ['u.id as user_id', eb.fn.countAll<string>().as('count'), eb.fn.max('m.id').as('newest')])
    .where('m.created_at', '<=', new Date(at.getTime() - UNREAD_AFTER_MS))
    .where('m.created_at', '>', new Date(at.getTime() - 7 * DAY))
    .whereRef('m.created_at', '>', 'u.signup_date')
    .where('u.status', 'in', LIVE)
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('cs.last_read_message_id', eb.val(0))))
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('cs.removed_through_message_id', eb.val(0))))
    .groupBy('u.id')
    // Not twice for the same messages: one newer than what the last reminder told of.
    .having((eb) =>
      eb(
        eb.fn.max('m.id'),
        '>',
        eb.fn.coalesce(
          eb
            .selectFrom('notification_log as nl')
            .select((inner) => inner.fn.max('nl.ref').as('ref'))
            .whereRef('nl.user_id', '=', 'u.id')
            .where('nl.kind', '=', 'unread_message_reminders'),
          eb.val(0),
        ),
      ),
    )
    .execute();
  let sent = 0;
  for (const row of rows) {
    const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
    if (!user) continue;
    const count = Number(row.count);
    const ok = await mailOnce(db, deps, user, { kind: 'unread_message_reminders', key: dayKey(at), ref: Number(row.newest) }, ({ origin, t }) => ({
      subject: t('remind.unread.subject', { count }),
      heading: t('remind.unread.heading'),
      paragraphs: [t('remind.unread.text', { count })],
      action: { label: t('notify.action.chats'), url: `${origin}/chats` },
    }));
    if (ok) sent++;
  }
  return sent;
}

/** reminders: confirm your e-mail (a day after signup, while unconfirmed), finish your profile (3 days after signup, without a photo); each once. */
export async function remindAccount(db: Kysely<DB>, deps: RoundDeps, at: Date = now()): Promise<number> {
  let sent = 0;
  const unconfirmed = await db
    .selectFrom('users')
    .selectAll()
    .where('status', '=', 'not_confirmed')
    .where('signup_date', '<=', new Date(at.getTime() - CONFIRM_AFTER_MS))
    // The activation link lives 7 days; after that the member signs up again.
    .where('signup_date', '>', new Date(at.getTime() - 7 * DAY))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('notification_log as nl').select('nl.user_id').whereRef('nl.user_id', '=', 'users.id').where('nl.kind', '=', 'reminders').where('nl.key', '=', 'confirm_email'))))
    .execute();
  for (const user of unconfirmed) {
    const ok = await mailOnce(db, deps, user, { kind: 'reminders', key: 'confirm_email' }, ({ origin, t }) => ({
      subject: t('remind.confirm.subject'),
      heading: t('remind.confirm.heading'),
      paragraphs: [t('remind.confirm.text', { email: user.email })],
      action: { label: t('remind.confirm.action'), url: `${origin}/complete-signup` },
    }));
    if (ok) sent++;
  }
  const photoless = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .selectAll('users')
    .where('users.status', 'in', LIVE)
    .where('profiles.main_photo_id', 'is', null)
    .where('users.signup_date', '<=', new Date(at.getTime() - PHOTO_AFTER_MS))
    .where('users.signup_date', '>', new Date(at.getTime() - 30 * DAY))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('notification_log as nl').select('nl.user_id').whereRef('nl.user_id', '=', 'users.id').where('nl.kind', '=', 'reminders').where('nl.key', '=', 'profile_photo'))))
    .execute();
  for (const user of photoless) {
    const ok = await mailOnce(db, deps, user, { kind: 'reminders', key: 'profile_photo' }, ({ origin, t }) => ({
      subject: t('remind.photo.subject'),
      heading: t('remind.photo.heading'),
      paragraphs: [t('remind.photo.text')],
      action: { label: t('alert.photo.action'), url: `${origin}/profile` },
    }));
    if (ok) sent++;
  }
  return sent;
}

/** The gender a member's sexuality seeks (null: both). */
function seekingOf(profile: { gender: 'male' | 'female'; sexuality: string }): 'male' | 'female' | null {
  if (profile.sexuality === 'bi') return null;
  if (profile.sexuality === 'gay') return 'male';
  if (profile.sexuality === 'lesbian') return 'female';
  return profile.gender === 'male' ? 'female' : 'male';
}

const WEEKLY_CARDS = 4;

/** weekly_updates: Mondays from 09:00 UTC, once per ISO week, new members of the past week who fit the member. */
export async function sendWeeklyUpdates(db: Kysely<DB>, deps: RoundDeps, at: Date = now()): Promise<number> {
  // Mondays from 09:00 to the end of the day (UTC): a late round still sends, a Wednesday start does not.
  if (at.getUTCDay() !== 1 || at.getUTCHours() < WEEKLY_HOUR_UTC) return 0;
  const week = isoWeek(at);
  const members = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .selectAll('users')
    .select(['profiles.gender as own_gender', 'profiles.sexuality as own_sexuality'])
    .where('users.status', 'in', LIVE)
    // Members of a day or more: a new member has just seen who is there.
    .where('users.signup_date', '<=', new Date(at.getTime() - DAY))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('notification_log as nl').select('nl.user_id').whereRef('nl.user_id', '=', 'users.id').where('nl.kind', '=', 'weekly_updates').where('nl.key', '=', week))))
    .orderBy('users.id')
    .limit(5000)
    .execute();
  let sent = 0;
  for (const { own_gender, own_sexuality, ...user } of members) {
    const tenant = deps.tenant(user.tenant_id);
    if (!tenant || !mayMail(user, 'weekly_updates')) continue;
    const seeking = seekingOf({ gender: own_gender, sexuality: own_sexuality });
    const rows = await db
      .selectFrom('profiles')
      .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
      .leftJoin('users as owner', 'owner.profile_id', 'profiles.id')
      .select(CARD_COLUMNS)
      // Joined in the past week: a member's signup, a fictional profile's creation.
      .where((eb) => eb(eb.fn.coalesce('owner.signup_date', 'profiles.created_at'), '>', new Date(at.getTime() - 7 * DAY)))
      .where((eb) => eb(eb.fn.coalesce('owner.signup_date', 'profiles.created_at'), '<=', at))
      .where('profiles.id', '!=', user.profile_id ?? 0)
      .$if(seeking !== null, (qb) => qb.where('profiles.gender', '=', seeking!))
      .where((eb) => visibleTo(eb, tenant, { user }, { ignoreOwnBlocks: false }))
      .orderBy((eb) => eb.fn.coalesce('owner.signup_date', 'profiles.created_at'), 'desc')
      .limit(WEEKLY_CARDS)
      .execute();
    const cards: MemberCard[] = toCards(tenant, today(), rows, null);
    if (cards.length === 0) continue;
    const ok = await mailOnce(db, deps, user, { kind: 'weekly_updates', key: week }, ({ origin, t }) => ({
      subject: t('weekly.subject'),
      heading: t('weekly.heading'),
      paragraphs: [t('weekly.text'), ...cards.map((card) => t('weekly.line', { name: card.name, age: card.age, country: card.country }))],
      image: cards[0]?.main_image?.thumb_filename ? { url: absolute(origin, cards[0].main_image.thumb_filename), alt: cards[0].name } : undefined,
      action: { label: t('weekly.action'), url: `${origin}/members` },
    }));
    if (ok) sent++;
  }
  return sent;
}

/** promotions: the welcome time bonus in its last hour (never-paid members), once. */
export async function sendPromotions(db: Kysely<DB>, deps: RoundDeps, at: Date = now()): Promise<number> {
  const ends = (signup: Date) => signup.getTime() + TIME_BONUS_SECONDS * 1000;
  const members = await db
    .selectFrom('users')
    .selectAll()
    .where('status', 'in', LIVE)
    .where('paid_user', '=', false)
    // signup + 4 h − 1 h <= at < signup + 4 h
    .where('signup_date', '<=', new Date(at.getTime() - TIME_BONUS_SECONDS * 1000 + PROMOTION_BEFORE_MS))
    .where('signup_date', '>', new Date(at.getTime() - TIME_BONUS_SECONDS * 1000))
    .execute();
  let sent = 0;
  for (const user of members) {
    const minutes = Math.max(1, Math.round((ends(user.signup_date) - at.getTime()) / 60_000));
    const ok = await mailOnce(db, deps, user, { kind: 'promotions', key: 'time_bonus' }, ({ origin, t }) => ({
      subject: t('promo.timeBonus.subject', { minutes }),
      heading: t('promo.timeBonus.heading'),
      paragraphs: [t('promo.timeBonus.text', { minutes })],
      action: { label: t('promo.timeBonus.action'), url: `${origin}/credits` },
    }));
    if (ok) sent++;
  }
  return sent;
}

export interface RoundsResult {
  unread: number;
  reminders: number;
  weekly: number;
  promotions: number;
}

/** The notifications.rounds job: every scheduled kind's rule, by the app clock. */
export async function runNotificationRounds(db: Kysely<DB>, deps: RoundDeps, at: Date = now()): Promise<RoundsResult> {
  return {
    unread: await remindUnread(db, deps, at),
    reminders: await remindAccount(db, deps, at),
    weekly: await sendWeeklyUpdates(db, deps, at),
    promotions: await sendPromotions(db, deps, at),
  };
}
