// Issue 48 (round 3 of defects), helper i48c's items as unit tests, each written from the issue's
// words: the did-you-mean address only for near-misses of known domains (item 8), the singular
// fictional warning for one fictional profile (item 10), and the signup choices of a niche (item 26).
import { describe, expect, it } from 'vitest';
import { suggestEmail } from '~/shared/email-suggestion';
import { fictionalIn, fictionalWarningText } from '~/shared/shell';
import { GENDERS, SEXUALITIES } from '~/shared/catalogue';
import { SEEKING, signupChoices, validateSignupFields, type SignupFieldValues } from '~/shared/signup-rules';

const context = { countries: ['NL', 'GB'], today: '2026-06-01', niche: 1, site: 'Site' };
const good: SignupFieldValues = {
  email: 'anna@example.com', name: 'Anna', password: 'long enough', date_of_birth: '1990-06-02', gender: 'female', seeking: 'male',
  country: 'NL', terms: 'on', orientation_consent: 'on',
};

describe('item 8: the did-you-mean e-mail suggestion', () => {
  it('never suggests for a valid short domain: same@x.de gets no same@gmx.de', () => {
    expect(suggestEmail('same@x.de')).toBeNull();
    expect(validateSignupFields({ ...good, email: 'same@x.de' }, context).email_suggestion).toBeUndefined();
    // Other short or simply different domains: nothing either.
    for (const email of ['same@mx.de', 'same@ab.de', 'same@wbe.de', 'same@02.pl', 'same@me.de', 'same@yahoo.de', 'same@gmail.de', 'same@example.com']) expect(suggestEmail(email), email).toBeNull();
  });

  it('suggests for near-misses of known domains', () => {
    expect(suggestEmail('same@gmial.com')).toBe('same@gmail.com');
    expect(suggestEmail('same@gmai.com')).toBe('same@gmail.com');
    expect(suggestEmail('same@gmail.co')).toBe('same@gmail.com');
    expect(suggestEmail('same@gmail.con')).toBe('same@gmail.com');
    expect(suggestEmail('same@hotmial.com')).toBe('same@hotmail.com');
    expect(suggestEmail('same@outlok.com')).toBe('same@outlook.com');
    expect(suggestEmail('same@t-onlin.de')).toBe('same@t-online.de');
    expect(suggestEmail('same@hotmial.co.uk')).toBe('same@hotmail.co.uk');
  });

  it('never suggests a known domain for itself', () => {
    for (const email of ['same@gmx.de', 'same@gmail.com', 'same@web.de', 'same@o2.pl']) expect(suggestEmail(email), email).toBeNull();
  });
});

describe('item 10: the fictional warning of a list', () => {
  const warning = { singular: 'This profile is fictional.', plural: 'Profiles with this icon are fictional.' };

  it('is the singular text for exactly one fictional profile, the plural one otherwise', () => {
    const list = (...fictional: boolean[]) => fictional.map((f, id) => ({ id, fictional: f }));
    expect(fictionalWarningText(warning, fictionalIn(list(false, true, false)))).toBe(warning.singular);
    expect(fictionalWarningText(warning, fictionalIn(list(true, true)))).toBe(warning.plural);
    expect(fictionalWarningText(warning, fictionalIn(list(true), list(true)))).toBe(warning.plural);
    expect(fictionalWarningText(warning, fictionalIn(list(false)))).toBe(warning.plural);
    expect(fictionalWarningText(warning, null)).toBe(warning.plural);
    expect(fictionalIn(undefined, list(true))).toBe(1);
  });
});

describe('item 26: the signup choices of a niche', () => {
  it('offers on Rainbow Hearts (niche 7, men seeking men) only a man, seeking men or both, gay or bi', () => {
    expect(signupChoices(7)).toEqual({ genders: ['male'], seeking: ['male', 'both'], sexualities: ['gay', 'bi'] });
  });

  it('offers everything where the niche is for everyone, and what each other niche allows', () => {
    expect(signupChoices(1)).toEqual({ genders: ['female', 'male'], seeking: SEEKING, sexualities: SEXUALITIES });
    expect(signupChoices(2)).toEqual({ genders: ['female'], seeking: ['female', 'both'], sexualities: ['lesbian', 'bi'] });
    expect(signupChoices(6)).toEqual({ genders: ['female'], seeking: ['female', 'male', 'both'], sexualities: ['hetero', 'lesbian', 'bi'] });
  });

  it('offers exactly the choices the signup rules take, on every niche', () => {
    for (const niche of [1, 2, 3, 4, 5, 6, 7]) {
      const offered = signupChoices(niche);
      const rules = { ...context, niche, today: '2026-06-01' };
      for (const gender of GENDERS) {
        for (const seeking of SEEKING) {
          const fields = validateSignupFields({ ...good, gender, seeking, date_of_birth: '1950-01-01', body_type: 'curvy' }, rules);
          const taken = !fields.gender && !fields.seeking;
          expect(taken, `niche ${niche}: ${gender} seeking ${seeking}`).toBe(offered.genders.includes(gender) && offered.seeking.includes(seeking));
        }
        for (const sexuality of SEXUALITIES) {
          if (!offered.genders.includes(gender)) continue;
          const seeking = offered.seeking[0]!;
          const fields = validateSignupFields({ ...good, gender, seeking, sexuality, date_of_birth: '1950-01-01', body_type: 'curvy' }, rules);
          if (!fields.sexuality) expect(offered.sexualities, `niche ${niche}: ${gender} ${sexuality}`).toContain(sexuality);
        }
      }
    }
  });
});
