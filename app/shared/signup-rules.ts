// The signup rules of SPEC §5, shared by the server (the truth: validateSignup in
// app/.server/accounts/signup.ts) and the signup form (feedback on each step before Next). Errors
// are message ids with values, translated by whoever shows them.
import { ageOn } from './age';
import { GENDERS, ISO_COUNTRY } from './catalogue';
import { suggestEmail } from './email-suggestion';

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
  terms?: unknown;
  orientation_consent?: unknown;
}

/** The fields of each signup step (SPEC §2: steps 0 to 4). */
export const SIGNUP_STEPS = [
  ['gender', 'seeking'],
  ['date_of_birth'],
  ['country', 'region'],
  ['name', 'email', 'password'],
  ['signup_message', 'terms', 'orientation_consent'],
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
export function validateSignupFields(input: SignupFieldValues, context: { countries: readonly string[]; today: string }): Record<string, FieldError> {
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
  if (!['male', 'female', 'both'].includes(input.seeking)) fields.seeking = { id: 'signup.error.choose' };
  const country = input.country.trim().toUpperCase();
  if (!ISO_COUNTRY.test(country) || !context.countries.includes(country)) fields.country = { id: 'signup.error.choose' };
  if (!input.terms) fields.terms = { id: 'signup.error.terms' };
  if (!input.orientation_consent) fields.orientation_consent = { id: 'signup.error.consent' };
  return fields;
}

/** The errors of one step only: what stops the visitor from pressing Next. */
export function signupStepErrors(step: number, input: SignupFieldValues, context: { countries: readonly string[]; today: string }): Record<string, FieldError> {
  const all = validateSignupFields(input, context);
  return Object.fromEntries(Object.entries(all).filter(([field]) => field !== 'email_suggestion' && stepOfField(field) === step));
}

/** SPEC §5 name rules, for signup and profile edit alike: the message id of the broken rule, or null. */
export function nameError(name: string, email: string): string | null {
  if (name.length < 3 || name.length > 20) return 'signup.error.nameLength';
  if (name.startsWith('@')) return 'signup.error.nameAt';
  if (name.toLowerCase() === email.trim().toLowerCase()) return 'signup.error.nameIsEmail';
  return null;
}
