// Discount codes (docs/product.md §3 Discount code, §5; docs/decisions/0019): the built-in TIMEBONUS25, the
// tenant's codes (tenants/*.json discount_codes) and personal codes (the retention offer). A code is
// matched in capitals; once-per-user codes are held by offer_redemptions (one paid purchase each).
import { COUNTRY_CURRENCY } from '~/shared/payment-methods';
import { normaliseCode, TIME_BONUS_CODE, TIME_BONUS_PERCENTAGE } from '~/shared/offers';
import { now } from '../clock';
import type { Db } from '../credits/ledger';
import type { User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { timeBonusSecondsLeft } from './time-bonus';

export interface CodeDefinition {
  code: string;
  percentage: number;
  /** Minor units per currency; the bundle price must reach it. */
  minimum?: Record<string, number> | undefined;
  country?: string | undefined;
  validity: 'once-per-user' | 'unlimited';
  expires?: string | undefined;
  kind: 'time_bonus' | 'tenant' | 'personal';
}

export type CodeError = 'code_not_found' | 'code_already_used' | 'code_expired' | 'code_minimum' | 'code_country';

export const CODE_MESSAGES: Record<CodeError, string> = {
  code_not_found: 'payment.error.codeNotFound',
  code_already_used: 'offers.error.codeUsed',
  code_expired: 'offers.error.codeExpired',
  code_minimum: 'offers.error.codeMinimum',
  code_country: 'offers.error.codeCountry',
};

export type CodeCheck =
  | { ok: true; code: CodeDefinition }
  | { ok: false; error: CodeError; values?: Record<string, string> };

/** The code's definition as far as this member may see it; null: not found (for them). */
async function findCode(db: Db, tenant: Tenant, user: User | null, code: string): Promise<CodeDefinition | null> {
  if (code === TIME_BONUS_CODE) return { code, percentage: TIME_BONUS_PERCENTAGE, validity: 'once-per-user', kind: 'time_bonus' };
  const own = tenant.discount_codes.find((c) => c.code === code);
  if (own) return { ...own, kind: 'tenant' };
  if (!user) return null;
  // A personal code is only ever found by its member: to anyone else it does not exist.
  const personal = await db
    .selectFrom('personal_discount_codes')
    .select(['code', 'percentage'])
    .where('tenant_id', '=', tenant.id)
    .where('user_id', '=', user.id)
    .where('code', '=', code)
    .executeTakeFirst();
  return personal ? { code: personal.code, percentage: personal.percentage, validity: 'once-per-user', kind: 'personal' } : null;
}

/** Has the member used this once-per-user offer in a paid purchase? */
export async function offerRedeemed(db: Db, tenant: Tenant, user: Pick<User, 'id'>, offer: string): Promise<boolean> {
  const row = await db
    .selectFrom('offer_redemptions')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('user_id', '=', user.id)
    .where('offer', '=', offer)
    .executeTakeFirst();
  return row !== undefined;
}

const money = (locale: string, minor: number, currency: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);

/**
 * Looks a code up for a member (or a visitor, who can only learn that a public code exists): not
 * found, already used, expired — and, given an order, its payment country and minimum.
 */
export async function checkCode(
  db: Db,
  tenant: Tenant,
  user: User | null,
  input: { code: string; locale: string; order?: { country: string; price: number } },
): Promise<CodeCheck> {
  const code = normaliseCode(input.code);
  const found = await findCode(db, tenant, user, code);
  if (!found) return { ok: false, error: 'code_not_found' };
  if (user && found.validity === 'once-per-user' && (await offerRedeemed(db, tenant, user, found.code))) {
    return { ok: false, error: 'code_already_used' };
  }
  const at = now();
  if (found.expires && new Date(found.expires).getTime() <= at.getTime()) return { ok: false, error: 'code_expired' };
  // The time bonus is over once the member paid or 4 hours passed (docs/product.md §4).
  if (found.kind === 'time_bonus' && user && timeBonusSecondsLeft(user, at) <= 0) return { ok: false, error: 'code_expired' };
  if (input.order) {
    const { country, price } = input.order;
    if (found.country && found.country !== country) {
      const name = new Intl.DisplayNames([input.locale], { type: 'region' }).of(found.country) ?? found.country;
      return { ok: false, error: 'code_country', values: { country: name } };
    }
    const currency = COUNTRY_CURRENCY[country]!;
    const minimum = found.minimum?.[currency];
    if (minimum !== undefined && price < minimum) {
      return { ok: false, error: 'code_minimum', values: { amount: money(input.locale, minimum, currency) } };
    }
  }
  return { ok: true, code: found };
}

/** The answer of GET /api/discountcode.php?code= (docs/product.md §3 Discount code), the minimum in the payment country's currency. */
export function discountCodeView(code: CodeDefinition, country: string) {
  const currency = COUNTRY_CURRENCY[country]!;
  const minimum = code.minimum?.[currency];
  return {
    code: code.code,
    percentage: code.percentage,
    ...(minimum !== undefined ? { minimum, currency } : {}),
    ...(code.country ? { country: code.country } : {}),
  };
}
export type DiscountCodeView = ReturnType<typeof discountCodeView>;
