// The static pages: Markdown texts per language in content/pages/<locale>/<token>.md
// with {placeholders} filled from the tenant's company info and settings, rendered to HTML here.
//
// Brand texts are plain text (docs/decisions/0068, addendum): Markdown reads the template only. Each
// placeholder becomes an inert word while Markdown runs, and the value goes into the HTML afterwards,
// HTML-escaped — so a brand name like `[x](javascript:alert(8))`, `![](https://evil.example/a.png)`,
// `# Big`, `<b>` or `www.evil.example` is shown as typed and never becomes a link, image or markup.
// The links of a page (mailto:, tel:, /pages/…) are the template's.
import { fillPlaceholders } from '~/shared/text';
import { Marked } from 'marked';
import type { Locale } from '~/shared/locales';
import type { Tenant } from '../tenants/schema';

const sources = import.meta.glob<string>('../../../content/pages/*/*.md', { query: '?raw', import: 'default', eager: true });

export const PAGE_TOKENS = ['terms', 'privacy', 'cookies', 'faq', 'return-policy', 'service', 'ban', 'complaints'] as const;
export type PageToken = (typeof PAGE_TOKENS)[number];

export function isPageToken(value: string | undefined): value is PageToken {
  return (PAGE_TOKENS as readonly string[]).includes(value ?? '');
}

function source(locale: Locale, token: PageToken): string | undefined {
  return sources[`../../../content/pages/${locale}/${token}.md`];
}

/** Terms take effect on 2023-12-01T12:00:00Z, or on the company's added date if later (docs/product.md §9). */
export const DEFAULT_TERMS_DATE = new Date('2023-12-01T12:00:00Z');

export function termsDate(company: { added: string }): Date {
  const added = new Date(company.added);
  return added > DEFAULT_TERMS_DATE ? added : DEFAULT_TERMS_DATE;
}

/** The support phone for tel: links: dashes and spaces removed (docs/product.md §9). */
export function phoneForLink(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function pagePlaceholders(tenant: Tenant, locale: Locale): Record<string, string> {
  const { settings, company } = tenant;
  return {
    site_name: settings.name,
    domain: settings.domain,
    company_name: company.name,
    company_address: company.address,
    company_city: company.city,
    company_country: company.country,
    company_registration: company.kvk,
    company_tradenames: company.tradenames.join(', '),
    company_vat_numbers: company.vat_numbers.join(', '),
    support_email: settings.support_email,
    support_phone: settings.support_phone,
    support_phone_tel: phoneForLink(settings.support_phone),
    refund_days: String(settings.refund_days),
    terms_date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(termsDate(company)),
    delete_discount: String(company.delete_discount),
  };
}

export interface StaticPage {
  token: PageToken;
  title: string;
  html: string;
}

const marked = new Marked({ gfm: true, breaks: false });

/**
 * Placeholder n while Markdown runs: letters and digits only, so no Markdown or GFM rule (emphasis,
 * autolinks, link destinations, which it survives unencoded) changes it, and no template holds it.
 */
const slot = (n: number) => `rdvbrandslot${n}x`;
const SLOT = /rdvbrandslot(\d+)x/g;

/** Markdown with {placeholders} rendered to HTML, each value put in afterwards as escaped plain text. */
export function renderWithPlainValues(template: string, values: Record<string, string>): string {
  const filled: string[] = [];
  const markdown = fillPlaceholders(template, values, (value) => slot(filled.push(value) - 1));
  return marked.parse(markdown, { async: false }).replace(SLOT, (_match, n: string) => escapeHtml(filled[Number(n)] ?? ''));
}

/** The page in the locale (or English when a text is missing), filled in for the tenant. */
export function renderStaticPage(tenant: Tenant, locale: Locale, token: PageToken): StaticPage {
  const raw = source(locale, token) ?? source('en', token);
  if (!raw) throw new Error(`content/pages/en/${token}.md is missing`);
  const [firstLine = '', ...rest] = raw.split('\n');
  const values = pagePlaceholders(tenant, locale);
  // The title is text that React escapes: its values go in as they are.
  const title = fillPlaceholders(firstLine.replace(/^title:\s*/, '').trim(), values);
  return { token, title, html: renderWithPlainValues(rest.join('\n').trim(), values) };
}

/** Every locale/page pair that exists, for the completeness test. */
export function availablePages(): string[] {
  return Object.keys(sources).map((key) => key.replace('../../../content/pages/', ''));
}
