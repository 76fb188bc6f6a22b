// The 24 payment methods of docs/product.md §9: where each is offered and in which currencies, its name, and
// whether it can store a card mandate for repeat orders. A tenant file chooses among them
// (payments.methods); the payment country decides which of those a member sees.
import type { PAYMENT_METHODS } from './catalogue';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The currency of each country a tenant may serve. */
export const COUNTRY_CURRENCY: Record<string, string> = {
  NL: 'EUR', BE: 'EUR', DE: 'EUR', AT: 'EUR', FR: 'EUR', ES: 'EUR', IT: 'EUR', FI: 'EUR', IE: 'EUR', PT: 'EUR', LU: 'EUR',
  CH: 'CHF', GB: 'GBP', DK: 'DKK', SE: 'SEK', NO: 'NOK', PL: 'PLN', US: 'USD', CA: 'CAD', AU: 'AUD', NZ: 'NZD',
};

const SEPA_EURO = ['NL', 'BE', 'DE', 'AT', 'FR', 'ES', 'IT', 'FI', 'IE', 'PT', 'LU'];
const EVERYWHERE = '*';

interface MethodRule {
  /** The name shown where it is a brand; null: a translated message (payment.method.<id>). */
  brand: string | null;
  countries: string[] | typeof EVERYWHERE;
  /** Currencies the method takes; null: any. */
  currencies: string[] | null;
  /** A card: a paid first payment stores a mandate that repeat orders charge without a redirect. */
  card: boolean;
}

export const PAYMENT_METHOD_RULES: Record<PaymentMethod, MethodRule> = {
  creditcard: { brand: null, countries: EVERYWHERE, currencies: null, card: true },
  visa: { brand: 'Visa', countries: EVERYWHERE, currencies: null, card: true },
  mastercard: { brand: 'Mastercard', countries: EVERYWHERE, currencies: null, card: true },
  maestro: { brand: 'Maestro', countries: EVERYWHERE, currencies: null, card: true },
  applepay: { brand: 'Apple Pay', countries: EVERYWHERE, currencies: null, card: false },
  paypal: { brand: 'PayPal', countries: EVERYWHERE, currencies: null, card: false },
  paysafecard: { brand: 'paysafecard', countries: ['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'FI', 'FR', 'GB', 'IE', 'IT', 'NL', 'NO', 'PL', 'SE'], currencies: null, card: false },
  sdd: { brand: null, countries: SEPA_EURO, currencies: ['EUR'], card: false },
  sct: { brand: null, countries: SEPA_EURO, currencies: ['EUR'], card: false },
  ideal: { brand: 'iDEAL', countries: ['NL'], currencies: ['EUR'], card: false },
  bancontact: { brand: 'Bancontact', countries: ['BE'], currencies: ['EUR'], card: false },
  blik: { brand: 'BLIK', countries: ['PL'], currencies: ['PLN'], card: false },
  prezelewy24: { brand: 'Przelewy24', countries: ['PL'], currencies: ['PLN', 'EUR'], card: false },
  swish: { brand: 'Swish', countries: ['SE'], currencies: ['SEK'], card: false },
  vipps: { brand: 'Vipps', countries: ['NO'], currencies: ['NOK'], card: false },
  mobilepay: { brand: 'MobilePay', countries: ['DK', 'FI'], currencies: ['DKK', 'EUR'], card: false },
  dankort: { brand: 'Dankort', countries: ['DK'], currencies: ['DKK'], card: true },
  twint: { brand: 'TWINT', countries: ['CH'], currencies: ['CHF'], card: false },
  eps: { brand: 'EPS', countries: ['AT'], currencies: ['EUR'], card: false },
  giropay: { brand: 'giropay', countries: ['DE'], currencies: ['EUR'], card: false },
  sofort: { brand: 'SOFORT', countries: ['AT', 'BE', 'CH', 'DE', 'ES', 'IT', 'NL', 'PL'], currencies: ['EUR', 'CHF'], card: false },
  satispay: { brand: 'Satispay', countries: ['IT'], currencies: ['EUR'], card: false },
  nexi: { brand: 'Nexi', countries: ['IT'], currencies: ['EUR'], card: true },
  cartebancaire: { brand: 'Carte Bancaire', countries: ['FR'], currencies: ['EUR'], card: true },
};

/** Whether a method is offered to payers in `country` (in that country's currency). */
export function methodOfferedIn(method: PaymentMethod, country: string): boolean {
  const rule = PAYMENT_METHOD_RULES[method];
  const currency = COUNTRY_CURRENCY[country];
  if (!currency) return false;
  const inCountry = rule.countries === EVERYWHERE || rule.countries.includes(country);
  return inCountry && (rule.currencies === null || rule.currencies.includes(currency));
}

export function isCardMethod(method: string): boolean {
  return (PAYMENT_METHOD_RULES as Record<string, MethodRule | undefined>)[method]?.card === true;
}

/** Minor units → a number for Intl.NumberFormat (every currency here has 2 decimals). */
export function toMajor(minor: number): number {
  return minor / 100;
}

/** The outcomes the sandbox provider's checkout page offers (docs/architecture.md §9). */
export const SANDBOX_OUTCOMES = ['paid', 'pending', 'failed', 'canceled', 'expired'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];
