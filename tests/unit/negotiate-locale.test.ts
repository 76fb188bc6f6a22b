import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, negotiateLocale } from '~/.server/i18n/negotiate';
import type { Locale } from '~/shared/locales';

const dutchSite = { locales: ['nl', 'en'] as Locale[], settings: { domain_language: 'nl_NL' } };
const germanOnly = { locales: ['de'] as Locale[], settings: { domain_language: 'de_DE' } };

describe('negotiateLocale (docs/product.md §9)', () => {
  it('uses the locale cookie when the tenant shows that locale', () => {
    expect(negotiateLocale('locale=en', dutchSite)).toBe('en');
    expect(negotiateLocale('a=1; locale=en; b=2', dutchSite)).toBe('en');
  });

  it('falls back to the domain language when there is no cookie', () => {
    expect(negotiateLocale(undefined, dutchSite)).toBe('nl');
  });

  it('ignores a cookie for a locale the tenant hides, or an unknown one', () => {
    expect(negotiateLocale('locale=de', dutchSite)).toBe('nl');
    expect(negotiateLocale('locale=xx', dutchSite)).toBe('nl');
  });

  it('never offers English where the tenant does not show it', () => {
    expect(negotiateLocale('locale=en', germanOnly)).toBe('de');
  });
});

describe('localeFromAcceptLanguage', () => {
  it('picks the best supported language by weight', () => {
    expect(localeFromAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('ja;q=1, pl;q=0.5')).toBe('pl');
    expect(localeFromAcceptLanguage('no')).toBe('nb');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});
