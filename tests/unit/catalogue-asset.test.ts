// The browser's message catalogue (/i18n/<locale>.<hash>.js): every text the app shows, none of the
// server-only network console's, and a name that changes with its content.
import { describe, expect, it } from 'vitest';
import { browserMessages, catalogueAsset } from '~/.server/i18n/catalogue-asset';
import { messagesFor } from '~/.server/i18n/messages';
import { LOCALES } from '~/shared/locales';

describe('the browser catalogue', () => {
  it.each(LOCALES)('%s: has every message but the network console’s', (locale) => {
    const all = messagesFor(locale);
    const browser = browserMessages(locale);
    expect(Object.keys(all).some((id) => id.startsWith('network.'))).toBe(true);
    expect(Object.keys(browser).filter((id) => id.startsWith('network.'))).toEqual([]);
    for (const [id, text] of Object.entries(all)) if (!id.startsWith('network.')) expect(browser[id]).toBe(text);
  });

  it('is a script named by its content that sets the locale’s messages', () => {
    const asset = catalogueAsset('de');
    expect(asset.url).toBe(`/i18n/de.${asset.hash}.js`);
    expect(asset.body).toContain('["de"]=JSON.parse(');
    expect(asset.body).not.toContain('network.');
    expect(catalogueAsset('nl').hash).not.toBe(asset.hash);
  });
});
