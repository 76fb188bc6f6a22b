// Who fits whom (issue 12): a member is shown, in the swipe game, the match finder and auto-likes,
// only profiles of the gender they seek who would seek the member's gender in turn. Whom someone
// seeks follows from their gender and sexuality (signup stores "seeking" as a sexuality).
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Gender, Sexuality } from '~/shared/catalogue';
import type { DB } from '../db/schema';

export interface Seeker {
  gender: Gender;
  sexuality: Sexuality;
}

/** The genders someone seeks: hetero the other one, gay and lesbian their own, bi both. */
export function soughtGenders({ gender, sexuality }: Seeker): Gender[] {
  const other: Gender = gender === 'male' ? 'female' : 'male';
  if (sexuality === 'bi') return ['female', 'male'];
  return sexuality === 'hetero' ? [other] : [gender];
}

/** Whether two people would each seek the other's gender. */
export function fitEachOther(a: Seeker, b: Seeker): boolean {
  return soughtGenders(a).includes(b.gender) && soughtGenders(b).includes(a.gender);
}

/** The sexualities of a profile of `gender` who seeks `seekerGender`. */
export function sexualitiesSeeking(gender: Gender, seekerGender: Gender): Sexuality[] {
  if (gender !== seekerGender) return ['hetero', 'bi'];
  return gender === 'male' ? ['gay', 'bi'] : ['lesbian', 'bi'];
}

/** Profiles that fit the member both ways, as a filter. */
export function fitsMember(eb: ExpressionBuilder<DB, 'profiles'>, member: Seeker): Expression<SqlBool> {
  return eb.or(
    soughtGenders(member).map((gender) =>
      eb.and([eb('profiles.gender', '=', gender), eb('profiles.sexuality', 'in', sexualitiesSeeking(gender, member.gender))]),
    ),
  );
}

/** What the swipe game, match finder and auto-likes read of the member's own profile. */
export interface MemberProfile extends Seeker {
  id: number;
  birth_date: string;
  country: string;
  region: string | null;
  city: string | null;
  interests: string[];
  latitude: number | null;
  longitude: number | null;
}

export async function memberProfile(db: Kysely<DB>, profileId: number): Promise<MemberProfile | null> {
  const row = await db
    .selectFrom('profiles')
    .select(['id', 'gender', 'sexuality', 'birth_date', 'country', 'region', 'city', 'interests', 'latitude', 'longitude'])
    .where('id', '=', profileId)
    .executeTakeFirst();
  return row ?? null;
}
