// The signup rules of docs/product.md §5, shared by the server (the truth: validateSignup in
// app/.server/accounts/signup.ts) and the signup form (feedback on each step before Next). Errors
// are message ids with values, translated by whoever shows them.
import { ageOn } from './age';
import { GENDERS, ISO_COUNTRY, SEXUALITIES, type Gender, type Sexuality } from './catalogue';
import { suggestEmail } from './email-suggestion';
import { nicheRule, nicheRuleText } from './niche-rules';

export const MIN_AGE = 18;
export const MAX_AGE = 100;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A field error: a message id and its values, translated by the caller. */
export interface FieldError {
  id: string;
  values?: Record<string, string | number>;
}

export interface SignupFieldValues {
  email: string;
  name: string;
  password: string;
  date_of_birth: string;
  gender: string;
  seeking: string;
  country: string;
  region?: string;
  /** Chosen under the orientation consent; without it (older API clients) it follows gender and seeking. */
  sexuality?: string;
  /** Asked only where the niche chooses by body type (niche 4). */
  body_type?: string;
  terms?: unknown;
  orientation_consent?: unknown;
}

/** What the rules need besides the input: the tenant's countries and niche, its regions, today. */
export interface SignupRuleContext {
  countries: readonly string[];
  today: string;
  /** The region codes of a country (ISO 3166-2); without it a region must at least name the country. */
  regionCodes?: (country: string) => readonly string[];
  /** The tenant's niche (docs/product.md §9); its rule is stated at signup and enforced here. */
  niche?: number;
  /** The site's name, for the niche's text. */
  site?: string;
}

/** The sexuality that gender and seeking imply (the default of the sexuality field). */
export function sexualityOf(gender: string, seeking: string): Sexuality {
  if (seeking === 'both') return 'bi';
  if (seeking === gender) return gender === 'male' ? 'gay' : 'lesbian';
  return 'hetero';
}

/** Lesbian is a woman's choice and gay a man's; straight and bi fit both. */
export function sexualityFitsGender(sexuality: string, gender: string): boolean {
  return !((sexuality === 'lesbian' && gender === 'male') || (sexuality === 'gay' && gender === 'female'));
}

export const SEEKING = ['female', 'male', 'both'] as const;
export type Seeking = (typeof SEEKING)[number];

/**
 * What the signup form offers on the tenant's niche: only the genders, seekings and sexualities its
 * rule lets through (Rainbow Hearts, men seeking men: "a man"; "men" or "both"; gay or bi), so that
 * nobody is offered a choice the rules would then refuse (issue 48 item 26). Everyone else: all.
 */
export function signupChoices(niche: number): { genders: readonly Gender[]; seeking: readonly Seeking[]; sexualities: readonly Sexuality[] } {
  const rule = nicheRule(niche);
  // In the form's order: a woman, a man.
  const genders = (['female', 'male'] as const).filter((gender) => !rule.gender || gender === rule.gender);
  const allowed = (sexuality: Sexuality) => !rule.sexualities || rule.sexualities.includes(sexuality);
  return {
    genders,
    seeking: SEEKING.filter((seeking) => genders.some((gender) => allowed(sexualityOf(gender, seeking)))),
    sexualities: SEXUALITIES.filter((sexuality) => allowed(sexuality) && genders.some((gender) => sexualityFitsGender(sexuality, gender))),
  };
}

/** The niche's refusal of a value, with its text (the same one the signup form states up front). */
export function nicheError(niche: number, site: string): FieldError {
  const rule = nicheRule(niche);
  return { id: nicheRuleText(niche) ?? 'signup.error.choose', values: { site, min_age: rule.minAge ?? MIN_AGE } };
}

/** The fields of each signup step (docs/product.md §2: steps 0 to 4). */
export const SIGNUP_STEPS = [
  ['gender', 'seeking', 'body_type'],
  ['date_of_birth'],
  ['country', 'region'],
  ['name', 'email', 'password'],
  ['signup_message', 'sexuality', 'terms', 'orientation_consent'],
] as const;

export const LAST_SIGNUP_STEP = SIGNUP_STEPS.length - 1;

/** The step that holds a field; anything unknown (e.g. 'form') belongs to the last. */
export function stepOfField(field: string): number {
  const step = SIGNUP_STEPS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return step < 0 ? LAST_SIGNUP_STEP : step;
}

/** The first step with an error, ignoring the did-you-mean hint (it never blocks). */
export function firstStepWithError(fields: Record<string, unknown>): number | null {
  const steps = Object.keys(fields)
    .filter((field) => field !== 'email_suggestion')
    .map(stepOfField);
  return steps.length ? Math.min(...steps) : null;
}

function isValidDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * Every field error of a signup (email_suggestion is a hint, not an error). `countries` are the
 * tenant's; `today` is YYYY-MM-DD by the caller's clock.
 */
