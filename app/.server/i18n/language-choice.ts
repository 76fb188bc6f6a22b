import type { Locale } from '~/shared/locales';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from './negotiate';

/** The `locale` cookie: 365 days, host-only, readable by the page (it is not a secret). */
export function languageCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A same-site path to return to; anything else (other hosts, //evil, schemes) becomes '/'. */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
