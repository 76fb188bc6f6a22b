import { isLocale, type Locale } from '~/shared/locales';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, readCookie } from './negotiate';

/** The `locale` cookie: 365 days, host-only, readable by the page (it is not a secret). */
export function languageCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A same-site path to return to; anything else (other hosts, //evil, schemes) becomes '/'. */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
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
