// Issue 48 (round 3 of defects), helper i48d's items that are pure functions: the member's own
// country (item 13), the kind a one-click unsubscribe URL names (item 19) and what tenant:check
// warns of (item 23). The rest is in tests/integration/defects-48d.test.ts.
import { describe, expect, it } from 'vitest';
import { effectiveCountry } from '~/.server/geo/selected-country';
import { listUnsubscribeHeaders, unsubscribeListOf, unsubscribeUrl } from '~/.server/notifications/unsubscribe';
import { HTTPS_ONLY_IN_PRODUCTION } from '~/.server/tenants/postback-templates';
import { productionWarnings } from '~/.server/tenants/check';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';

const tenants = loadTenants('tenants');
const bella = tenants.find((t) => t.id === 'bellacurva')!;
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;

describe('item 13: the footer shows the member’s chosen country', () => {
  it('takes a BellaCurva member’s own country (France) before the detected one and the site’s first (Spain)', () => {
    expect(bella.settings.countries[0]).toBe('ES');
    expect(effectiveCountry(bella, null, null, 'FR')).toBe('FR');
    expect(effectiveCountry(bella, 'IT', null, 'FR')).toBe('FR');
    // A choice made on /lang-config (the country cookie) is the latest word.
    expect(effectiveCountry(bella, null, 'country=PL', 'FR')).toBe('PL');
    // A visitor, or a country the site does not serve: as before.
    expect(effectiveCountry(bella, null, null, null)).toBe('ES');
    expect(effectiveCountry(bella, 'IT', null, 'US')).toBe('IT');
  });
});

describe('item 19: a one-click unsubscribe URL names the kinds of its mail', () => {
  it('round-trips the kinds, ignores unknown ones, and means all mail without one', () => {
    const url = new URL(unsubscribeUrl('https://flirtlokaal.nl', 'tok-en', ['like', 'new_messages']));
    expect(url.pathname).toBe('/unsubscribe/tok-en');
    expect(unsubscribeListOf(url.searchParams)).toEqual(['like', 'new_messages']);
    expect(unsubscribeListOf(new URLSearchParams('kind=like&kind=nonsense&kind=like'))).toEqual(['like']);
    expect(unsubscribeListOf(new URLSearchParams('kind=nonsense'))).toBe('all');
    expect(unsubscribeListOf(new URLSearchParams(''))).toBe('all');
    expect(unsubscribeUrl('https://flirtlokaal.nl', 'tok-en')).toBe('https://flirtlokaal.nl/unsubscribe/tok-en');
  });

  it('keeps the List-Unsubscribe header a list of two URLs (no comma inside one, RFC 2369)', () => {
    const header = listUnsubscribeHeaders(flirt, 'https://flirtlokaal.nl', 'tok-en', ['like', 'new_conversations'])['List-Unsubscribe']!;
    expect(header.split(',').map((part) => part.trim())).toEqual([
      '<https://flirtlokaal.nl/unsubscribe/tok-en?kind=like&kind=new_conversations>',
      `<mailto:${flirt.settings.support_email}?subject=unsubscribe%20tok-en>`,
    ]);
  });
});

describe('item 23: tenant:check warns of what a real production start will not send', () => {
  const withPostbacks = (postbacks: Tenant['postbacks']) => ({ ...flirt, postbacks }) as Tenant;

  it('names each http:// template with the words the postback worker refuses it with', () => {
    const tenant = withPostbacks({ adnet: { lead: 'https://track.adnet.example/pb?e={event}', sale: 'http://track.adnet.example/pb?e={event}' }, other: { rebill: 'HTTP://other.example/pb' } });
    const expected = ['postbacks.adnet.sale: ' + HTTPS_ONLY_IN_PRODUCTION, 'postbacks.other.rebill: ' + HTTPS_ONLY_IN_PRODUCTION];
    expect(productionWarnings(tenant, { adminHost: null, realProduction: false })).toEqual(expected);
    expect(productionWarnings(tenant, { adminHost: null, realProduction: true })).toEqual(expected);
  });

  it('names the demo’s /dev/postbacks templates only under a real production start’s rules', () => {
    expect(productionWarnings(flirt, { adminHost: null, realProduction: false })).toEqual([]);
    const warnings = productionWarnings(flirt, { adminHost: null, realProduction: true });
    expect(warnings.length).toBeGreaterThan(0);
    for (const line of warnings) expect(line).toMatch(/^postbacks\.\w+\.\w+: no own address for a \/dev\/postbacks template$/);
  });
});
