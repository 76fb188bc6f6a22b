// What a member can buy (docs/product.md §2 credits, §3 paymentCountry, §9 payment methods and fees): the
// payment country decides the currency, the bundle prices and the methods; a method's fee is added
// to the total. Pure functions of the tenant file.
import { COUNTRY_CURRENCY, methodOfferedIn, type PaymentMethod } from '~/shared/payment-methods';
import type { Tenant } from '../tenants/schema';

export interface OfferedPackage {
  id: string;
  credits: number;
  /** Minor units of `currency`. */
  price: number;
  currency: string;
  /** Minor units per credit, rounded to a hundredth of a minor unit. */
  price_per_credit: number;
  /** The lowest price per credit of the offer. */
  best_value: boolean;
}

export interface OfferedMethod {
  id: PaymentMethod;
  /** Minor units added to the total; 0: no fee. */
  fee: number;
  currency: string;
}

export interface CreditOffer {
  country: string;
  currency: string;
  countries: string[];
  packages: OfferedPackage[];
  methods: OfferedMethod[];
}

/**
 * The payment country: the one asked for when the tenant serves it, else the visitor's country when
 * the tenant serves it, else the member's profile country, else the tenant's first country.
 */
export function paymentCountry(tenant: Tenant, ...candidates: (string | null | undefined)[]): string {
  const countries = tenant.settings.countries;
  for (const candidate of candidates) {
    const upper = candidate?.toUpperCase();
    if (upper && countries.includes(upper)) return upper;
  }
  return countries[0]!;
}

export function creditOffer(tenant: Tenant, country: string): CreditOffer {
  const currency = COUNTRY_CURRENCY[country]!;
  const packages = tenant.credit_packages.map((bundle) => {
    const price = bundle.prices[currency]!;
    return { id: bundle.id, credits: bundle.credits, price, currency, price_per_credit: Math.round((price / bundle.credits) * 100) / 100, best_value: false };
  });
  const cheapest = Math.min(...packages.map((p) => p.price / p.credits));
  for (const bundle of packages) bundle.best_value = packages.length > 1 && bundle.price / bundle.credits === cheapest;
  const methods = tenant.payments.methods
    .filter((method) => methodOfferedIn(method, country))
    .map((method) => ({ id: method, fee: tenant.payments.fees[method]?.[currency] ?? 0, currency }));
  return { country, currency, countries: tenant.settings.countries, packages, methods };
}

export interface Quote {
  package: OfferedPackage;
  method: OfferedMethod;
  price: number;
  discount: number;
  fee: number;
  amount: number;
  currency: string;
  country: string;
}

/** The total of one bundle with one method in one country; null when the tenant offers no such thing. */
export function quote(tenant: Tenant, country: string, packageId: string, method: string): Quote | null {
  const offer = creditOffer(tenant, country);
  const bundle = offer.packages.find((p) => p.id === packageId);
  const chosen = offer.methods.find((m) => m.id === method);
  if (!bundle || !chosen) return null;
  return { package: bundle, method: chosen, price: bundle.price, discount: 0, fee: chosen.fee, amount: bundle.price + chosen.fee, currency: offer.currency, country };
}
