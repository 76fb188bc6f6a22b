import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { availablePages, DEFAULT_TERMS_DATE, PAGE_TOKENS, phoneForLink, renderStaticPage, termsDate } from '~/.server/content/pages';
import { loadTenants } from '~/.server/tenants/registry';
import { LOCALES } from '~/shared/locales';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const placeholdersOf = (text: string) => [...new Set(text.match(/\{[a-z_]+\}/g) ?? [])].sort();

describe('static page texts', () => {
  it.each(LOCALES)('exist for every page in %s, with the placeholders of English', (locale) => {
    for (const token of PAGE_TOKENS) {
      expect(availablePages(), `${locale}/${token}.md`).toContain(`${locale}/${token}.md`);
      const english = fs.readFileSync(`content/pages/en/${token}.md`, 'utf8');
      const translated = fs.readFileSync(`content/pages/${locale}/${token}.md`, 'utf8');
      expect(placeholdersOf(translated), `${locale}/${token}`).toEqual(placeholdersOf(english));
      expect(translated.startsWith('title: '), `${locale}/${token} title line`).toBe(true);
      if (locale !== 'en') expect(translated, `${locale}/${token} is translated`).not.toBe(english);
    }
  });
});

describe('renderStaticPage', () => {
  it('fills in the company, support details and refund days of the tenant', () => {
    const page = renderStaticPage(flirt, 'nl', 'terms');
    expect(page.title).not.toBe('');
    expect(page.html).toContain('Lokaal Media B.V.');
    expect(page.html).not.toMatch(/\{[a-z_]+\}/);
    const privacy = renderStaticPage(flirt, 'en', 'privacy');
    expect(privacy.html).toContain('81234567');
    expect(privacy.html).toContain('Herengracht 182');
    const refunds = renderStaticPage(flirt, 'en', 'return-policy');
    expect(refunds.html).toContain('14');
  });

  it('links the support phone without dashes and spaces', () => {
    expect(phoneForLink('+31 20-308 4410')).toBe('+31203084410');
    const html = renderStaticPage(flirt, 'en', 'service').html;
    expect(html).toContain('href="tel:+31203084410"');
  });

  it('escapes tenant values instead of rendering them as markup', () => {
    const evil = { ...flirt, company: { ...flirt.company, name: '<script>alert(1)</script>' } };
    expect(renderStaticPage(evil, 'en', 'terms').html).not.toContain('<script>');
  });
});

describe('terms-version date (SPEC §9)', () => {
  it('is 2023-12-01T12:00:00Z, or the company added date if later', () => {
    expect(termsDate({ added: '2021-03-15T09:00:00Z' })).toEqual(DEFAULT_TERMS_DATE);
    expect(termsDate({ added: '2025-01-10T09:00:00Z' })).toEqual(new Date('2025-01-10T09:00:00Z'));
  });
});
