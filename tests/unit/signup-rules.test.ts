// The signup rules of docs/product.md §5, shared by the server and the signup form: the same texts (message
// ids) for the same mistakes, step by step.
import { describe, expect, it } from 'vitest';
import { MIN_AGE as SERVER_MIN_AGE, validateSignup, SignupSchema } from '~/.server/accounts/signup';
import { suggestEmail as serverSuggestEmail } from '~/.server/accounts/email-suggestion';
import { ageOn as serverAgeOn } from '~/.server/profiles/age';
import { suggestEmail } from '~/shared/email-suggestion';
import { firstStepWithError, MIN_AGE, signupStepErrors, stepOfField, validateSignupFields, type SignupFieldValues } from '~/shared/signup-rules';

const context = { countries: ['NL', 'BE'], today: '2026-06-01' };
const good: SignupFieldValues = {
  email: 'anna@example.com',
  name: 'Anna',
  password: 'long enough 1',
  date_of_birth: '1990-05-17',
  gender: 'female',
  seeking: 'male',
  country: 'NL',
  terms: 'on',
  orientation_consent: 'on',
};
const empty: SignupFieldValues = { email: '', name: '', password: '', date_of_birth: '', gender: '', seeking: '', country: '' };

describe('the shared signup rules', () => {
  it('accept a complete signup', () => {
    expect(validateSignupFields(good, context)).toEqual({});
  });

  it('name each step\'s own mistakes, so Next can stop on that step', () => {
    expect(signupStepErrors(0, empty, context)).toEqual({ gender: { id: 'signup.error.choose' }, seeking: { id: 'signup.error.choose' } });
    expect(signupStepErrors(1, empty, context)).toEqual({ date_of_birth: { id: 'signup.error.dobRequired', values: { min_age: 18 } } });
    expect(signupStepErrors(2, empty, context)).toEqual({ country: { id: 'signup.error.choose' } });
    expect(signupStepErrors(3, empty, context)).toEqual({
      name: { id: 'signup.error.nameLength' },
      email: { id: 'signup.error.emailInvalid' },
      password: { id: 'signup.error.password' },
    });
    expect(signupStepErrors(4, empty, context)).toEqual({ terms: { id: 'signup.error.terms' }, orientation_consent: { id: 'signup.error.consent' } });
    for (let step = 0; step <= 4; step++) expect(signupStepErrors(step, good, context)).toEqual({});
  });

  it('use the SPEC texts: minimum age, invalid date, username rules', () => {
    const check = (changes: Partial<SignupFieldValues>) => validateSignupFields({ ...good, ...changes }, context);
    expect(check({ date_of_birth: '2010-01-01' }).date_of_birth).toEqual({ id: 'signup.error.dobRequired', values: { min_age: MIN_AGE } });
    expect(check({ date_of_birth: '1990-02-30' }).date_of_birth).toEqual({ id: 'signup.error.dobInvalid' });
    expect(check({ date_of_birth: '1900-01-01' }).date_of_birth).toEqual({ id: 'signup.error.dobInvalid' });
    expect(check({ name: 'anna@example.com' }).name).toEqual({ id: 'signup.error.nameIsEmail' });
    expect(check({ name: '@anna' }).name).toEqual({ id: 'signup.error.nameAt' });
    expect(check({ country: 'DE' }).country).toEqual({ id: 'signup.error.choose' });
  });

  it('offer a did-you-mean address as a hint, never as an error of the step', () => {
    const fields = validateSignupFields({ ...good, email: 'anna@gmial.com' }, context);
    expect(fields.email_suggestion).toEqual({ id: 'signup.error.didYouMean', values: { suggestion: 'anna@gmail.com' } });
    expect(signupStepErrors(3, { ...good, email: 'anna@gmial.com' }, context)).toEqual({});
    expect(firstStepWithError(fields)).toBeNull();
    expect(firstStepWithError({ ...fields, password: {}, gender: {} })).toBe(0);
  });

  it('place every field on its step; unknown ones on the last', () => {
    expect(['gender', 'date_of_birth', 'region', 'email', 'terms', 'form'].map(stepOfField)).toEqual([0, 1, 2, 3, 4, 4]);
  });
});

describe('the server keeps its rules and exports', () => {
  it('validateSignup answers as the shared rules do, for the tenant\'s countries', () => {
    const tenant = { settings: { countries: ['NL', 'BE'] } } as Parameters<typeof validateSignup>[0];
    for (const input of [good, empty, { ...good, email: 'anna@hotmial.com', name: 'x' }]) {
      const parsed = SignupSchema.parse(input);
      expect(validateSignup(tenant, parsed, context.today)).toEqual(validateSignupFields(parsed, context));
    }
    expect(SERVER_MIN_AGE).toBe(18);
    expect(serverSuggestEmail).toBe(suggestEmail);
    expect(serverAgeOn('1990-06-02', '2026-06-01')).toBe(35);
  });
});
