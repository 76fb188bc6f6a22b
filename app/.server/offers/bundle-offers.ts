// The prices /credits shows (decision 0047): for each bundle, the price the checkout will charge —
// with the page's ?code=, else the code the member applied (its cookie) where it applies to the
// bundle, else the running time bonus — worked out by the checkout's own rule (checkoutOffer), so
// the first answer already shows it and the checkout cannot show another price.
import { CODE_PATTERN, DISCOUNT_CODE_COOKIE, normaliseCode, TIME_BONUS_CODE } from '~/shared/offers';
import { COUNTRY_CURRENCY } from '~/shared/payment-methods';
import type { Db } from '../credits/ledger';
import type { CreditOffer } from '../credits/offer';
import type { User } from '../db/schema';
import { readCookie } from '../i18n/negotiate';
import type { Tenant } from '../tenants/schema';
import { checkoutOffer } from './checkout-offer';
import { timeBonusSecondsLeft } from './time-bonus';

/** The code the member applied earlier, as their browser keeps it; null when there is none or it cannot be one. */
export function keptCode(request: Request): string | null {
  const value = readCookie(request.headers.get('Cookie'), DISCOUNT_CODE_COOKIE);
  return value && CODE_PATTERN.test(value.trim()) ? normaliseCode(value) : null;
}

export interface ShownCode {
  code: string;
  percentage: number;
  /** The code's minimum bundle price in the page's currency, if it has one. */
  minimum: number | null;
  /** For the time bonus: whole seconds left when the page was made (the countdown starts there). */
  secondsLeft: number | null;
}

export interface BundleOffers {
  /** Per bundle id: the price after the discount, and the code it comes from (null: full price). */
  prices: Record<string, { discounted: number | null; code: string | null }>;
  /** The codes in use on the page, the applied code first. */
  codes: ShownCode[];
}

export async function bundleOffers(
  db: Db,
  tenant: Tenant,
  user: User,
  input: { offer: CreditOffer; code: string | null; kept: string | null; locale: Parameters<typeof checkoutOffer>[3]['locale'] },
): Promise<BundleOffers> {
  const { offer } = input;
  const method = offer.methods[0]?.id;
  const prices: BundleOffers['prices'] = {};
  const used = new Map<string, number>();
  for (const bundle of offer.packages) {
    const priced = method ? await checkoutOffer(db, tenant, user, { package: bundle.id, method, country: offer.country, code: input.code, kept: input.kept, locale: input.locale }) : null;
    const code = priced?.code && priced.discount > 0 ? priced.code : null;
    prices[bundle.id] = { discounted: code ? bundle.price - priced!.discount : null, code: code?.code ?? null };
    if (code) used.set(code.code, code.percentage);
  }
  const currency = COUNTRY_CURRENCY[offer.country];
  const codes = [...used].map(([code, percentage]) => ({
    code,
    percentage,
    minimum: (currency ? tenant.discount_codes.find((c) => c.code === code)?.minimum?.[currency] : undefined) ?? null,
    secondsLeft: code === TIME_BONUS_CODE ? timeBonusSecondsLeft(user) : null,
  }));
  codes.sort((a, b) => Number(a.code === TIME_BONUS_CODE) - Number(b.code === TIME_BONUS_CODE));
  return { prices, codes };
}
