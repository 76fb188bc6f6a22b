// Likes (docs/product.md §3 Likes, §4 like states, §6): a member likes a profile they can see; a like back is a
// match. The liked member sees who liked them, with a new-like flag until they open that profile
// (or like back). Nobody can like an invisible member first: such a profile is not visible to them
// until its owner liked them (access.ts), so the like is refused like any profile they cannot see.
import { sql, type Kysely } from 'kysely';
import { now, today } from '../clock';
import type { DB } from '../db/schema';
import { blockerName, visibleTo, type Viewer } from '../members/access';
import { CARD_COLUMNS, toCards, type MemberCard } from '../members/search';
import type { Tenant } from '../tenants/schema';
import { memberChannel, type EventBus } from '../events/bus';
import { LIKES_TABS, type LikeState, type LikesTab } from '~/shared/likes';
import { logger } from '../observability/logger';

export type { LikeState, LikesTab } from '~/shared/likes';
export type LikeError = 'authentication_required' | 'not_found' | 'self' | 'blocked';
export type LikeResult = { ok: true; state: LikeState } | { ok: false; error: Exclude<LikeError, 'blocked'> } | { ok: false; error: 'blocked'; name: string };

/** The like state between the viewer's profile and another (docs/product.md §4). */
export async function likeState(db: Kysely<DB>, own: number, other: number): Promise<LikeState> {
  const rows = await db
    .selectFrom('likes')
    .select('liker_profile_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('liker_profile_id', '=', own), eb('liked_profile_id', '=', other)]),
        eb.and([eb('liker_profile_id', '=', other), eb('liked_profile_id', '=', own)]),
      ]),
    )
    .execute();
  const mine = rows.some((r) => r.liker_profile_id === own);
  const theirs = rows.some((r) => r.liker_profile_id === other);
  return mine && theirs ? 'match' : mine ? 'liked' : theirs ? 'liked_by_them' : 'none';
}

/** The like states between the viewer's profile and each of `ids` (absent: none). */
export async function likeStates(db: Kysely<DB>, own: number, ids: readonly number[]): Promise<Map<number, LikeState>> {
  const states = new Map<number, LikeState>();
  if (!ids.length) return states;
  const rows = await db
    .selectFrom('likes')
    .select(['liker_profile_id', 'liked_profile_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('liker_profile_id', '=', own), eb('liked_profile_id', 'in', ids)]),
        eb.and([eb('liked_profile_id', '=', own), eb('liker_profile_id', 'in', ids)]),
      ]),
    )
    .execute();
  const mine = new Set(rows.filter((r) => r.liker_profile_id === own).map((r) => r.liked_profile_id));
  const theirs = new Set(rows.filter((r) => r.liked_profile_id === own).map((r) => r.liker_profile_id));
  for (const id of ids) {
    const state: LikeState = mine.has(id) && theirs.has(id) ? 'match' : mine.has(id) ? 'liked' : theirs.has(id) ? 'liked_by_them' : 'none';
    if (state !== 'none') states.set(id, state);
  }
  return states;
}

/**
 * Likes a profile the member may see: never across a block, another tenant's member, or a hidden
 * (invisible or privacy-mode) member who has not liked them first. Liking back also clears the
 * liker's new-like flag: the member has seen it.
 */
export async function likeProfile(db: Kysely<DB>, tenant: Tenant, viewer: Viewer, profileId: number, events?: EventBus): Promise<LikeResult> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return { ok: false, error: 'authentication_required' };
  if (profileId === own) return { ok: false, error: 'self' };
  if (!Number.isInteger(profileId) || profileId < 1) return { ok: false, error: 'not_found' };
  const blocker = await blockerName(db, own, profileId);
  if (blocker !== null) return { ok: false, error: 'blocked', name: blocker };
  const target = await db.selectFrom('profiles').select('id').where('id', '=', profileId).where((eb) => visibleTo(eb, tenant, viewer)).executeTakeFirst();
  if (!target) return { ok: false, error: 'not_found' };
  const made = await db
    .insertInto('likes')
    .values({ liker_profile_id: own, liked_profile_id: profileId, seen_at: null, created_at: now() })
    .onConflict((oc) => oc.doNothing())
    .returning('liked_profile_id')
    .executeTakeFirst();
  await markLikeSeen(db, viewer, profileId);
  // A like made just now (not one repeated) reaches the liked member's stream at once.
  if (made) await announceLike(db, tenant, events, own, profileId);
  return { ok: true, state: await likeState(db, own, profileId) };
}

export async function unlikeProfile(db: Kysely<DB>, viewer: Viewer, profileId: number): Promise<LikeResult> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return { ok: false, error: 'authentication_required' };
  await db.deleteFrom('likes').where('liker_profile_id', '=', own).where('liked_profile_id', '=', profileId).execute();
  return { ok: true, state: await likeState(db, own, profileId) };
}

