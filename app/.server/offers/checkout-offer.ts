// What the checkout page shows of the offers (docs/decisions/0019): the bundle or the trial, and the
// largest discount of the code in its URL (?code=), the code the member applied earlier (the
// rdv_discountcode cookie) and their running time bonus, of those that apply to this bundle
// (decision 0047: the server prices it, so the first answer shows what will be charged). An empty
// ?code= removes the kept code. A refused ?code= leaves its translated text and changes nothing else.
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
  const asked = input.code === null ? null : input.code.trim() || null;
  // The member gets the best single discount they are entitled to (issue 48 item 2): the code asked
  // for, the code kept from earlier (not after an empty ?code=, which removes it) and the running time
  // bonus each price the order, and the largest discount wins (the asked code on a tie). A refused
  // code changes nothing but its text: the order keeps the best of the others.
  const kept = input.code === null || asked ? (input.kept ? normaliseCode(input.kept) : null) : null;
  const candidates = trial ? [] : [...new Set([asked ? normaliseCode(asked) : null, kept, timeBonusSecondsLeft(user) > 0 ? TIME_BONUS_CODE : null].filter((code) => code !== null))];
  let best: Extract<PricedOrder, { ok: true }> | null = null;
  let codeError: string | null = null;
  for (const candidate of candidates) {
    const order = await priceOrder(db, tenant, user, { ...base, discountcode: candidate });
    if (order.ok) {
      if (!best || order.quote.discount > best.quote.discount) best = order;
    } else if (asked && candidate === normaliseCode(asked) && order.error !== 'unknown_package' && order.error !== 'unknown_method' && order.error !== 'trial_not_available') {
      const id = order.error in CODE_MESSAGES ? CODE_MESSAGES[order.error as keyof typeof CODE_MESSAGES] : OFFER_MESSAGES[order.error as keyof typeof OFFER_MESSAGES];
      codeError = serverMessage(input.locale, id, order.values);
    }
  }
  const order = best ?? (await priceOrder(db, tenant, user, base));
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
