// The swipe game (docs/product.md §2 swipe-game, §9): one profile at a time from the tenant's pool, liked or
// passed. Candidates are profiles with a photo that fit the member both ways (fit.ts) and that the
// member has not liked, passed or blocked (nor been blocked by); a few who already liked the member
// are mixed in, so that the game makes matches. A like counts against 4 a day, in the member's
// time zone (member-day.ts); the count is a conditional write in the same transaction as the like
// (docs/decisions/0012, 0015), so parallel requests cannot pass it.
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { idSchema } from '~/shared/request-rules';
import { now, today } from '../clock';
import type { DB } from '../db/schema';
import { blockerName, visibleTo, type Viewer } from '../members/access';
import { CARD_COLUMNS, toCards, type MemberCard } from '../members/search';
import { createRandom } from '../random';
import type { Tenant } from '../tenants/schema';
import { fitsMember, memberProfile, type MemberProfile } from './fit';
import { announceLike, likeState, markLikeSeen, type LikeState } from './likes';
import type { EventBus } from '../events/bus';
import { memberDay, nextDayStarts } from './member-day';

export const SWIPE_LIKES_PER_DAY = 4;
/** Profiles per GET /api/swipe.php. */
export const SWIPE_BATCH = 10;
/** The newest candidates the batch is drawn from, shuffled per member and day. */
const DRAW_FROM = 120;

export type SwipeError = 'authentication_required' | 'not_found' | 'self' | 'daily_limit' | 'blocked';

export interface SwipeDeck {
  profiles: MemberCard[];
  /** Likes left today. */
  remaining: number;
  /** When the member's next day (and 4 new likes) starts. */
  resets_at: string;
}

/** The body of POST /api/swipe.php: a like or a pass, as a JSON boolean or true/false/1/0 from a form. */
export const SwipeSchema = z.object({
  profile: idSchema,
  like: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]),
});

class DailyLimitReached extends Error {}

async function likesUsed(db: Kysely<DB>, profileId: number, day: string): Promise<number> {
  const row = await db.selectFrom('swipe_day_likes').select('likes').where('profile_id', '=', profileId).where('day', '=', day).executeTakeFirst();
  return row?.likes ?? 0;
}

/** Likes left in the swipe game today. */
export async function swipeLikesLeft(db: Kysely<DB>, member: Pick<MemberProfile, 'id' | 'country'>): Promise<number> {
  return Math.max(0, SWIPE_LIKES_PER_DAY - (await likesUsed(db, member.id, memberDay(member.country, now()))));
}

/** GET /api/swipe.php: the next profiles to swipe and the likes left today. */
export async function swipeDeck(db: Kysely<DB>, tenant: Tenant, viewer: Viewer, size = SWIPE_BATCH): Promise<SwipeDeck | null> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return null;
  const member = await memberProfile(db, own);
  if (!member) return null;
  const candidates = (likedMe: boolean) =>
    db
      .selectFrom('profiles')
      .select('profiles.id')
      .where((eb) => visibleTo(eb, tenant, viewer))
      .where((eb) => fitsMember(eb, member))
      .where('profiles.main_photo_id', 'is not', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('likes').select(sql`1`.as('one')).where('likes.liker_profile_id', '=', own).whereRef('likes.liked_profile_id', '=', 'profiles.id'))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('swipes').select(sql`1`.as('one')).where('swipes.profile_id', '=', own).whereRef('swipes.target_profile_id', '=', 'profiles.id'))))
      .where((eb) => {
        const theirs = eb.exists(eb.selectFrom('likes as theirs').select(sql`1`.as('one')).whereRef('theirs.liker_profile_id', '=', 'profiles.id').where('theirs.liked_profile_id', '=', own));
        return likedMe ? theirs : eb.not(theirs);
      })
      .orderBy('profiles.id', 'desc');
  const likers = await candidates(true).limit(Math.ceil(size / 3)).execute();
  const others = await candidates(false).limit(DRAW_FROM).execute();
  const day = memberDay(member.country, now());
  // A shuffle seeded by member and day: varied, yet a reload does not reshuffle the deck at random.
  const random = createRandom(own * 7919 + Number(day.replaceAll('-', '')));
  const drawn = random.sample(others, Math.min(others.length, size - likers.length));
  // Mix those who liked the member in at every third place.
  const order: number[] = [];
  const queue = [...likers];
  for (const other of drawn) {
    if (order.length % 3 === 1 && queue.length) order.push(queue.shift()!.id);
    order.push(other.id);
  }
  order.push(...queue.map((l) => l.id));
  const ids = order.slice(0, size);
  const rows = ids.length ? await db.selectFrom('profiles').leftJoin('photos', 'photos.id', 'profiles.main_photo_id').select(CARD_COLUMNS).where('profiles.id', 'in', ids).execute() : [];
  const byId = new Map(toCards(tenant, today(), rows, null).map((card) => [card.id, card]));
  return {
    profiles: ids.flatMap((id) => byId.get(id) ?? []),
    remaining: await swipeLikesLeft(db, member),
    resets_at: nextDayStarts(member.country, now()).toISOString(),
  };
}

