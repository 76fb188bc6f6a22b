// What a member can buy (offer.ts), the tenant file rules for bundles, methods and fees, and the
// refund arithmetic (docs/decisions/0013).
import { describe, expect, it } from 'vitest';
import { creditOffer, paymentCountry, quote } from '~/.server/credits/offer';
import { refundAmount } from '~/.server/payments/refunds';
import { loadTenants } from '~/.server/tenants/registry';
import { TenantSchema } from '~/.server/tenants/schema';
import { methodOfferedIn, PAYMENT_METHOD_RULES } from '~/shared/payment-methods';
import { PAYMENT_METHODS } from '~/shared/catalogue';

const tenants = loadTenants('tenants');
const byId = (id: string) => tenants.find((t) => t.id === id)!;

describe('the credit offer', () => {
  it('gives every demo tenant at least 4 bundles priced in the currency of each of its countries', () => {
    for (const tenant of tenants) {
      for (const country of tenant.settings.countries) {
        const offer = creditOffer(tenant, country);
        expect(offer.packages.length, `${tenant.id} ${country}`).toBeGreaterThanOrEqual(4);
        expect(offer.packages.every((p) => Number.isInteger(p.price) && p.price > 0 && p.currency === offer.currency)).toBe(true);
        expect(offer.methods.length, `${tenant.id} ${country}`).toBeGreaterThan(0);
        expect(offer.packages.filter((p) => p.best_value)).toHaveLength(1);
      }
    }
  });

  it('offers each method only where it works: iDEAL in NL, Bancontact in BE, BLIK in PL, Swish in SE, TWINT in CH', () => {
    expect(creditOffer(byId('flirtlokaal'), 'NL').methods.map((m) => m.id)).toEqual(['ideal', 'creditcard', 'applepay', 'paypal', 'sdd']);
    expect(creditOffer(byId('flirtlokaal'), 'BE').methods.map((m) => m.id)).toEqual(['bancontact', 'creditcard', 'applepay', 'paypal', 'sdd']);
    expect(creditOffer(byId('bellacurva'), 'PL').methods.map((m) => m.id)).toEqual(['creditcard', 'paypal', 'blik', 'prezelewy24']);
    expect(creditOffer(byId('solvhjerter'), 'SE')).toMatchObject({ currency: 'SEK', methods: [{ id: 'swish' }, { id: 'creditcard' }, { id: 'paypal' }] });
    expect(creditOffer(byId('herzklopfen'), 'CH').methods.map((m) => m.id)).toContain('twint');
    expect(creditOffer(byId('herzklopfen'), 'CH').methods.map((m) => m.id)).not.toContain('sdd');
    expect(Object.keys(PAYMENT_METHOD_RULES).sort()).toEqual([...PAYMENT_METHODS].sort());
    expect(methodOfferedIn('eps', 'AT')).toBe(true);
    expect(methodOfferedIn('eps', 'DE')).toBe(false);
  });

  it('adds the method fee to the total', () => {
    expect(quote(byId('flirtlokaal'), 'NL', 'starter', 'paypal')).toMatchObject({ price: 1995, fee: 35, amount: 2030, currency: 'EUR' });
    expect(quote(byId('flirtlokaal'), 'NL', 'starter', 'ideal')).toMatchObject({ fee: 0, amount: 1995 });
    expect(quote(byId('flirtlokaal'), 'NL', 'starter', 'bancontact')).toBeNull();
    expect(quote(byId('flirtlokaal'), 'NL', 'gold', 'ideal')).toBeNull();
  });

  it('takes the payment country asked for, else the visitor\'s, else the first of the tenant', () => {
    const tenant = byId('bellacurva');
    expect(paymentCountry(tenant, 'pl', 'IT')).toBe('PL');
    expect(paymentCountry(tenant, 'US', 'IT')).toBe('IT');
    expect(paymentCountry(tenant, null, undefined, 'DE')).toBe('ES');
  });
});

describe('tenant file rules for payments', () => {
  const file = () => structuredClone(tenants.find((t) => t.id === 'flirtlokaal')!) as Record<string, unknown> & { credit_packages: { prices: Record<string, number> }[]; payments: Record<string, unknown>; settings: { countries: string[] } };

  it('needs a price in every currency of the tenant\'s countries', () => {
    const tenant = file();
    tenant.settings.countries = ['NL', 'CH'];
    const issues = TenantSchema.safeParse(tenant).error?.issues.map((i) => i.message) ?? [];
    expect(issues).toContain('lacks a price in CHF');
  });

  it('needs the NAME of the Mollie key variable for the mollie provider', () => {
    const tenant = file();
    tenant.payments = { ...tenant.payments, provider: 'mollie' };
    expect(TenantSchema.safeParse(tenant).error?.issues.map((i) => i.path.join('.'))).toContain('payments.mollie_api_key_env');
    tenant.payments = { ...tenant.payments, mollie_api_key_env: 'live_abc123' };
    expect(TenantSchema.safeParse(tenant).success).toBe(false);
    tenant.payments = { ...tenant.payments, mollie_api_key_env: 'FLIRTLOKAAL_MOLLIE_KEY' };
    expect(TenantSchema.safeParse(tenant).success).toBe(true);
  });

  it('needs at least one method for every country', () => {
    const tenant = file();
    tenant.payments = { ...tenant.payments, methods: ['ideal'] };
    expect(TenantSchema.safeParse(tenant).error?.issues.map((i) => i.message)).toEqual(['offers no method a payer in BE can use']);
  });
});

describe('refund amounts', () => {
  const payment = { credits: 50, price: 4495, discount: 0, amount: 4530 };
  it('refunds pro rata of the price, rounded down, and a whole bundle with its fee', () => {
    expect(refundAmount(payment, 40)).toBe(3596);
    expect(refundAmount(payment, 1)).toBe(89);
    expect(refundAmount(payment, 50)).toBe(4530);
    expect(refundAmount({ ...payment, discount: 1000, amount: 3530 }, 25)).toBe(1747);
  });
});
