// The browser's message catalogues (/i18n/<locale>.<hash>.js for members and visitors,
// /i18n/staff/<locale>.<hash>.js for the operator console): every text the surface shows, none of
// the server-only network console's, the members' none of the staff's, and names that change with
// their content (docs/decisions/0025).
import { describe, expect, it } from 'vitest';
import { browserMessages, catalogueAsset, catalogueSurface } from '~/.server/i18n/catalogue-asset';
import { messagesFor } from '~/.server/i18n/messages';
import { LOCALES } from '~/shared/locales';
import { surfaceOfCatalogue } from '~/shared/translations';

const STAFF_ONLY = /^(operator|marketing|moderation)\./;

describe('the browser catalogues', () => {
  it.each(LOCALES)('%s: the staff’s has every message but the network console’s; the members’ none of the staff’s either', (locale) => {
    const all = messagesFor(locale);
    const staff = browserMessages(locale, 'staff');
    const member = browserMessages(locale, 'member');
    expect(Object.keys(all).some((id) => id.startsWith('network.'))).toBe(true);
    expect(Object.keys(all).some((id) => STAFF_ONLY.test(id))).toBe(true);
    expect(Object.keys(staff).filter((id) => id.startsWith('network.'))).toEqual([]);
    expect(Object.keys(member).filter((id) => id.startsWith('network.') || STAFF_ONLY.test(id))).toEqual([]);
    for (const [id, text] of Object.entries(all)) {
      if (!id.startsWith('network.')) expect(staff[id]).toBe(text);
      if (!id.startsWith('network.') && !STAFF_ONLY.test(id)) expect(member[id]).toBe(text);
    }
    // The photo rejection reasons are shown to members (their own photos) and moderators alike.
    expect(member['photoReview.reason.nudity']).toBe(all['photoReview.reason.nudity']);
  });

  it('are scripts named by their content that set the locale’s messages and their surface', () => {
    const asset = catalogueAsset('de');
    expect(asset.url).toBe(`/i18n/de.${asset.hash}.js`);
    expect(asset.body).toContain('["de"]=JSON.parse(');
    expect(asset.body).toContain('["de"]="member"');
    expect(asset.body).not.toContain('network.');
    expect(asset.body).not.toContain('"operator.');
    expect(catalogueAsset('nl').hash).not.toBe(asset.hash);
    const staff = catalogueAsset('de', 'staff');
    expect(staff.url).toBe(`/i18n/staff/de.${staff.hash}.js`);
    expect(staff.body).toContain('["de"]="staff"');
    expect(staff.body).toContain('operator.');
    expect(staff.hash).not.toBe(asset.hash);
    expect(surfaceOfCatalogue(staff.url)).toBe('staff');
    expect(surfaceOfCatalogue(asset.url)).toBe('member');
  });

  it('the operator console (under /operator) loads the staff’s, every other page the members’', () => {
    expect(catalogueSurface('/operator')).toBe('staff');
    expect(catalogueSurface('/operator/login')).toBe('staff');
    expect(catalogueSurface('/operator/marketing/splits')).toBe('staff');
    expect(catalogueSurface('/operators')).toBe('member');
    expect(catalogueSurface('/members')).toBe('member');
    expect(catalogueSurface('/')).toBe('member');
  });
});
