// The trial package (docs/product.md §1; docs/decisions/0019): a small bundle from the tenant file at a low
// price, for members who never paid, once. Its payment records what the credits are worth at the
// tenant's best regular rate as the price and the difference as the discount, so the transaction,
// refunds and the redemption rule read it like any discounted purchase.
import { COUNTRY_CURRENCY } from '~/shared/payment-methods';
import { creditOffer } from '../credits/offer';
import type { Tenant } from '../tenants/schema';

/** The redemption key of the trial package (codes cannot start with '#'). */
export const TRIAL_OFFER = '#trial';

type Trial = NonNullable<Tenant['trial_package']>;

/** The trial's credits and price in the payment country's currency, and what the credits are worth. */
export function trialPrice(tenant: Tenant, trial: Trial, country: string) {
  const currency = COUNTRY_CURRENCY[country]!;
  const pays = trial.prices[currency]!;
  const rates = creditOffer(tenant, country).packages.map((p) => p.price / p.credits);
  const worth = rates.length > 0 ? Math.round(trial.credits * Math.min(...rates)) : pays;
  const price = Math.max(worth, pays);
  return { credits: trial.credits, price, discount: price - pays, pays, currency };
}

export interface TrialOfferView {
  id: string;
  credits: number;
  /** What the member pays, minor units. */
  price: number;
  /** What the credits cost at the best regular rate. */
  worth: number;
  currency: string;
}

/** The trial the member may buy in this country, or null (no trial, or the member has paid before). */
export function trialOffer(tenant: Tenant, user: { paid_user: boolean } | null, country: string): TrialOfferView | null {
  const trial = tenant.trial_package;
  if (!trial || !user || user.paid_user) return null;
  const { credits, pays, price, currency } = trialPrice(tenant, trial, country);
  return { id: trial.id, credits, price: pays, worth: price, currency };
}
