// Signing up (docs/product.md §2, §5, §6): validation with the product's own texts, the tenant's signup policy,
// explicit consent for orientation data (GDPR Art. 9) apart from the terms, a profile that stays
// disabled until the e-mail address is confirmed, and the activation mail in the same transaction.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Locale } from '~/shared/locales';
import { sexualityOf, validateSignupFields, type FieldError } from '~/shared/signup-rules';
import { REGION_DATA, type RegionCountry } from '../geo/region-data';
import { now } from '../clock';
import { recordPostback } from '../postbacks/record';
import { grantCredits } from '../credits/ledger';
import type { EventBus } from '../events/bus';
import { announceCredits } from '../events/member-events';
import type { DB, Tracking, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { hasTrafficSource } from '../tracking/traffic-source';
import type { Attribution } from '../tracking/visits';
import { activationMail } from './account-mails';
import { hashPassword } from './passwords';
import { createToken } from './tokens';

// The pure rules live in app/shared/signup-rules.ts (the signup form checks each step with them).
export { MAX_AGE, MIN_AGE, type FieldError } from '~/shared/signup-rules';

const text = (max: number) => z.string().trim().max(max);

export const TrackingSchema = z
  .object({ network: text(64), ref: text(64), sub1: text(128), sub2: text(128), sub3: text(128) })
  .partial();

export const SignupSchema = z.object({
  email: z.string().trim().max(254),
  name: z.string().trim().max(40),
  password: z.string().max(200),
  date_of_birth: z.string().trim().max(10).default(''),
  gender: z.string().max(16).default(''),
  seeking: z.string().max(16).default(''),
  country: z.string().trim().toUpperCase().max(2).default(''),
  region: z.string().trim().toUpperCase().max(20).optional(),
  /** hetero, gay, lesbian or bi (docs/product.md §3), chosen under the orientation consent; absent: from gender and seeking. */
  sexuality: z.string().trim().max(16).optional(),
  /** Asked where the niche chooses by body type (niche 4). */
  body_type: z.string().trim().max(16).optional(),
  signup_message: z.string().trim().max(500).optional(),
  terms: z.union([z.boolean(), z.literal('on'), z.literal('true')]).optional(),
  orientation_consent: z.union([z.boolean(), z.literal('on'), z.literal('true')]).optional(),
  tracking: TrackingSchema.optional(),
  /** Honeypot: people never see this field, bots fill it in. */
  website: z.string().max(200).optional(),
});
export type SignupInput = z.input<typeof SignupSchema>;

export type SignupResult =
  | { ok: true; user: User }
  | { ok: false; error: 'validation'; fields: Record<string, FieldError> }
  | { ok: false; error: 'signups_closed' }
  | { ok: false; error: 'email_exists' }
  | { ok: false; error: 'pending_deletion' };

/** Whether this visitor may sign up on this tenant (settings.signups). */
export function signupsOpen(tenant: Tenant, tracking: Tracking | null | undefined): boolean {
  const policy = tenant.settings.signups;
  return policy === 'all' || (policy === 'with_trafficsource' && hasTrafficSource(tracking));
}

export function validateSignup(tenant: Tenant, input: z.output<typeof SignupSchema>, today: string): Record<string, FieldError> {
  return validateSignupFields(input, { ...signupRuleContext(tenant), today });
}

/** The tenant's side of the signup rules: countries, their regions, niche and name. */
export function signupRuleContext(tenant: Tenant) {
  return {
    countries: tenant.settings.countries,
    regionCodes: regionCodesOf,
    niche: tenant.settings.niche,
    site: tenant.settings.name,
  };
}

export function regionCodesOf(country: string): string[] {
  return (REGION_DATA[country as RegionCountry] ?? []).map((region) => region.code);
}

export { sexualityOf };

export interface Visitor {
  ip: string | null;
  /** Host the visitor signed up on, e.g. flirtlokaal.nl or flirtlokaal.localhost:3000 (links in mails). */
  origin: string;
  locale: Locale;
  /** The visit the visitor came through (rdv_visit cookie): the new member is attributed to it (decision 0027). */
  attribution?: Attribution | null;
}

export async function signUp(db: Kysely<DB>, tenant: Tenant, visitor: Visitor, raw: unknown, events?: EventBus): Promise<SignupResult> {
  const parsed = SignupSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const fields: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'form')] = { id: 'signup.error.invalid' };
    return { ok: false, error: 'validation', fields };
  }
  const input = parsed.data;
  // The recorded visit wins; a traffic source in the body is for API clients that track themselves.
  const tracking = visitor.attribution?.tracking ?? (hasTrafficSource(input.tracking) ? input.tracking! : null);
  if (!signupsOpen(tenant, tracking)) return { ok: false, error: 'signups_closed' };
  const day = now().toISOString().slice(0, 10);
  const fields = validateSignup(tenant, input, day);
  const { email_suggestion: suggestion, ...blocking } = fields;
  if (Object.keys(blocking).length > 0) return { ok: false, error: 'validation', fields: suggestion ? { ...blocking, email_suggestion: suggestion } : blocking };
  // A bot filled in the honeypot: answer as if it worked, create nothing.
  if (input.website) return { ok: false, error: 'validation', fields: { form: { id: 'signup.error.invalid' } } };

  const email = input.email.toLowerCase();
  const existing = await db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('tenant_id', '=', tenant.id)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  if (existing?.status === 'pending_deletion') return { ok: false, error: 'pending_deletion' };
  if (existing) return { ok: false, error: 'email_exists' };

  const passwordHash = await hashPassword(input.password);
  const signedUpAt = now();
  try {
    const user = await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('users')
        .values({
          tenant_id: tenant.id,
          email,
          password_hash: passwordHash,
          status: 'not_confirmed',
          credits: 0,
          language: visitor.locale,
          signup_date: signedUpAt,
          terms_accepted_at: signedUpAt,
          orientation_consent_at: signedUpAt,
          signup_host: visitor.origin,
          tracking: tracking ? (JSON.stringify(tracking) as unknown as Tracking) : null,
          visit_id: visitor.attribution?.visitId ?? null,
          signup_message: input.signup_message || null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const profile = await trx
        .insertInto('profiles')
        .values({
          user_id: created.id,
          name: input.name,
          gender: input.gender as 'male' | 'female',
          sexuality: (input.sexuality || sexualityOf(input.gender, input.seeking)) as 'hetero' | 'gay' | 'lesbian' | 'bi',
          body_type: input.body_type || null,
          birth_date: input.date_of_birth,
          country: input.country,
          region: input.region || null,
          fictional: false,
          status: 'disabled',
          seed: null,
          main_photo_id: null,
          tenant_id: tenant.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Signup credits are a ledger entry like every other credit (docs/decisions/0013).
      if (tenant.settings.signup_credits > 0) {
        await grantCredits(trx, 'signup', { userId: created.id, credits: tenant.settings.signup_credits, reference: `signup:${created.id}` });
      }
      const withProfile = await trx
        .updateTable('users')
        .set({ profile_id: profile.id })
        .where('id', '=', created.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const token = await createToken(trx, { tenantId: tenant.id, userId: created.id, kind: 'activation' });
      await activationMail(trx, tenant, { to: email, name: input.name, locale: visitor.locale, origin: visitor.origin, token });
      return withProfile;
    });
    // Every balance change outside the chat is announced, the signup grant too (for a tab already streaming).
    if (tenant.settings.signup_credits > 0) await announceCredits(db, events, user.id);
    await recordPostback(db, { event: 'lead', userId: user.id });
    return { ok: true, user };
  } catch (error) {
    // Two signups with the same address at once: the unique index decides.
    if (/unique|duplicate/i.test((error as Error).message)) return { ok: false, error: 'email_exists' };
    throw error;
  }
}
