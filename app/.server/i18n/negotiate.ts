// Locale choice (docs/product.md §9, docs/architecture.md §6): the `locale` cookie when the tenant shows that locale, else the
// first two letters of the tenant's domain_language, else en — and never a locale the tenant hides.
import { DEFAULT_LOCALE, isLocale, type Locale } from '~/shared/locales';

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function negotiateLocale(
  cookieHeader: string | null | undefined,
  tenant: { locales: readonly Locale[]; settings: { domain_language: string } },
): Locale {
  const fromCookie = readCookie(cookieHeader, LOCALE_COOKIE);
  if (isLocale(fromCookie) && tenant.locales.includes(fromCookie)) return fromCookie;
  const fromDomain = tenant.settings.domain_language.slice(0, 2).toLowerCase();
  if (isLocale(fromDomain) && tenant.locales.includes(fromDomain)) return fromDomain;
  if (tenant.locales.includes(DEFAULT_LOCALE)) return DEFAULT_LOCALE;
  return tenant.locales[0] ?? DEFAULT_LOCALE;
}

/**
 * The language for a request of a logged-in member (issue 34 item 14): the browser's own choice (the
 * locale cookie) first, as for everyone; without one the member's saved language, when the site
 * shows it; else what a visitor gets. Also used for a page about a member reached without a session
 * (the one-click unsubscribe page of their mail).
 */
export function memberLocale(
  cookieHeader: string | null | undefined,
  tenant: { locales: readonly Locale[]; settings: { domain_language: string } },
  member: { language: string | null } | null | undefined,
): Locale {
  const fromCookie = readCookie(cookieHeader, LOCALE_COOKIE);
  if (isLocale(fromCookie) && tenant.locales.includes(fromCookie)) return fromCookie;
  const saved = member?.language ?? null;
  if (isLocale(saved) && tenant.locales.includes(saved)) return saved;
  return negotiateLocale(cookieHeader, tenant);
}

/** For pages with no tenant (an unknown host): the best of the eleven from Accept-Language. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.slice(0, 2);
    if (isLocale(base)) return base;
    if (base === 'no' || base === 'nn') return 'nb';
  }
  return DEFAULT_LOCALE;
}
