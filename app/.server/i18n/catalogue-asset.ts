// The catalogue script of a locale (docs/decisions/0025): `/i18n/<locale>.<hash>.js`, where the hash
// is the catalogue's content, so the file can be cached for good and a new catalogue gets a new name.
import crypto from 'node:crypto';
import { CATALOGUE_GLOBAL } from '~/shared/translations';
import type { Locale } from '~/shared/locales';
import { messagesFor } from './messages';

interface CatalogueAsset {
  url: string;
  hash: string;
  body: string;
}

const assets = new Map<Locale, CatalogueAsset>();

/**
 * Message ids only the server uses, left out of the browser's catalogue: the network console and
 * its wizard are server-rendered pages on the admin host (docs/decisions/0050), and their 265
 * texts cost every member page about 4 KB of gzip (tests/integration/page-weight.test.ts).
 */
const SERVER_ONLY = /^network\./;

/** The messages a browser needs: every id except the server-only ones. */
export function browserMessages(locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(messagesFor(locale)).filter(([id]) => !SERVER_ONLY.test(id)));
}

export function catalogueAsset(locale: Locale): CatalogueAsset {
  let asset = assets.get(locale);
  if (!asset) {
    // JSON.parse of a string literal parses faster than the same object as a JS literal.
    const json = JSON.stringify(browserMessages(locale));
    const body = `(window.${CATALOGUE_GLOBAL}=window.${CATALOGUE_GLOBAL}||{})[${JSON.stringify(locale)}]=JSON.parse(${JSON.stringify(json).replace(/</g, '\\u003c')});\n`;
    const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);
    asset = { url: `/i18n/${locale}.${hash}.js`, hash, body };
    assets.set(locale, asset);
  }
  return asset;
}
