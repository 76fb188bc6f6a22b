// The catalogue scripts of a locale (docs/decisions/0025): `/i18n/<locale>.<hash>.js` for the members'
// and visitors' pages, `/i18n/staff/<locale>.<hash>.js` for the operator console, where the hash is
// the catalogue's content, so the file can be cached for good and a new catalogue gets a new name.
import crypto from 'node:crypto';
import { CATALOGUE_GLOBAL, CATALOGUE_SURFACE_GLOBAL, type CatalogueSurface } from '~/shared/translations';
import type { Locale } from '~/shared/locales';
import { messagesFor } from './messages';

interface CatalogueAsset {
  url: string;
  hash: string;
  body: string;
}

/**
 * Message ids of the network console (its own Remix app on the admin host, docs/decisions/0072):
 * left out of the sites' catalogues, where their texts cost every member page about 4 KB of gzip
 * (tests/integration/page-weight.test.ts). The console's catalogue holds them and the error texts.
 */
const NETWORK_ONLY = /^network\./;
const NETWORK_SHARED = /^(error|api\.error|form)\./;
/**
 * Message ids only the operator console shows (operators, moderators, marketers under /operator):
 * left out of the members' catalogue, which every member page loads at start (about 5 KB of gzip,
 * docs/decisions/0025's addendum).
 */
const STAFF_ONLY = /^(operator|marketing|moderation)\./;

/** The surface a site's page belongs to: the operator console under /operator, everything else the members' (the admin host's are all 'network'). */
export function catalogueSurface(pathname: string): CatalogueSurface {
  return pathname === '/operator' || pathname.startsWith('/operator/') ? 'staff' : 'member';
}

/** The messages a browser on `surface` needs: the staff's have every id but the server-only ones; the members' none of the staff's either. */
export function browserMessages(locale: Locale, surface: CatalogueSurface = 'member'): Record<string, string> {
  const wanted =
    surface === 'network' ? (id: string) => NETWORK_ONLY.test(id) || NETWORK_SHARED.test(id) : (id: string) => !NETWORK_ONLY.test(id) && (surface === 'staff' || !STAFF_ONLY.test(id));
  return Object.fromEntries(Object.entries(messagesFor(locale)).filter(([id]) => wanted(id)));
}

const assets = new Map<string, CatalogueAsset>();

export function catalogueAsset(locale: Locale, surface: CatalogueSurface = 'member'): CatalogueAsset {
  const key = `${surface}:${locale}`;
  let asset = assets.get(key);
  if (!asset) {
    // JSON.parse of a string literal parses faster than the same object as a JS literal.
    const json = JSON.stringify(browserMessages(locale, surface));
    const name = JSON.stringify(locale);
    const body =
      `(window.${CATALOGUE_GLOBAL}=window.${CATALOGUE_GLOBAL}||{})[${name}]=JSON.parse(${JSON.stringify(json).replace(/</g, '\\u003c')});` +
      `(window.${CATALOGUE_SURFACE_GLOBAL}=window.${CATALOGUE_SURFACE_GLOBAL}||{})[${name}]=${JSON.stringify(surface)};\n`;
    const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);
    asset = { url: `/i18n/${surface === 'member' ? '' : `${surface}/`}${locale}.${hash}.js`, hash, body };
    assets.set(key, asset);
  }
  return asset;
}
