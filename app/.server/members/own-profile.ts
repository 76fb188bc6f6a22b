// A member edits their own profile (docs/product.md §3 Profile): every field but gender, country and date of
// birth (fixed at signup, docs/decisions/0031), validated; values outside the product's lists are
// refused, interests only from those the tenant offers, a sexuality or body type only within the
// tenant's niche (a member outside the pool could write and never be read).
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { BODY_TYPES, EYE_COLOURS, HAIR_COLOURS, RELATIONSHIP_STATUSES, SEXUALITIES } from '~/shared/catalogue';
import { nicheRule } from '~/shared/niche-rules';
import type { DB, User } from '../db/schema';
import { REGION_DATA, type RegionCountry } from '../geo/region-data';
import type { Tenant } from '../tenants/schema';
import { nameError, nicheError, sexualityFitsGender } from '~/shared/signup-rules';
import { text, TEXT_LIMITS } from '~/shared/request-rules';

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal('').transform(() => null)]).optional();

/** One value or several (a form sends a lone checkbox as a string). */
const list = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(max));

export const OwnProfileSchema = z.object({
  name: text(40),
  region: text(TEXT_LIMITS.region).optional(),
  city: text(TEXT_LIMITS.city).optional(),
  /** Absent: unchanged (docs/product.md §3: hetero, gay, lesbian, bi). */
  sexuality: z.enum(SEXUALITIES).optional(),
  hair_colour: optionalEnum(HAIR_COLOURS),
  eye_colour: optionalEnum(EYE_COLOURS),
  body_type: optionalEnum(BODY_TYPES),
  relationship_status: optionalEnum(RELATIONSHIP_STATUSES),
  tattoos: z.enum(['yes', 'no', '']).optional(),
  interests: list(z.string().max(40), 60),
  about: text(TEXT_LIMITS.about).optional(),
  looking_for: text(TEXT_LIMITS.lookingFor).optional(),
});

/** A refused field: its message id and values. */
export type OwnProfileResult = { ok: true } | { ok: false; fields: Record<string, { id: string; values?: Record<string, string | number> }> };

export type OwnProfileInput = z.output<typeof OwnProfileSchema>;

/** Saves the member's profile from input the route parsed with OwnProfileSchema. */
export async function updateOwnProfile(db: Kysely<DB>, tenant: Tenant, user: User, input: OwnProfileInput): Promise<OwnProfileResult> {
  if (!user.profile_id) return { ok: false, fields: { form: { id: 'api.error.notFound' } } };
  const fields: Record<string, { id: string; values?: Record<string, string | number> }> = {};
  // The name is shown to visitors: docs/product.md §5's rules, with its texts (never the member's e-mail address).
  const nameRule = nameError(input.name, user.email);
  if (nameRule) fields.name = { id: nameRule };
  const profile = await db.selectFrom('profiles').select(['country', 'gender']).where('id', '=', user.profile_id).executeTakeFirstOrThrow();
  const regions = REGION_DATA[profile.country as RegionCountry] ?? [];
  if (input.region && !regions.some((r) => r.code === input.region?.toUpperCase())) fields.region = { id: 'signup.error.region' };
  const rule = nicheRule(tenant.settings.niche);
  const refused = nicheError(tenant.settings.niche, tenant.settings.name);
  if (input.sexuality && !sexualityFitsGender(input.sexuality, profile.gender)) fields.sexuality = { id: 'signup.error.sexualityGender' };
  else if (input.sexuality && rule.sexualities && !rule.sexualities.includes(input.sexuality)) fields.sexuality = refused;
  if (rule.bodyTypes && !(input.body_type && rule.bodyTypes.includes(input.body_type))) fields.body_type = refused;
  if (Object.keys(fields).length) return { ok: false, fields };
  const interests = input.interests.filter((i) => (tenant.settings.interests as string[]).includes(i));
  await db
    .updateTable('profiles')
    .set({
      name: input.name,
      region: input.region?.toUpperCase() || null,
      ...(input.sexuality ? { sexuality: input.sexuality } : {}),
      city: input.city || null,
      hair_colour: input.hair_colour ?? null,
      eye_colour: input.eye_colour ?? null,
      body_type: input.body_type ?? null,
      relationship_status: input.relationship_status ?? null,
      tattoos: input.tattoos === 'yes' ? true : input.tattoos === 'no' ? false : null,
      interests,
      about: input.about || null,
      looking_for: input.looking_for || null,
    })
    .where('id', '=', user.profile_id)
    .where('user_id', '=', user.id)
    .execute();
  return { ok: true };
}
