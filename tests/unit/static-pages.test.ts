import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { availablePages, DEFAULT_TERMS_DATE, PAGE_TOKENS, phoneForLink, renderStaticPage, termsDate } from '~/.server/content/page-text';
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

describe('terms-version date (docs/product.md §9)', () => {
  it('is 2023-12-01T12:00:00Z, or the company added date if later', () => {
    expect(termsDate({ added: '2021-03-15T09:00:00Z' })).toEqual(DEFAULT_TERMS_DATE);
    expect(termsDate({ added: '2025-01-10T09:00:00Z' })).toEqual(new Date('2025-01-10T09:00:00Z'));
  });
});

describe('brand texts on the static pages (docs/decisions/0068, addendum)', () => {
  // Every value from the tenant file is plain text: Markdown never reads it, so it makes no link,
  // image, heading, emphasis or HTML; the templates alone hold the links (mailto:, tel:, /pages/…).
  const hostile = {
    ...flirt,
    settings: { ...flirt.settings, name: '# Big *bold* <b>raw</b>', domain: 'www.evil.example' },
    company: {
      ...flirt.company,
      name: '[x](javascript:alert(8))',
      address: '![](https://evil.example/a.png)',
      city: '<img src=x onerror=alert(1)>',
      country: 'https://evil.example/login',
      kvk: '[ref]: https://evil.example',
      tradenames: ['<a href="https://evil.example">Win</a>', '`code` &amp; ~~gone~~'],
      vat_numbers: ['1. listed', '    indented'],
    },
  };
  const visible = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

  it.each(['terms', 'privacy', 'service', 'complaints', 'cookies'] as const)('%s: no link, image or markup from brand texts, shown as typed', (token) => {
    for (const locale of LOCALES) {
      const { html } = renderStaticPage(hostile, locale, token);
      const where = `${locale}/${token}`;
      expect(html, where).not.toMatch(/<img/i);
      expect(html, where).not.toMatch(/href="javascript:/i);
      expect(html, where).not.toMatch(/<a [^>]*href="(?!mailto:|tel:|\/)/i);
      for (const markup of ['<em>bold</em>', '<b>raw</b>', '<code>code</code>', '<del>gone</del>', '<h1>Big', '<li>listed', '<a href="https://evil.example">']) expect(html, where).not.toContain(markup);
      expect(html, where).not.toMatch(/<pre/i);
      expect(visible(html), where).toContain('[x](javascript:alert(8))');
    }
    const english = visible(renderStaticPage(hostile, 'en', 'service').html);
    expect(english).toContain('# Big *bold* <b>raw</b> is a service of [x](javascript:alert(8))');
    expect(english).toContain('![](https://evil.example/a.png), <img src=x onerror=alert(1)>, https://evil.example/login');
    expect(english).toContain('[ref]: https://evil.example');
    expect(english).toContain('<a href="https://evil.example">Win</a>, `code` &amp; ~~gone~~');
    expect(english).toContain('1. listed,     indented');
  });

  it('keeps the links of the templates: mailto, tel and the site\'s own pages', () => {
    const { html } = renderStaticPage(hostile, 'en', 'terms');
    expect(html).toContain(`href="mailto:${flirt.settings.support_email}"`);
    expect(html).toContain('href="tel:');
    expect(html).toContain('href="/pages/privacy"');
    expect(html).toContain('www.evil.example');
    expect(html).not.toContain('href="http://www.evil.example"');
  });

  it('a brand value with "&" or quotes is shown once escaped, not twice', () => {
    const amp = { ...flirt, settings: { ...flirt.settings, name: 'Love & "Co"' } };
    const html = renderStaticPage(amp, 'en', 'terms').html;
    expect(html).toContain('Love &amp; &quot;Co&quot;');
    expect(html).not.toContain('&amp;amp;');
  });
});
