// Likes (SPEC §3 Likes, §4 like states, §6): a member likes a profile they can see; a like back is a
// match. The liked member sees who liked them, with a new-like flag until they open that profile.
import type { Kysely } from 'kysely';
import { today } from '../clock';
import type { DB } from '../db/schema';
import { visibleTo, type Viewer } from '../members/access';
import { CARD_COLUMNS, toCards, type MemberCard } from '../members/search';
import type { Tenant } from '../tenants/schema';

export type LikeState = 'none' | 'liked' | 'liked_by_them' | 'match';
export type LikeError = 'authentication_required' | 'not_found' | 'self';
export type LikeResult = { ok: true; state: LikeState } | { ok: false; error: LikeError };

/** The like state between the viewer's profile and another (SPEC §4). */
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

export async function likeProfile(db: Kysely<DB>, tenant: Tenant, viewer: Viewer, profileId: number): Promise<LikeResult> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return { ok: false, error: 'authentication_required' };
  if (profileId === own) return { ok: false, error: 'self' };
  if (!Number.isInteger(profileId) || profileId < 1) return { ok: false, error: 'not_found' };
  // Only a profile the member may see: never across a block, another tenant or a hidden member.
  const target = await db.selectFrom('profiles').select('id').where('id', '=', profileId).where((eb) => visibleTo(eb, tenant, viewer)).executeTakeFirst();
  if (!target) return { ok: false, error: 'not_found' };
  await db.insertInto('likes').values({ liker_profile_id: own, liked_profile_id: profileId, seen_at: null }).onConflict((oc) => oc.doNothing()).execute();
  return { ok: true, state: await likeState(db, own, profileId) };
}

export async function unlikeProfile(db: Kysely<DB>, viewer: Viewer, profileId: number): Promise<LikeResult> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return { ok: false, error: 'authentication_required' };
  await db.deleteFrom('likes').where('liker_profile_id', '=', own).where('liked_profile_id', '=', profileId).execute();
  return { ok: true, state: await likeState(db, own, profileId) };
}

/** Opening a liker's profile clears that liker's new-like flag (SPEC §4). */
export async function markLikeSeen(db: Kysely<DB>, viewer: Viewer, likerProfileId: number): Promise<void> {
  const own = viewer.user?.profile_id;
  if (!own) return;
  await db.updateTable('likes').set({ seen_at: new Date() }).where('liker_profile_id', '=', likerProfileId).where('liked_profile_id', '=', own).where('seen_at', 'is', null).execute();
}

export interface LikesView {
  /** Cards of every profile in a like with the viewer, either way, that the viewer may see. */
  profiles: MemberCard[];
  /** Profiles the viewer liked. */
  liked: number[];
  liked_by: { id: number; like_new: boolean }[];
}

/** GET /api/likes.php (SPEC §7): the viewer's likes both ways, newest first; only profiles the viewer may see. */
export async function listLikes(db: Kysely<DB>, tenant: Tenant, viewer: Viewer): Promise<LikesView | null> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return null;
  const likes = await db
    .selectFrom('likes')
    .select(['liker_profile_id', 'liked_profile_id', 'seen_at', 'created_at'])
    .where((eb) => eb.or([eb('liker_profile_id', '=', own), eb('liked_profile_id', '=', own)]))
    .orderBy('created_at', 'desc')
    .execute();
  const others = [...new Set(likes.map((l) => (l.liker_profile_id === own ? l.liked_profile_id : l.liker_profile_id)))];
  if (!others.length) return { profiles: [], liked: [], liked_by: [] };
  const rows = await db
    .selectFrom('profiles')
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .select(CARD_COLUMNS)
    .where('profiles.id', 'in', others)
    .where((eb) => visibleTo(eb, tenant, viewer))
    .execute();
  const byId = new Map(toCards(tenant, today(), rows, null).map((card) => [card.id, card]));
  return {
    profiles: others.flatMap((id) => byId.get(id) ?? []),
    liked: likes.filter((l) => l.liker_profile_id === own && byId.has(l.liked_profile_id)).map((l) => l.liked_profile_id),
    liked_by: likes.filter((l) => l.liked_profile_id === own && byId.has(l.liker_profile_id)).map((l) => ({ id: l.liker_profile_id, like_new: l.seen_at === null })),
  };
}
