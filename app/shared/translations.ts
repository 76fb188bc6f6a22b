// The message catalogue of the page's language, kept out of loader data (docs/decisions/0025): on the
// server entry.server provides every catalogue once; in the browser the locale's catalogue arrives as
// a hashed, immutable script (/i18n/<locale>.<hash>.js, loaded once and cached) that registers itself
// on window before the page hydrates. Meta functions and the root read it here by locale.
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { DEFAULT_LOCALE, type Locale } from './locales';

export type Messages = Record<string, string>;

/** The global the catalogue script fills: `window.__rdvMessages[locale] = {...}`. */
export const CATALOGUE_GLOBAL = '__rdvMessages';
/** The global where each catalogue script notes which surface's catalogue it was: `window.__rdvMessagesSurface[locale]`. */
export const CATALOGUE_SURFACE_GLOBAL = '__rdvMessagesSurface';
/**
 * Which catalogue a page loads (docs/decisions/0025's addendum): the members' (every page of members
 * and visitors) or the staff's (the operator console under /operator: the members' texts and its own).
 */
export type CatalogueSurface = 'member' | 'staff' | 'network';
/** The surface of a catalogue script's address: the staff's live under /i18n/staff/, the network console's under /i18n/network/. */
export function surfaceOfCatalogue(url: string): CatalogueSurface {
  return url.includes('/i18n/staff/') ? 'staff' : url.includes('/i18n/network/') ? 'network' : 'member';
}
/** The id of the catalogue's <script> in the document, so that the browser entry can wait for it. */
export const CATALOGUE_SCRIPT_ID = 'rdv-messages';

const provided: Partial<Record<Locale, Messages>> = {};

/** Server only: hands over the catalogues (static data, the same for every request). */
export function provideCatalogues(catalogues: Record<Locale, Messages>): void {
  Object.assign(provided, catalogues);
}

function loaded(): Partial<Record<Locale, Messages>> {
  if (typeof window === 'undefined') return provided;
  return ((window as unknown as Record<string, Partial<Record<Locale, Messages>> | undefined>)[CATALOGUE_GLOBAL] ??= {});
}

const NONE: Messages = {};

/** The messages of `locale`; empty (texts fall back to their English defaults) when not loaded. */
export function catalogue(locale: Locale | undefined | null): Messages {
  return (locale && loaded()[locale]) || NONE;
}

// One react-intl object per language and catalogue for the whole process (docs/decisions/0042):
// IntlProvider made a new one with an empty formatter cache for every render, so every message of
// every page was parsed again (IntlMessageFormat) on every request. The cache holds one parsed
// format per message and option set — bounded by the catalogues, not by requests.
const intlCache = createIntlCache();
const intls = new Map<string, { messages: Messages; intl: IntlShape }>();

/** The shared react-intl object of `locale` (its catalogue as loaded now), for RawIntlProvider. */
export function sharedIntl(locale: Locale): IntlShape {
  const messages = catalogue(locale);
  const kept = intls.get(locale);
  if (kept && kept.messages === messages) return kept.intl;
  const intl = createIntl({ locale, messages, defaultLocale: DEFAULT_LOCALE }, intlCache);
  intls.set(locale, { messages, intl });
  return intl;
}

/** Whether `locale`'s catalogue for `surface` is here: the staff's holds the members' texts too. */
export function hasCatalogue(locale: Locale, surface: CatalogueSurface = 'member'): boolean {
  if (loaded()[locale] === undefined) return false;
  if (surface === 'member' || typeof window === 'undefined') return true;
  return (window as unknown as Record<string, Partial<Record<Locale, CatalogueSurface>> | undefined>)[CATALOGUE_SURFACE_GLOBAL]?.[locale] === surface;
}

/**
 * Browser: loads the catalogue script of `url` unless `locale`'s catalogue for `surface` is there
 * already (a language that changes without a full page load, e.g. after logging in, or a member's
 * page that leads into the operator console). A script element, not import(): the file
 * is a classic script, and the CSP's 'strict-dynamic' trusts elements created by our own scripts.
 */
export function ensureCatalogue(locale: Locale, url: string): Promise<void> {
  const surface = surfaceOfCatalogue(url);
  if (typeof document === 'undefined' || hasCatalogue(locale, surface)) return Promise.resolve();
  const existing = document.getElementById(CATALOGUE_SCRIPT_ID) as HTMLScriptElement | null;
  const script = existing && existing.src.endsWith(url) ? existing : Object.assign(document.createElement('script'), { src: url, async: true });
  return new Promise((resolve) => {
    const done = () => resolve();
    script.addEventListener('load', done, { once: true });
    script.addEventListener('error', done, { once: true });
    if (script !== existing) document.head.appendChild(script);
    // Ran between the check above and the listeners (cannot happen in one task, but cheap to be sure).
    if (hasCatalogue(locale, surface)) resolve();
  });
}