export function validateSignupFields(input: SignupFieldValues, context: SignupRuleContext): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  const email = input.email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) {
    fields.email = { id: 'signup.error.emailInvalid' };
  } else {
    const suggestion = suggestEmail(email);
    if (suggestion) fields.email_suggestion = { id: 'signup.error.didYouMean', values: { suggestion } };
  }
  const nameRule = nameError(input.name.trim(), email);
  if (nameRule) fields.name = { id: nameRule };
  if (input.password.length < 8) fields.password = { id: 'signup.error.password' };
  const birth = input.date_of_birth.trim();
  if (!birth) {
    fields.date_of_birth = { id: 'signup.error.dobRequired', values: { min_age: MIN_AGE } };
  } else if (!isValidDay(birth)) {
    fields.date_of_birth = { id: 'signup.error.dobInvalid' };
  } else {
    const age = ageOn(birth, context.today);
    if (age < MIN_AGE) fields.date_of_birth = { id: 'signup.error.dobRequired', values: { min_age: MIN_AGE } };
    else if (age > MAX_AGE) fields.date_of_birth = { id: 'signup.error.dobInvalid' };
  }
  if (!(GENDERS as readonly string[]).includes(input.gender)) fields.gender = { id: 'signup.error.choose' };
  if (!(SEEKING as readonly string[]).includes(input.seeking)) fields.seeking = { id: 'signup.error.choose' };
  const country = input.country.trim().toUpperCase();
  if (!ISO_COUNTRY.test(country) || !context.countries.includes(country)) fields.country = { id: 'signup.error.choose' };
  else if (input.region?.trim()) {
    const region = input.region.trim().toUpperCase();
    const known = context.regionCodes ? context.regionCodes(country).includes(region) : region.startsWith(`${country}-`);
    if (!known) fields.region = { id: 'signup.error.region' };
  }
  const sexuality = input.sexuality?.trim() ?? '';
  if (sexuality && !(SEXUALITIES as readonly string[]).includes(sexuality)) fields.sexuality = { id: 'signup.error.choose' };
  else if (sexuality && !sexualityFitsGender(sexuality, input.gender)) fields.sexuality = { id: 'signup.error.sexualityGender' };
  Object.assign(fields, nicheErrors(input, context, fields));
  if (!input.terms) fields.terms = { id: 'signup.error.terms' };
  if (!input.orientation_consent) fields.orientation_consent = { id: 'signup.error.consent' };
  return fields;
}

/**
 * The niche's rule (docs/decisions/0031): on a niche site nobody signs up outside the pool that site
 * shows, so that every member's messages can be read. Fields that already have an error keep it.
 */
function nicheErrors(input: SignupFieldValues, context: SignupRuleContext, found: Record<string, FieldError>): Record<string, FieldError> {
  const niche = context.niche ?? 1;
  const rule = nicheRule(niche);
  const refused = nicheError(niche, context.site ?? '');
  const fields: Record<string, FieldError> = {};
  const gender = input.gender;
  if (rule.gender && !found.gender && (GENDERS as readonly string[]).includes(gender) && gender !== rule.gender) fields.gender = refused;
  if (rule.sexualities && !found.gender && !found.seeking && (GENDERS as readonly string[]).includes(gender)) {
    if ((SEEKING as readonly string[]).includes(input.seeking) && !rule.sexualities.includes(sexualityOf(gender, input.seeking))) fields.seeking = refused;
    const chosen = input.sexuality?.trim();
    if (chosen && !found.sexuality && !(rule.sexualities as readonly string[]).includes(chosen)) fields.sexuality = refused;
  }
  if (rule.minAge && !found.date_of_birth && isValidDay(input.date_of_birth.trim()) && ageOn(input.date_of_birth.trim(), context.today) < rule.minAge) fields.date_of_birth = refused;
  if (rule.bodyTypes) {
    const body = input.body_type?.trim() ?? '';
    if (!body) fields.body_type = { id: 'signup.error.choose' };
    else if (!rule.bodyTypes.includes(body)) fields.body_type = refused;
  }
  return fields;
}

/** The errors of one step only: what stops the visitor from pressing Next. */
export function signupStepErrors(step: number, input: SignupFieldValues, context: SignupRuleContext): Record<string, FieldError> {
  const all = validateSignupFields(input, context);
  return Object.fromEntries(Object.entries(all).filter(([field]) => field !== 'email_suggestion' && stepOfField(field) === step));
}

/** docs/product.md §5 name rules, for signup and profile edit alike: the message id of the broken rule, or null. */
export function nameError(name: string, email: string): string | null {
  // Sameness first: an address as the name is mostly longer than 20, and then the length text
  // would hide the rule the member broke (issue 34 item 10).
  if (name !== '' && name.toLowerCase() === email.trim().toLowerCase()) return 'signup.error.nameIsEmail';
  if (name.length < 3 || name.length > 20) return 'signup.error.nameLength';
  if (name.startsWith('@')) return 'signup.error.nameAt';
  return null;
}
