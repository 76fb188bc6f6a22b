// What the checkout page shows of the offers (docs/decisions/0019): the bundle or the trial, and the
// discount of the code in its URL (?code=), or — without ?code= — of the code the member applied
// earlier (the rdv_discountcode cookie) where it applies to this bundle, else of their running time
// bonus (decision 0047: the server prices it, so the first answer shows what will be charged). An
// empty ?code= means no code. A refused ?code= leaves its translated text and no discount.
import type { Locale } from '~/shared/locales';
import { normaliseCode, TIME_BONUS_CODE } from '~/shared/offers';
import type { User } from '../db/schema';
import type { Db } from '../credits/ledger';
import { serverMessage } from '../i18n/messages';
import type { Tenant } from '../tenants/schema';
import { CODE_MESSAGES } from './discount-codes';
import { OFFER_MESSAGES } from './offer-errors';
import { priceOrder, type PricedOrder } from './order-price';
import { timeBonusSecondsLeft } from './time-bonus';

export interface CheckoutOffer {
  bundle: { id: string; credits: number; price: number; currency: string };
  trial: boolean;
  /** Minor units off the bundle price (for the trial: what its credits are worth above its price). */
  discount: number;
  code: { code: string; percentage: number } | null;
  /** What the code field shows. */
  codeInput: string;
  codeError: string | null;
}

export async function checkoutOffer(
  db: Db,
  tenant: Tenant,
  user: User,
  input: { package: string; method: string; country: string; code: string | null; kept?: string | null; locale: Locale },
): Promise<CheckoutOffer | null> {
  const trial = tenant.trial_package?.id === input.package;
  const base = { package: input.package, method: input.method, country: input.country, locale: input.locale };
  if (input.code === null && !trial) {
    // No ?code=: the first of the kept code and the time bonus that applies, silently; else none.
    const candidates = [input.kept ? normaliseCode(input.kept) : null, timeBonusSecondsLeft(user) > 0 ? TIME_BONUS_CODE : null];
    for (const candidate of candidates) {
      if (!candidate) continue;
      const order = await priceOrder(db, tenant, user, { ...base, discountcode: candidate });
      if (order.ok) return offerOf(order, trial, candidate, null);
    }
  }
  const asked = input.code === null ? null : input.code.trim() || null;
  let codeError: string | null = null;
  let order = await priceOrder(db, tenant, user, { ...base, discountcode: trial ? undefined : (asked ?? undefined) });
  if (!order.ok && asked && order.error !== 'unknown_package' && order.error !== 'unknown_method' && order.error !== 'trial_not_available') {
    const id = order.error in CODE_MESSAGES ? CODE_MESSAGES[order.error as keyof typeof CODE_MESSAGES] : OFFER_MESSAGES[order.error as keyof typeof OFFER_MESSAGES];
    codeError = serverMessage(input.locale, id, order.values);
    order = await priceOrder(db, tenant, user, base);
  }
  if (!order.ok) return null;
  return offerOf(order, trial, asked ?? '', codeError);
}

function offerOf(order: Extract<PricedOrder, { ok: true }>, trial: boolean, codeInput: string, codeError: string | null): CheckoutOffer {
  const { quote } = order;
  return {
    bundle: { id: quote.package.id, credits: quote.package.credits, price: quote.price, currency: quote.currency },
    trial,
    discount: quote.discount,
    code: order.code && order.percentage !== null ? { code: order.code, percentage: order.percentage } : null,
    codeInput,
    codeError,
  };
}
