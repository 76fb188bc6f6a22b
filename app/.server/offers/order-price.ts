// The price of an order with its offers (docs/decisions/0019): a bundle, or the trial package, with
// one payment method in one payment country, less a discount code's percentage. One code per order;
// codes never apply to the trial, which is already its own offer. The fee is never discounted.
import { discountOf } from '~/shared/offers';
import type { Db } from '../credits/ledger';
import { creditOffer, quote, type Quote } from '../credits/offer';
import type { User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { checkCode, type CodeError } from './discount-codes';
import { trialPrice, TRIAL_OFFER } from './trial';

export type OrderError = 'unknown_package' | 'unknown_method' | CodeError | 'code_not_applicable' | 'trial_not_available';

export type PricedOrder =
  | {
      ok: true;
      quote: Quote;
      /** The code the discount came from, as recorded on the payment. */
      code: string | null;
      /** The code's percentage off the bundle price. */
      percentage: number | null;
      /** The once-per-member offer the purchase redeems when paid ('#trial' or a once-per-user code). */
      offer: string | null;
    }
  | { ok: false; error: OrderError; values?: Record<string, string> };

export async function priceOrder(
  db: Db,
  tenant: Tenant,
  user: User,
  input: { package: string; method: string; country: string; discountcode?: string | undefined; locale: string },
): Promise<PricedOrder> {
  const trial = tenant.trial_package;
  if (trial && input.package === trial.id) {
    const method = creditOffer(tenant, input.country).methods.find((m) => m.id === input.method);
    if (!method) return { ok: false, error: 'unknown_method' };
    // Only a member who never paid, once (docs/product.md §1 trial package; the redemption holds "once").
    if (user.paid_user) return { ok: false, error: 'trial_not_available' };
    if (input.discountcode) return { ok: false, error: 'code_not_applicable' };
    const { price, discount, credits, currency } = trialPrice(tenant, trial, input.country);
    const bundle = { id: trial.id, credits, price, currency, price_per_credit: Math.round((price / credits) * 100) / 100, best_value: false };
    return {
      ok: true,
      quote: { package: bundle, method, price, discount, fee: method.fee, amount: price - discount + method.fee, currency, country: input.country },
      code: null,
      percentage: null,
      offer: TRIAL_OFFER,
    };
  }
  const priced = quote(tenant, input.country, input.package, input.method);
  if (!priced) return { ok: false, error: tenant.credit_packages.some((p) => p.id === input.package) ? 'unknown_method' : 'unknown_package' };
  if (!input.discountcode) return { ok: true, quote: priced, code: null, percentage: null, offer: null };
  const checked = await checkCode(db, tenant, user, { code: input.discountcode, locale: input.locale, order: { country: input.country, price: priced.price } });
  if (!checked.ok) return checked;
  const discount = discountOf(priced.price, checked.code.percentage);
  return {
    ok: true,
    quote: { ...priced, discount, amount: priced.price - discount + priced.fee },
    code: checked.code.code,
    percentage: checked.code.percentage,
    offer: checked.code.validity === 'once-per-user' ? checked.code.code : null,
  };
}
