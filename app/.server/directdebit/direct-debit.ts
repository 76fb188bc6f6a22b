// SEPA direct debit with an SMS code (docs/product.md §2 directdebit, §3, §5; docs/architecture.md §9; issue 17;
// docs/decisions/0020-direct-debit.md). Two steps with the same details:
//   1. without `otp`: the details are checked, the pair must not be blocked and the limit must
//      leave room; a 6-digit code is stored and an SMS written to the outbox in one transaction.
//   2. with `otp`: one try of the code; when right, in one transaction the limit is counted, the
//      mandate signed (or amended) and the payment created; then the provider registers the mandate
//      and debits it (pending until the bank collects, then paid; docs/api.md).
// Repeat orders debit the stored mandate again (no new code), under the same block and limit.
import crypto from 'node:crypto';
import { isLocale } from '~/shared/locales';
import { now } from '../clock';
import { inTransaction, type Db } from '../credits/ledger';
import { quote } from '../credits/offer';
import type { Payment, User } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import { recordIntent, sendIntent } from '../payments/intents';
import { description, idempotencyKey, nextOrderNumber, webhookUrl, type CheckoutContext, type PaymentResult } from '../payments/payments';
import { ProviderError } from '../payments/provider';
import type { Tenant } from '../tenants/schema';
import { CODE_MESSAGES, type CodeError } from '../offers/discount-codes';
import { OFFER_MESSAGES, OFFER_STATUS } from '../offers/offer-errors';
import { priceOrder } from '../offers/order-price';
import { ibanHash, maskPhone, pairHash, readDetails, type DetailsField, type DirectDebitDetails } from './account-details';
import { isPairBlocked } from './blocks';
import { issueCode, newCode, tryCode } from './codes';
import { limitLeft, limitPeriod, releaseLimit, reserveLimit } from './limits';
import { signMandate, validMandate } from './mandate';
import { enqueueSms } from './sms';
import { logger } from '../observability/logger';

export interface DirectDebitContext extends CheckoutContext {
  /** False in a real production start without SMS_URL: no code could reach the member. */
  smsAvailable: boolean;
  /** Wakes the SMS worker after a code was written to the outbox. */
  pokeSms?: () => void;
}

export interface DirectDebitRequest extends DirectDebitDetails {
  package: string;
  country: string;
  /** The code the checkout applied (a discount code or TIMEBONUS25); the trial takes none. */
  discountcode?: string | undefined;
  otp?: string | undefined;
}

export type DirectDebitError =
  | 'validation'
  | 'unknown_country'
  | 'unknown_package'
  | 'unknown_method'
  | 'sms_unavailable'
  | 'blocked'
  | 'limit'
  | 'too_many_codes'
  | 'otp_invalid'
  | 'otp_expired'
  | 'provider_unavailable'
  | CodeError
  | keyof typeof OFFER_MESSAGES;

export type DirectDebitResult =
  | { ok: true; step: 'otp'; phone: string; expiresAt: Date }
  | { ok: true; step: 'payment'; payment: Payment }
  | { ok: false; error: DirectDebitError; fields?: Partial<Record<DetailsField, string>>; values?: Record<string, string> };

export const DIRECT_DEBIT_MESSAGES: Record<DirectDebitError, string> = {
  validation: 'signup.error.check',
  unknown_country: 'payment.error.unknownCountry',
  unknown_package: 'payment.error.unknownPackage',
  unknown_method: 'payment.error.unknownMethod',
  sms_unavailable: 'directdebit.error.unavailable',
  blocked: 'directdebit.error.blocked',
  limit: 'directdebit.error.limit',
  too_many_codes: 'directdebit.error.tooManyCodes',
  otp_invalid: 'directdebit.error.otpInvalid',
  otp_expired: 'directdebit.error.otpExpired',
  provider_unavailable: 'payment.error.providerUnavailable',
  ...CODE_MESSAGES,
  ...OFFER_MESSAGES,
};

export const DIRECT_DEBIT_STATUS: Record<DirectDebitError, number> = {
  validation: 400,
  unknown_country: 400,
  unknown_package: 400,
  unknown_method: 400,
  sms_unavailable: 409,
  blocked: 403,
  limit: 403,
  too_many_codes: 429,
  otp_invalid: 400,
  otp_expired: 400,
  provider_unavailable: 502,
  ...OFFER_STATUS,
};

