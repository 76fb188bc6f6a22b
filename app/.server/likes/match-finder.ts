// The match finder (/match-finder; SPEC names it, gives no behaviour; docs/decisions/0015): the
// profiles that fit the member best. Hard rules: they fit each other both ways (fit.ts), are in the
// age range and area the member chose, may be seen by the member, and are neither liked nor passed
// by the member yet (those are on the likes page). Among the newest candidates, each gets a score
// of 0–100 from closeness in age, shared interests, how near they live, a photo, and whether they
// already like the member; the best come first, each with the reasons for its score.
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { today } from '../clock';
import type { DB } from '../db/schema';
import { distanceKm } from '../geo/viewer-location';
import { visibleTo, type Viewer } from '../members/access';
import { CARD_COLUMNS, toCards, type MemberCard } from '../members/search';
import { ageOn } from '../profiles/age';
import { bornOnOrBefore } from '../profiles/pool';
import type { Tenant } from '../tenants/schema';
import { fitsMember, memberProfile, type MemberProfile } from './fit';
import { AREAS, type Area, type LikeState, type MatchReason } from '~/shared/likes';

export const MATCH_FINDER_SHOWN = 24;
/** The newest candidates that are scored: enough for a good choice, bounded at any pool size. */
const SCORED = 400;

const age = z.union([z.number(), z.string().regex(/^\d{1,2}$/).transform(Number)]).pipe(z.number().int().min(18).max(99));

/** The page's choices (query parameters); a value it cannot use is left out (the default applies). */
export const MatchFinderSchema = z.object({
  min_age: age.optional(),
  max_age: age.optional(),
  area: z.enum(AREAS).optional(),
  /** "0": also profiles without a photo. */
  photo: z.enum(['0', '1']).optional(),
});

export interface MatchFinderChoices {
  min_age: number;
  max_age: number;
  area: Area;
  photo: boolean;
}

export function matchFinderChoices(raw: Record<string, unknown>, member: Pick<MemberProfile, 'birth_date'>): MatchFinderChoices {
  const kept: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(MatchFinderSchema.shape)) {
    const parsed = schema.safeParse(raw[key] === '' ? undefined : raw[key]);
    if (parsed.success && parsed.data !== undefined) kept[key] = parsed.data;
  }
  const own = ageOn(member.birth_date, today());
  let min = (kept.min_age as number | undefined) ?? Math.max(18, own - 10);
  let max = (kept.max_age as number | undefined) ?? Math.min(99, own + 10);
  if (min > max) [min, max] = [max, min];
  return { min_age: min, max_age: max, area: (kept.area as Area | undefined) ?? 'country', photo: kept.photo !== '0' };
}


export interface Candidate extends Omit<MemberProfile, 'id' | 'gender' | 'sexuality'> {
  hasPhoto: boolean;
  likesMember: boolean;
}

/**
 * The score of a candidate for the member, 0–100: age up to 25 (full at the same age, none at 10
 * years apart), shared interests 10 each up to 30, place up to 25 (same city 25, within 25 km 20,
 * same region 20, same country 10), a photo 10, and 10 when they already like the member.
 */
export function matchScore(member: Omit<MemberProfile, 'id' | 'gender' | 'sexuality'>, candidate: Candidate, day: string): { score: number; reasons: MatchReason[] } {
  const reasons: MatchReason[] = [];
  if (candidate.likesMember) reasons.push({ kind: 'likes_you' });
  const apart = Math.abs(ageOn(member.birth_date, day) - ageOn(candidate.birth_date, day));
  const ageScore = Math.max(0, 25 * (1 - apart / 10));
  if (apart <= 3) reasons.push({ kind: 'similar_age' });
  const mine = new Set(member.interests);
  const shared = candidate.interests.filter((interest) => mine.has(interest));
  if (shared.length) reasons.push({ kind: 'interests', shared: shared.slice(0, 3) });
  const km =
    member.latitude !== null && member.longitude !== null && candidate.latitude !== null && candidate.longitude !== null
      ? distanceKm({ lat: member.latitude, lon: member.longitude }, { lat: candidate.latitude, lon: candidate.longitude })
      : null;
  let place = 0;
  if (member.city && candidate.city === member.city && candidate.country === member.country) {
    place = 25;
    reasons.push({ kind: 'same_city' });
  } else if (km !== null && km <= 25) {
    place = 20;
    reasons.push({ kind: 'nearby', km });
  } else if (member.region && candidate.region === member.region) {
    place = 20;
    reasons.push({ kind: 'same_region' });
  } else if (candidate.country === member.country) {
    place = 10;
  }
  const score = ageScore + Math.min(3, shared.length) * 10 + place + (candidate.hasPhoto ? 10 : 0) + (candidate.likesMember ? 10 : 0);
  return { score: Math.round(Math.min(100, score)), reasons };
}

export interface FoundMatch extends MemberCard {
  score: number;
  reasons: MatchReason[];
  like: LikeState;
}

export interface MatchFinderResult {
  choices: MatchFinderChoices;
  /** The member's own region (for the "my region" choice), null without one. */
  region: string | null;
  matches: FoundMatch[];
}

export async function findMatches(db: Kysely<DB>, tenant: Tenant, viewer: Viewer, raw: Record<string, unknown>): Promise<MatchFinderResult | null> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return null;
  const member = await memberProfile(db, own);
  if (!member) return null;
  const choices = matchFinderChoices(raw, member);
  const day = today();
  let query = db
    .selectFrom('profiles')
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .select([...CARD_COLUMNS, 'profiles.interests', 'profiles.main_photo_id'])
    .select((eb) =>
      eb.exists(eb.selectFrom('likes as theirs').select(sql`1`.as('one')).whereRef('theirs.liker_profile_id', '=', 'profiles.id').where('theirs.liked_profile_id', '=', own)).as('likes_member'),
    )
    .where((eb) => visibleTo(eb, tenant, viewer))
    .where((eb) => fitsMember(eb, member))
    .where('profiles.birth_date', '<=', bornOnOrBefore(day, choices.min_age))
    .where('profiles.birth_date', '>', bornOnOrBefore(day, choices.max_age + 1))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('likes as mine').select(sql`1`.as('one')).where('mine.liker_profile_id', '=', own).whereRef('mine.liked_profile_id', '=', 'profiles.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('swipes').select(sql`1`.as('one')).where('swipes.profile_id', '=', own).whereRef('swipes.target_profile_id', '=', 'profiles.id'))));
  if (choices.area !== 'all') query = query.where('profiles.country', '=', member.country);
  if (choices.area === 'region' && member.region) query = query.where('profiles.region', '=', member.region);
  if (choices.photo) query = query.where('profiles.main_photo_id', 'is not', null);
  const rows = await query.orderBy('profiles.id', 'desc').limit(SCORED).execute();
  const cards = toCards(tenant, day, rows, member.latitude !== null && member.longitude !== null ? { lat: member.latitude, lon: member.longitude } : null);
  const matches = rows
    .map((row, index): FoundMatch => {
      const { score, reasons } = matchScore(
        member,
        {
          birth_date: row.birth_date,
          country: row.country,
          region: row.region,
          city: row.city,
          interests: row.interests,
          latitude: row.latitude,
          longitude: row.longitude,
          hasPhoto: row.main_photo_id !== null,
          likesMember: Boolean(row.likes_member),
        },
        day,
      );
      return { ...cards[index]!, score, reasons, like: row.likes_member ? 'liked_by_them' : 'none' };
    })
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, MATCH_FINDER_SHOWN);
  return { choices, region: member.region, matches };
}
