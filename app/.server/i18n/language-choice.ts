import { isLocale, type Locale } from '~/shared/locales';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, readCookie } from './negotiate';

/** The `locale` cookie: 365 days, host-only, readable by the page (it is not a secret). */
export function languageCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

// Browsers drop tabs and line breaks from URLs and read a backslash as a slash, so `/\t/evil.example`
// is `//evil.example`, another site: any control character, unusual space or backslash disqualifies.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
const SAME_SITE = 'https://same-site.invalid';

/**
 * A same-site path to return to, normalised (`/a/../b` → `/b`); anything else — other hosts,
 * `//evil` (also as `/%2F`), schemes, control characters or backslashes anywhere — becomes '/'.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.length > 2000) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return '/';
  }
  if (UNSAFE_IN_PATH.test(value) || decoded.startsWith('//')) return '/';
  let url: URL;
  try {
    url = new URL(value, SAME_SITE);
  } catch {
    return '/';
  }
  if (url.origin !== SAME_SITE || url.pathname.startsWith('//')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A login on a device without a `locale` cookie (issue 26): the cookie from the member's saved
 * language, when the site shows it, so a new device speaks the member's language at once. A
 * device that already has a cookie keeps its own choice (that choice is what PUT /api/user.php saves).
 */
export function loginLanguageCookie(cookieHeader: string | null, language: string, tenant: { locales: readonly Locale[] }, secure: boolean): string | null {
  if (readCookie(cookieHeader, LOCALE_COOKIE) !== null) return null;
  if (!isLocale(language) || !tenant.locales.includes(language)) return null;
  return languageCookie(language, secure);
}