export type SwipeResult = { ok: true; state: LikeState; remaining: number } | { ok: false; error: SwipeError; remaining?: number; name?: string };

/**
 * POST /api/swipe.php: like (`like: true`) or pass a profile the member may see. A swipe on a
 * profile already swiped changes nothing and answers the state as it is (a retried request is
 * harmless). A like of a profile the member had not liked yet takes one of today's likes; the 5th
 * is refused and nothing is stored.
 */
export async function swipe(db: Kysely<DB>, tenant: Tenant, viewer: Viewer, profileId: number, like: boolean, events?: EventBus): Promise<SwipeResult> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return { ok: false, error: 'authentication_required' };
  if (profileId === own) return { ok: false, error: 'self' };
  const member = await memberProfile(db, own);
  if (!member) return { ok: false, error: 'authentication_required' };
  const blocker = await blockerName(db, own, profileId);
  if (blocker !== null) return { ok: false, error: 'blocked', name: blocker };
  const at = now();
  const day = memberDay(member.country, at);
  let liked = false;
  try {
    const result = await db.transaction().execute(async (trx) => {
      const target = await trx.selectFrom('profiles').select('id').where('id', '=', profileId).where((eb) => visibleTo(eb, tenant, viewer)).executeTakeFirst();
      if (!target) return null;
      const swiped = await trx
        .insertInto('swipes')
        .values({ profile_id: own, target_profile_id: profileId, liked: like, created_at: at })
        .onConflict((oc) => oc.doNothing())
        .returning('target_profile_id')
        .executeTakeFirst();
      if (swiped && like) {
        const already = await trx.selectFrom('likes').select('liked_profile_id').where('liker_profile_id', '=', own).where('liked_profile_id', '=', profileId).executeTakeFirst();
        if (!already) {
          // The daily limit as one conditional write: the row of today goes up by one only while
          // below the limit. Concurrent swipes of this member queue on that row, so each sees the
          // others' committed likes; no row back means the limit is reached.
          const counted = await trx
            .insertInto('swipe_day_likes')
            .values({ profile_id: own, day, likes: 1 })
            .onConflict((oc) =>
              oc
                .columns(['profile_id', 'day'])
                .doUpdateSet({ likes: sql`swipe_day_likes.likes + 1` })
                .where('swipe_day_likes.likes', '<', SWIPE_LIKES_PER_DAY),
            )
            .returning('likes')
            .executeTakeFirst();
          if (!counted) throw new DailyLimitReached();
          const made = await trx
            .insertInto('likes')
            .values({ liker_profile_id: own, liked_profile_id: profileId, seen_at: null, created_at: at })
            .onConflict((oc) => oc.doNothing())
            .returning('liked_profile_id')
            .executeTakeFirst();
          liked = Boolean(made);
          await markLikeSeen(trx, viewer, profileId);
        }
      }
      return { state: await likeState(trx, own, profileId), remaining: Math.max(0, SWIPE_LIKES_PER_DAY - (await likesUsed(trx, own, day))) };
    });
    if (!result) return { ok: false, error: 'not_found' };
    // Committed: the liked member's stream hears of it.
    if (liked) await announceLike(db, tenant, events, own, profileId);
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof DailyLimitReached) return { ok: false, error: 'daily_limit', remaining: 0 };
    throw error;
  }
}