/** Opening a liker's profile clears that liker's new-like flag (docs/product.md §4); true when it was new. */
export async function markLikeSeen(db: Kysely<DB>, viewer: Viewer, likerProfileId: number): Promise<boolean> {
  const own = viewer.user?.profile_id;
  if (!own) return false;
  const result = await db.updateTable('likes').set({ seen_at: now() }).where('liker_profile_id', '=', likerProfileId).where('liked_profile_id', '=', own).where('seen_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface LikesView {
  /** Cards of every profile in a like with the viewer, either way, that the viewer may see. */
  profiles: MemberCard[];
  /** Profiles the viewer liked. */
  liked: number[];
  liked_by: { id: number; like_new: boolean }[];
}

/** GET /api/likes.php (docs/product.md §7): the viewer's likes both ways, newest first; only profiles the viewer may see. */
export async function listLikes(db: Kysely<DB>, tenant: Tenant, viewer: Viewer): Promise<LikesView | null> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return null;
  // One round trip: each like of or by the member with the other side's card, where the member may
  // see that side (a refresh call every online member makes, docs/decisions/0060).
  const rows = await db
    .selectFrom('likes')
    .innerJoin('profiles', (join) => join.on(sql<boolean>`profiles.id = case when likes.liker_profile_id = ${own} then likes.liked_profile_id else likes.liker_profile_id end`))
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .select(CARD_COLUMNS)
    .select(['likes.liker_profile_id', 'likes.liked_profile_id', 'likes.seen_at'])
    .where((eb) => eb.or([eb('likes.liker_profile_id', '=', own), eb('likes.liked_profile_id', '=', own)]))
    .where((eb) => visibleTo(eb, tenant, viewer))
    .orderBy('likes.created_at', 'desc')
    .execute();
  // Newest like first; a match's profile once, where its newer like puts it.
  const profiles = new Map<number, MemberCard>();
  for (const card of toCards(tenant, today(), rows, null)) if (!profiles.has(card.id)) profiles.set(card.id, card);
  return {
    profiles: [...profiles.values()],
    liked: rows.filter((row) => row.liker_profile_id === own).map((row) => row.liked_profile_id),
    liked_by: rows.filter((row) => row.liked_profile_id === own).map((row) => ({ id: row.liker_profile_id, like_new: row.seen_at === null })),
  };
}