/** The code answers exactly this request: another bundle, country or any changed detail needs a new code. */
function requestHashOf(tenant: Tenant, userId: number, input: DirectDebitRequest, details: DirectDebitDetails): string {
  const fields = [tenant.id, userId, input.package, input.country, input.discountcode ?? '', details.account_holder, details.iban, details.street, details.house_number, details.zip, details.city, details.phone];
  return crypto.createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

class LimitReached extends Error {}

export async function payByDirectDebit(ctx: DirectDebitContext, user: User, input: DirectDebitRequest): Promise<DirectDebitResult> {
  const { db, tenant } = ctx;
  if (!tenant.settings.countries.includes(input.country)) return { ok: false, error: 'unknown_country' };
  // The same offers as every other method (issue 26 item 2): the trial, a code, TIMEBONUS25.
  const order = await priceOrder(db, tenant, user, { package: input.package, method: 'sdd', country: input.country, discountcode: input.discountcode || undefined, locale: ctx.locale });
  if (!order.ok) return order;
  const price = order.quote;
  if (!ctx.smsAvailable) return { ok: false, error: 'sms_unavailable' };
  const read = readDetails(input, input.country);
  if (!read.ok) return { ok: false, error: 'validation', fields: read.fields };
  const { details } = read;
  if (await isPairBlocked(db, details.iban, details.phone)) return { ok: false, error: 'blocked' };
  if ((await limitLeft(db, tenant, ibanHash(details.iban), user.id)) < price.amount) return { ok: false, error: 'limit' };
  const requestHash = requestHashOf(tenant, user.id, input, details);

  if (!input.otp) {
    const code = newCode();
    const issued = await inTransaction(db, async (trx) => {
      // One code at a time per member: the member's row lock orders concurrent requests.
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forNoKeyUpdate().execute();
      const stored = await issueCode(trx, tenant, user.id, requestHash, code);
      if (stored) {
        const text = serverMessage(isLocale(ctx.locale) ? ctx.locale : 'en', 'sms.directDebitCode', { site: tenant.settings.name, code });
        await enqueueSms(trx, tenant, { kind: 'directdebit-code', priority: 'transactional', to: details.phone, text });
      }
      return stored;
    });
    if (!issued) return { ok: false, error: 'too_many_codes' };
    ctx.pokeSms?.();
    return { ok: true, step: 'otp', phone: maskPhone(details.phone), expiresAt: issued.expiresAt };
  }

  const period = limitPeriod();
  let created: { payment: Payment; mandate: Awaited<ReturnType<typeof signMandate>> } | DirectDebitError;
  try {
    created = await inTransaction(db, async (trx) => {
      const check = await tryCode(trx, tenant, user.id, requestHash, input.otp!);
      if (check === 'none') return 'otp_expired';
      if (check === 'wrong') return 'otp_invalid';
      // Past the limit the whole transaction rolls back, the used try included: nothing happened.
      if (!(await reserveLimit(trx, tenant, ibanHash(details.iban), user.id, price.amount, period))) throw new LimitReached();
      const mandate = await signMandate(trx, tenant, user.id, details);
      const row = await insertDebit(trx, ctx, user, {
        package: price.package.id, credits: price.package.credits, price: price.price, discount: price.discount, fee: price.fee, amount: price.amount, currency: price.currency,
        country: input.country, discountCode: order.code, offer: order.offer, sequenceType: 'first', repeatOf: null,
      });
      await trx
        .insertInto('direct_debit_payments')
        .values({ payment_id: row.id, tenant_id: tenant.id, user_id: user.id, mandate_id: mandate.id, pair_hash: pairHash(details.iban, details.phone), iban_hash: mandate.iban_hash, period, created_at: now() })
        .execute();
      // The intent (docs/decisions/0022): the debit exactly as it will be sent, with its key, before it is sent.
      const sameProvider = mandate.provider === ctx.provider.name;
      const payment = await recordIntent(trx, row, {
        call: 'createDirectDebit',
        input: {
          amount: row.amount,
          currency: row.currency,
          description: description(tenant, row.credits, row.order_number, row.locale),
          webhookUrl: webhookUrl(ctx.origin),
          metadata: { payment_id: row.id, order_number: row.order_number },
          idempotencyKey: idempotencyKey('payment', row),
          customer: { id: sameProvider ? mandate.provider_customer_id : null, name: mandate.account_holder, email: user.email },
          mandate: { id: sameProvider ? mandate.provider_mandate_id : null, reference: mandate.reference, consumerName: mandate.account_holder, iban: mandate.iban, signedAt: new Date(mandate.signed_at).toISOString() },
        },
      });
      return { payment, mandate };
    });
  } catch (error) {
    if (error instanceof LimitReached) return { ok: false, error: 'limit' };
    throw error;
  }
  if (typeof created === 'string') return { ok: false, error: created };

  const { payment, mandate } = created;
  return debit(ctx, user, payment, period, mandate.iban_hash).then((result) =>
    result.ok ? { ok: true as const, step: 'payment' as const, payment: result.payment } : { ok: false as const, error: 'provider_unavailable' as const },
  );
}

/** Inserts our payment row of a direct debit (status open until the provider answers). */
async function insertDebit(
  trx: Db,
  ctx: CheckoutContext,
  user: User,
  order: {
    package: string; credits: number; price: number; discount?: number; fee: number; amount: number; currency: string; country: string;
    /** The code and once-per-member offer the purchase redeems when paid (offers/redemption.ts). */
    discountCode?: string | null; offer?: string | null; sequenceType: 'first' | 'recurring'; repeatOf: number | null;
  },
) {
  const at = now();
  return trx
    .insertInto('payments')
    .values({
      tenant_id: ctx.tenant.id, user_id: user.id, order_number: await nextOrderNumber(trx), provider: ctx.provider.name, provider_id: null,
      package_id: order.package, credits: order.credits, price: order.price, discount: order.discount ?? 0, fee: order.fee, amount: order.amount,
      currency: order.currency, country: order.country, method: 'sdd', discount_code: order.discountCode ?? null, offer: order.offer ?? null, locale: ctx.locale, sequence_type: order.sequenceType,
      customer_id: null, mandate_id: null, checkout_url: null, repeat_of: order.repeatOf, paid_at: null, fulfilled_at: null,
      created_at: at, updated_at: at, checked_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sends the stored debit (payments/intents.ts stores the provider's ids on the payment and the
 * mandate and applies its status). A refusal fails the payment and gives the limit back: nothing
 * was collected. No answer at all leaves the intent open: the same key, sent again by the
 * reconciliation, finds out whether the debit was made.
 */
async function debit(ctx: CheckoutContext, user: User, payment: Payment, period: string, hashOfIban: string): Promise<PaymentResult> {
  const { db, tenant, provider } = ctx;
  try {
    return { ok: true, payment: (await sendIntent(db, provider, payment, ctx.events)).payment };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger.error(`direct debit ${payment.id}: ${error.message}`);
    if (error.outcomeUnknown) return { ok: true, payment };
    await db.updateTable('payments').set({ status: 'failed', next_check_at: null, updated_at: now() }).where('id', '=', payment.id).execute();
    await releaseLimit(db, tenant, hashOfIban, user.id, payment.amount, period);
    return { ok: false, error: 'provider_unavailable' };
  }
}

/** Repeat order of a direct debit: the stored mandate is debited again, under the same block and limit. */
export async function repeatDirectDebit(ctx: CheckoutContext, user: User, last: Payment): Promise<PaymentResult & { charged?: boolean }> {
  const { db, tenant, provider } = ctx;
  const mandate = await validMandate(db, tenant, user.id);
  if (!mandate?.provider_mandate_id || !mandate.provider_customer_id || mandate.provider !== provider.name) return { ok: false, error: 'direct_debit_form' };
  if (await isPairBlocked(db, mandate.iban, mandate.phone)) return { ok: false, error: 'direct_debit_blocked' };
  const price = quote(tenant, last.country, last.package_id, 'sdd');
  if (!price) return { ok: false, error: 'unknown_package' };
  const period = limitPeriod();
  let payment: Payment;
  try {
    payment = await inTransaction(db, async (trx) => {
      if (!(await reserveLimit(trx, tenant, mandate.iban_hash, user.id, price.amount, period))) throw new LimitReached();
      const row = await insertDebit(trx, ctx, user, { package: price.package.id, credits: price.package.credits, price: price.price, fee: price.fee, amount: price.amount, currency: price.currency, country: last.country, sequenceType: 'recurring', repeatOf: last.id });
      await trx
        .insertInto('direct_debit_payments')
        .values({ payment_id: row.id, tenant_id: tenant.id, user_id: user.id, mandate_id: mandate.id, pair_hash: pairHash(mandate.iban, mandate.phone), iban_hash: mandate.iban_hash, period, created_at: now() })
        .execute();
      // The intent (docs/decisions/0022): the charge exactly as it will be sent, with its key, before it is sent.
      return recordIntent(trx, row, {
        call: 'chargeRecurring',
        input: {
          amount: row.amount,
          currency: row.currency,
          description: description(tenant, row.credits, row.order_number, row.locale),
          customerId: mandate.provider_customer_id!,
          mandateId: mandate.provider_mandate_id!,
          webhookUrl: webhookUrl(ctx.origin),
          metadata: { payment_id: row.id, order_number: row.order_number },
          idempotencyKey: idempotencyKey('payment', row),
        },
      });
    });
  } catch (error) {
    if (error instanceof LimitReached) return { ok: false, error: 'direct_debit_limit' };
    throw error;
  }
  const result = await debit(ctx, user, payment, period, mandate.iban_hash);
  return result.ok ? { ...result, charged: true } : result;
}
