// Issue 34, items 1, 3, 5, 8 and 10 (decision 0047) without a server: the price of a message from
// the bundles, the welcome countdown counting to the server's end, the docs' payment-method tables
// and profile values kept equal to the code's sources, and the username rule checked in order.
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { minimumMessageCosts } from '~/.server/tenants/message-price';
import { methodsSection, METHODS_END, METHODS_START } from '~/.server/payments/methods-doc';
import { loadTenants } from '~/.server/tenants/registry';
import { TenantSchema } from '~/.server/tenants/schema';
import { BODY_TYPES, EYE_COLOURS, HAIR_COLOURS, RELATIONSHIP_STATUSES, SEXUALITIES } from '~/shared/catalogue';
import { nameError } from '~/shared/signup-rules';
import { initialOffersState, startTimeBonus } from '~/state/offers';

describe('item 1: the price of a message', () => {
  it('is one credit of the biggest bundle times message_credits, rounded to a minor unit', () => {
    const bundles = [
      { credits: 20, prices: { EUR: 1995, DKK: 14900 } },
      { credits: 250, prices: { EUR: 14900, DKK: 111900 } },
      { credits: 100, prices: { EUR: 7995, DKK: 59500 } },
    ];
    expect(minimumMessageCosts(['NL', 'DK'], 1, bundles)).toEqual({ NL: { costs: 60, currency: 'EUR' }, DK: { costs: 448, currency: 'DKK' } });
    expect(minimumMessageCosts(['NL'], 2, bundles)).toEqual({ NL: { costs: 119, currency: 'EUR' } });
    // A country whose currency no bundle is priced in has no price.
    expect(minimumMessageCosts(['SE'], 1, bundles)).toEqual({});
  });

  it('is worked out for every demo tenant, and a stated figure that differs is refused', () => {
    for (const tenant of loadTenants('tenants')) {
      expect(tenant.settings.minimum_message_costs).toEqual(minimumMessageCosts(tenant.settings.countries, tenant.settings.message_credits, tenant.credit_packages));
    }
    const file = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as { settings: Record<string, unknown> };
    const stale = TenantSchema.safeParse({ ...file, settings: { ...file.settings, minimum_message_costs: { NL: { costs: 25, currency: 'EUR' } } } });
    expect(stale.success).toBe(false);
    expect(stale.error?.issues[0]?.message).toMatch(/must be 60 EUR/);
    const right = TenantSchema.safeParse({ ...file, settings: { ...file.settings, minimum_message_costs: { NL: { costs: 60, currency: 'EUR' } } } });
    expect(right.success).toBe(true);
  });
});

describe('item 3: the welcome countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts to the server\'s end, not from when a slow answer arrived', () => {
    vi.setSystemTime(new Date('2026-11-27T12:00:05Z'));
    const offers = initialOffersState();
    // Made at 12:00:00 with 1 h left, arriving 5 s later.
    startTimeBonus(offers, {
      code: 'TIMEBONUS25', value_percentage: 25, isVisible: true,
      countdownTimer: { hours: '01', minutes: '00', seconds: '00' }, ends_at: '2026-11-27T13:00:00.000Z',
    });
    expect(offers.welcomeDiscountcode?.countdownTimer).toEqual({ hours: '00', minutes: '59', seconds: '55' });
    expect(offers.welcomeDiscountcode?.endsAt).toBe(Date.parse('2026-11-27T13:00:00Z'));
    vi.advanceTimersByTime(3_595_000);
    expect(offers.welcomeDiscountcode).toBeNull();
  });
});

describe('item 5: the payment methods in docs/tenants.md', () => {
  it('are the tables made from the method rules and the tenant files', () => {
    const docs = fs.readFileSync('docs/tenants.md', 'utf8');
    const section = docs.slice(docs.indexOf(METHODS_START), docs.indexOf(METHODS_END) + METHODS_END.length);
    expect(section, 'run: node --import tsx scripts/payment-methods-doc.ts').toBe(methodsSection(loadTenants('tenants')));
    expect(section).toMatch(/\| `sofort` \| SOFORT \| AT, BE, CH, DE, /);
    expect(section).toMatch(/\| `mobilepay` \| MobilePay \| DK, FI \|/);
    expect(section).toContain('`paypal` 0.35 EUR');
  });
});

describe('item 8: the profile values in docs/api.md', () => {
  it('list every value the code accepts, and only those', () => {
    const docs = fs.readFileSync('docs/api.md', 'utf8');
    const row = (field: string) => new RegExp(`^\\| \`${field}\` \\| (.*) \\|$`, 'm').exec(docs)?.[1]?.match(/`([a-z_]+)`/g)?.map((v) => v.slice(1, -1));
    expect(row('sexuality')).toEqual([...SEXUALITIES]);
    expect(row('hair_colour')).toEqual([...HAIR_COLOURS]);
    expect(row('eye_colour')).toEqual([...EYE_COLOURS]);
    expect(row('body_type')).toEqual([...BODY_TYPES]);
    expect(row('relationship_status')).toEqual([...RELATIONSHIP_STATUSES]);
    expect(row('tattoos')).toEqual(['yes', 'no']);
  });
});

describe('item 10: a username equal to the e-mail address', () => {
  it('is told so before the length rule', () => {
    const email = 'someone.with.a.long.name@example.com';
    expect(nameError(email, email)).toBe('signup.error.nameIsEmail');
    expect(nameError('Ann@x.nl', 'ann@x.nl')).toBe('signup.error.nameIsEmail');
    expect(nameError('someone.with.a.long.name', email)).toBe('signup.error.nameLength');
  });
});