/** The like_new entries the viewer may see (the likes badge, docs/product.md §2): likers they can see whose like they have not opened. */
export async function countNewLikes(db: Kysely<DB>, tenant: Tenant, viewer: Viewer): Promise<number> {
  const own = viewer.user?.profile_id;
  if (!own) return 0;
  const row = await db
    .selectFrom('likes')
    .innerJoin('profiles', 'profiles.id', 'likes.liker_profile_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('likes.liked_profile_id', '=', own)
    .where('likes.seen_at', 'is', null)
    .where((eb) => visibleTo(eb, tenant, viewer))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export { LIKES_TABS };
export const LIKES_PAGE_SIZE = 24;

export interface LikeCard extends MemberCard {
  like: LikeState;
  /** The other member liked the viewer and the viewer has not opened their profile yet (docs/product.md §3 like_new). */
  like_new: boolean;
  /** When the like that put this card on its tab was made: the newest of the two for a match. */
  liked_at: string;
}

export interface LikesPage {
  tab: LikesTab;
  cards: LikeCard[];
  counts: Record<LikesTab, number>;
  /** How many like_new entries the viewer has (the likes badge). */
  newLikes: number;
  page: number;
  pages: number;
}

/**
 * One tab of the likes page, newest first, only profiles the viewer may see: received are likes
 * not (yet) returned, sent are likes not (yet) returned to the viewer, matches are mutual likes.
 */
export async function likesPage(db: Kysely<DB>, tenant: Tenant, viewer: Viewer, tab: LikesTab, page = 1): Promise<LikesPage | null> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return null;
  // Each tab as (other profile id, like time, like_new) rows.
  const tabRows = (which: LikesTab) => {
    const base = db.selectFrom('profiles').where((eb) => visibleTo(eb, tenant, viewer));
    if (which === 'received') {
      return base
        .innerJoin('likes as theirs', (join) => join.onRef('theirs.liker_profile_id', '=', 'profiles.id').on('theirs.liked_profile_id', '=', own))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('likes as mine').select(sql`1`.as('one')).where('mine.liker_profile_id', '=', own).whereRef('mine.liked_profile_id', '=', 'profiles.id'))))
        .select(['profiles.id as other', 'theirs.created_at as liked_at', sql<boolean>`theirs.seen_at is null`.as('like_new')]);
    }
    if (which === 'sent') {
      return base
        .innerJoin('likes as mine', (join) => join.onRef('mine.liked_profile_id', '=', 'profiles.id').on('mine.liker_profile_id', '=', own))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('likes as theirs').select(sql`1`.as('one')).where('theirs.liked_profile_id', '=', own).whereRef('theirs.liker_profile_id', '=', 'profiles.id'))))
        .select(['profiles.id as other', 'mine.created_at as liked_at', sql<boolean>`false`.as('like_new')]);
    }
    return base
      .innerJoin('likes as mine', (join) => join.onRef('mine.liked_profile_id', '=', 'profiles.id').on('mine.liker_profile_id', '=', own))
      .innerJoin('likes as theirs', (join) => join.onRef('theirs.liker_profile_id', '=', 'profiles.id').on('theirs.liked_profile_id', '=', own))
      .select(['profiles.id as other', sql<Date>`greatest(mine.created_at, theirs.created_at)`.as('liked_at'), sql<boolean>`theirs.seen_at is null`.as('like_new')]);
  };
  // The three tabs' counts in one query, beside the badge's (docs/decisions/0057: one round trip, not three).
  const [counted, newLikes] = await Promise.all([
    db
      .selectNoFrom((eb) => (['received', 'sent', 'matches'] as const).map((which) => eb.selectFrom(tabRows(which).as('t')).select((c) => c.fn.countAll<number>().as('n')).as(which)))
      .executeTakeFirstOrThrow(),
    countNewLikes(db, tenant, viewer),
  ]);
  const counts = { received: Number(counted.received), sent: Number(counted.sent), matches: Number(counted.matches) };
  const pages = Math.max(1, Math.ceil(counts[tab] / LIKES_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  // The page's likes with their cards, in one query.
  const rows = await db
    .selectFrom(
      db
        .selectFrom(tabRows(tab).as('u'))
        .selectAll('u')
        .orderBy('u.liked_at', 'desc')
        .orderBy('u.other', 'desc')
        .limit(LIKES_PAGE_SIZE)
        .offset((current - 1) * LIKES_PAGE_SIZE)
        .as('t'),
    )
    .innerJoin('profiles', 'profiles.id', 't.other')
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .select([...CARD_COLUMNS, 't.other', 't.liked_at', 't.like_new'])
    .orderBy('t.liked_at', 'desc')
    .orderBy('t.other', 'desc')
    .execute();
  const state: LikeState = tab === 'received' ? 'liked_by_them' : tab === 'sent' ? 'liked' : 'match';
  const cards = toCards(tenant, today(), rows, null).map((card, i) => ({ ...card, like: state, like_new: Boolean(rows[i]!.like_new), liked_at: new Date(rows[i]!.liked_at).toISOString() }));
  return { tab, cards, counts, newLikes, page: current, pages };
}

/** The `like` and `match` events: who liked the member, and the member's likes badge now. */
export interface LikeEvent {
  profile: MemberCard;
  new_likes: number;
}

/**
 * A new like of `likerProfileId` for `likedProfileId`: its owner, when a member of this tenant who
 * may see the liker, gets `like` — or `match` when they had liked the liker already. A fictional
 * profile has no owner and gets nothing; the liker sees the outcome in their own answer.
 */
export async function announceLike(db: Kysely<DB>, tenant: Tenant, events: EventBus | undefined, likerProfileId: number, likedProfileId: number): Promise<void> {
  if (!events) return;
  try {
    const owner = await db
      .selectFrom('users')
      .select(['id', 'profile_id', 'paid_user'])
      .where('tenant_id', '=', tenant.id)
      .where('profile_id', '=', likedProfileId)
      .where('status', 'in', ['confirmed', 'not_confirmed'])
      .executeTakeFirst();
    if (!owner) return;
    const viewer = { user: owner };
    const rows = await db
      .selectFrom('profiles')
      .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
      .select(CARD_COLUMNS)
      .where('profiles.id', '=', likerProfileId)
      .where((eb) => visibleTo(eb, tenant, viewer))
      .execute();
    const profile = toCards(tenant, today(), rows, null)[0];
    if (!profile) return;
    const state = await likeState(db, likedProfileId, likerProfileId);
    if (state !== 'match' && state !== 'liked_by_them') return;
    const event: LikeEvent = { profile, new_likes: await countNewLikes(db, tenant, viewer) };
    await events.publish(memberChannel(tenant.id, owner.id), { type: state === 'match' ? 'match' : 'like', data: event });
  } catch (error) {
    logger.error(`announcing a like failed: ${(error as Error).message}`);
  }
}

