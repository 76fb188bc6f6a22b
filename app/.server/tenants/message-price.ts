// The price of one message per country (docs/product.md §3 minimum_message_costs, decision 0017): one credit
// of the biggest bundle times message_credits, in the country's currency, rounded to a minor unit.
// It is worked out from the bundles, never typed in, so /pricing and the composer cannot drift from
// the prices (issue 34 item 1, decision 0047).
import { COUNTRY_CURRENCY } from '~/shared/payment-methods';

export interface MessageCost {
  /** Minor units (60 = €0.60). */
  costs: number;
  currency: string;
}

interface Bundle {
  credits: number;
  prices: Record<string, number>;
}

/** Per country of the site: the lowest price of a message; a country without a priced bundle has none. */
export function minimumMessageCosts(countries: readonly string[], messageCredits: number, bundles: readonly Bundle[]): Record<string, MessageCost> {
  const costs: Record<string, MessageCost> = {};
  for (const country of countries) {
    const currency = COUNTRY_CURRENCY[country];
    if (!currency) continue;
    const priced = bundles.filter((bundle) => bundle.prices[currency] !== undefined);
    // The biggest bundle; of two as big, the one whose credit is cheaper.
    const biggest = priced.reduce<Bundle | null>((best, bundle) => {
      if (!best || bundle.credits > best.credits) return bundle;
      return bundle.credits === best.credits && bundle.prices[currency]! < best.prices[currency]! ? bundle : best;
    }, null);
    if (biggest) costs[country] = { costs: Math.round((biggest.prices[currency]! * messageCredits) / biggest.credits), currency };
  }
  return costs;
}
