// Auto-like (docs/product.md §4, §7): GET /api/auto-like.php makes one fitting fictional profile of the
// tenant's pool like the member, and the client shows it in the match modal. How often
// (docs/decisions/0015): never in a member's first AUTO_LIKE_AFTER_SIGNUP_MINUTES, then at most one
// every AUTO_LIKE_EVERY_HOURS, and not while the member has AUTO_LIKE_MAX_NEW or more new likes
// waiting. The interval is a conditional write on the member's auto_likes row in the same
// transaction as the like, so parallel calls make one like at most. Never a profile the member
// blocked (or that blocked them), passed in the swipe game, or is already in a like with.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { now, today } from '../clock';
import type { DB } from '../db/schema';
import { visibleTo, type Viewer } from '../members/access';
import { ageOn } from '../profiles/age';
import type { Tenant } from '../tenants/schema';
import { fitsMember, memberProfile } from './fit';
import { announceLike, countNewLikes } from './likes';
import type { EventBus } from '../events/bus';

export const AUTO_LIKE_AFTER_SIGNUP_MINUTES = 10;
export const AUTO_LIKE_EVERY_HOURS = 6;
export const AUTO_LIKE_MAX_NEW = 3;
/** The newest fitting profiles one is drawn from. */
const DRAW_FROM = 40;

export interface AutoLikeProfile {
  id: number;
  name: string;
  age: number;
  fictional: true;
  /** docs/product.md §3 Matched profile: the main photo's path under the tenant's cdn_prefix. */
  main_image: { match: string };
}

export type AutoLikeResult = { ok: true; profile: AutoLikeProfile | null; next_at: string | null } | { ok: false; error: 'authentication_required' };

/** When the member may next receive an auto-like (the later of the two rules of time). */
async function nextAutoLikeAt(db: Kysely<DB>, profileId: number, signedUp: Date): Promise<Date> {
  const last = await db.selectFrom('auto_likes').select('last_at').where('profile_id', '=', profileId).executeTakeFirst();
  const afterSignup = signedUp.getTime() + AUTO_LIKE_AFTER_SIGNUP_MINUTES * 60_000;
  const afterLast = last ? new Date(last.last_at).getTime() + AUTO_LIKE_EVERY_HOURS * 3_600_000 : 0;
  return new Date(Math.max(afterSignup, afterLast));
}

export async function autoLike(
  db: Kysely<DB>,
  tenant: Tenant,
  viewer: Viewer & { user: { created_at: Date } | null },
  pick: (count: number) => number = (n) => Math.floor(Math.random() * n),
  events?: EventBus,
): Promise<AutoLikeResult> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return { ok: false, error: 'authentication_required' };
  const at = now();
  const due = await nextAutoLikeAt(db, own, new Date(viewer.user.created_at));
  if (due > at) return { ok: true, profile: null, next_at: due.toISOString() };
  if ((await countNewLikes(db, tenant, viewer)) >= AUTO_LIKE_MAX_NEW) return { ok: true, profile: null, next_at: null };
  const member = await memberProfile(db, own);
  if (!member) return { ok: true, profile: null, next_at: null };

  const inALike = (eb: ExpressionBuilder<DB, 'profiles'>) =>
    eb.exists(
      eb
        .selectFrom('likes')
        .select(sql`1`.as('one'))
        .where((l) =>
          l.or([
            l.and([l('likes.liker_profile_id', '=', own), l('likes.liked_profile_id', '=', l.ref('profiles.id'))]),
            l.and([l('likes.liked_profile_id', '=', own), l('likes.liker_profile_id', '=', l.ref('profiles.id'))]),
          ]),
        ),
    );
  const candidates = await db
    .selectFrom('profiles')
    .innerJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .select(['profiles.id', 'profiles.name', 'profiles.birth_date', 'photos.filename'])
    .where('profiles.fictional', '=', true)
    .where('profiles.listed', '=', true)
    .where((eb) => visibleTo(eb, tenant, viewer))
    .where((eb) => fitsMember(eb, member))
    .where((eb) => eb.not(inALike(eb)))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('swipes').select(sql`1`.as('one')).where('swipes.profile_id', '=', own).whereRef('swipes.target_profile_id', '=', 'profiles.id'))))
    // Someone from the member's own country first.
    .orderBy(sql`profiles.country = ${member.country}`, 'desc')
    .orderBy('profiles.id', 'desc')
    .limit(DRAW_FROM)
    .execute();
  if (!candidates.length) return { ok: true, profile: null, next_at: null };
  const chosen = candidates[pick(candidates.length)]!;

  const made = await db.transaction().execute(async (trx) => {
    const cutoff = new Date(at.getTime() - AUTO_LIKE_EVERY_HOURS * 3_600_000);
    const claimed = await trx
      .insertInto('auto_likes')
      .values({ profile_id: own, last_at: at, count: 1 })
      .onConflict((oc) =>
        oc
          .column('profile_id')
          .doUpdateSet({ last_at: at, count: sql`auto_likes.count + 1` })
          .where('auto_likes.last_at', '<=', cutoff),
      )
      .returning('profile_id')
      .executeTakeFirst();
    if (!claimed) return false;
    const liked = await trx
      .insertInto('likes')
      .values({ liker_profile_id: chosen.id, liked_profile_id: own, seen_at: null, created_at: at })
      .onConflict((oc) => oc.doNothing())
      .returning('liker_profile_id')
      .executeTakeFirst();
    return Boolean(liked);
  });
  if (!made) return { ok: true, profile: null, next_at: (await nextAutoLikeAt(db, own, new Date(viewer.user.created_at))).toISOString() };
  // The member's other tabs hear of it too (the asking tab shows it from this answer).
  await announceLike(db, tenant, events, chosen.id, own);
  return {
    ok: true,
    profile: { id: chosen.id, name: chosen.name, age: ageOn(chosen.birth_date, today()), fictional: true, main_image: { match: tenant.settings.cdn_prefix + chosen.filename } },
    next_at: new Date(at.getTime() + AUTO_LIKE_EVERY_HOURS * 3_600_000).toISOString(),
  };
}
