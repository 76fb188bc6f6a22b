// Purchases of credit bundles (docs/product.md §2, §4, §6; docs/architecture.md §9; docs/decisions/0013): checkout, the
// webhook and reconciliation that fulfil a paid payment exactly once, and premium for good.
import { DEFAULT_LOCALE, isLocale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import { sql, type Kysely } from 'kysely';
import { isCardMethod } from '~/shared/payment-methods';
import { now } from '../clock';
import { inTransaction, type Db } from '../credits/ledger';
import type { EventBus } from '../events/bus';
import { announceCredits } from '../events/member-events';
import { CODE_MESSAGES } from '../offers/discount-codes';
import { OFFER_MESSAGES, OFFER_STATUS } from '../offers/offer-errors';
import { priceOrder, type OrderError } from '../offers/order-price';
import { RECONCILE_EVERY_MS } from './schedule';
import type { DB, Payment, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { applyProviderPayment, type Applied } from './apply';
import { canResend, closeLostIntent, recordIntent, sendIntent } from './intents';
import { ProviderError, type PaymentProvider } from './provider';
import { logger } from '../observability/logger';

export { applyProviderPayment, type Applied };

export interface CheckoutContext {
  db: Kysely<DB>;
  tenant: Tenant;
  provider: PaymentProvider;
  /** scheme://host: return and webhook URLs point here. */
  origin: string;
  locale: string;
  /** The member's streams hear of credits a payment brought (GET /api/events.php). */
  events?: EventBus;
}

export type PaymentError =
  | 'unknown_package'
  | 'unknown_method'
  | 'unknown_country'
  | OrderError
  | 'provider_unavailable'
  | 'premium_only'
  | 'no_previous_order'
  | 'not_found'
  | 'direct_debit_form'
  | 'direct_debit_blocked'
  | 'direct_debit_limit';

export type PaymentResult = { ok: true; payment: Payment } | { ok: false; error: PaymentError; values?: Record<string, string> };

export const PAYMENT_MESSAGES: Record<PaymentError, string> = {
  unknown_package: 'payment.error.unknownPackage',
  unknown_method: 'payment.error.unknownMethod',
  unknown_country: 'payment.error.unknownCountry',
  ...CODE_MESSAGES,
  ...OFFER_MESSAGES,
  provider_unavailable: 'payment.error.providerUnavailable',
  premium_only: 'photos.error.premiumOnly',
  no_previous_order: 'payment.error.noPreviousOrder',
  not_found: 'api.error.notFound',
  direct_debit_form: 'payment.error.directDebitForm',
  direct_debit_blocked: 'directdebit.error.blocked',
  direct_debit_limit: 'directdebit.error.limit',
};

export const PAYMENT_STATUS: Record<PaymentError, number> = {
  unknown_package: 400,
  unknown_method: 400,
  unknown_country: 400,
  ...OFFER_STATUS,
  provider_unavailable: 502,
  premium_only: 403,
  no_previous_order: 404,
  not_found: 404,
  direct_debit_form: 400,
  direct_debit_blocked: 403,
  direct_debit_limit: 403,
};

export async function nextOrderNumber(db: Db): Promise<string> {
  const { rows } = await sql<{ n: number }>`select nextval('payments_order_number_seq') as n`.execute(db);
  return `${now().getUTCFullYear()}-${String(rows[0]!.n).padStart(6, '0')}`;
}

/** What the provider shows on its checkout and the statement, in the member's language (issue 48 item 13; was English everywhere). */
export function description(tenant: Tenant, credits: number, orderNumber: string, locale: string): string {
  return serverMessage(isLocale(locale) ? locale : DEFAULT_LOCALE, 'payments.description', { site: tenant.settings.name, credits, order: orderNumber });
}

/**
 * The key that makes a provider call happen once however often it is sent. Our ids restart in
 * every database (a restored backup, a staging copy sharing the provider account), so the row's
 * creation instant and tenant are part of it.
 */
export function idempotencyKey(kind: string, row: { id: number; tenant_id: string; created_at: Date | string }): string {
  return `${row.tenant_id}-${kind}-${row.id}-${new Date(row.created_at).getTime()}`;
}

export const returnUrl = (origin: string, paymentId: number) => `${origin}/credits/result?payment=${paymentId}`;
export const webhookUrl = (origin: string) => `${origin}/api/payment-webhook.php`;

/** The member's provider customer and stored card mandate, from their latest paid card payment. */
export async function storedMandate(db: Db, userId: number, provider: PaymentProvider['name']) {
  return db
    .selectFrom('payments')
    .select(['customer_id', 'mandate_id'])
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('status', '=', 'paid')
    .where('mandate_id', 'is not', null)
    .where('customer_id', 'is not', null)
    .where('method', '!=', 'sdd') // a direct-debit mandate is no card (directdebit/mandate.ts)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function customerOf(db: Db, user: User) {
  const profile = user.profile_id ? await db.selectFrom('profiles').select('name').where('id', '=', user.profile_id).executeTakeFirst() : undefined;
  return { name: profile?.name ?? user.email, email: user.email };
}

/** Starts a purchase: our payment row first (status open), then the provider's payment. */
export async function createPayment(
  ctx: CheckoutContext,
  user: User,
  input: { package: string; method: string; country: string; discountcode?: string | undefined },
  options: { repeatOf?: number } = {},
): Promise<PaymentResult> {
  const { db, tenant, provider } = ctx;
  if (!tenant.settings.countries.includes(input.country)) return { ok: false, error: 'unknown_country' };
  // The bundle or trial, and a discount code's percentage off (docs/decisions/0019).
  const order = await priceOrder(db, tenant, user, { ...input, locale: ctx.locale });
  if (!order.ok) return order;
  const price = order.quote;
  // Direct debit needs the mandate form and an SMS code (directdebit/direct-debit.ts).
  if (input.method === 'sdd') return { ok: false, error: 'direct_debit_form' };

  const at = now();
  const sequenceType = isCardMethod(input.method) ? 'first' : 'oneoff';
  const known = sequenceType === 'first' ? await storedMandate(db, user.id, provider.name) : undefined;
  const customer = sequenceType === 'first' ? { id: known?.customer_id ?? null, ...(await customerOf(db, user)) } : null;
  // The intent first (docs/decisions/0022): our row and the exact provider call with its key, in one
  // transaction, before anything is sent.
  const payment = await inTransaction(db, async (trx) => {
    const orderNumber = await nextOrderNumber(trx);
    const row = await trx
      .insertInto('payments')
      .values({
        tenant_id: tenant.id,
        user_id: user.id,
        order_number: orderNumber,
        provider: provider.name,
        provider_id: null,
        package_id: price.package.id,
        credits: price.package.credits,
        price: price.price,
        discount: price.discount,
        fee: price.fee,
        amount: price.amount,
        currency: price.currency,
        country: input.country,
        method: input.method,
        discount_code: order.code,
        offer: order.offer,
        locale: ctx.locale,
        sequence_type: sequenceType,
        customer_id: null,
        mandate_id: null,
        checkout_url: null,
        repeat_of: options.repeatOf ?? null,
        paid_at: null,
        fulfilled_at: null,
        created_at: at,
        updated_at: at,
        checked_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return recordIntent(trx, row, {
      call: 'createPayment',
      input: {
        amount: row.amount,
        currency: row.currency,
        description: description(tenant, row.credits, orderNumber, ctx.locale),
        method: row.method,
        locale: ctx.locale,
        country: row.country,
        redirectUrl: returnUrl(ctx.origin, row.id),
        webhookUrl: webhookUrl(ctx.origin),
        sequenceType,
        customer,
        metadata: { payment_id: row.id, order_number: orderNumber },
        idempotencyKey: idempotencyKey('payment', row),
      },
    });
  });

  try {
    return { ok: true, payment: (await sendIntent(db, provider, payment, ctx.events)).payment };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger.error(`payment ${payment.id}: ${error.message}`);
    // Refused: nothing was made. Unknown: the intent stays open; the next try with the same key
    // (reconciliation) finds the payment if one was made, and nobody can pay it without its URL.
    if (!error.outcomeUnknown) await db.updateTable('payments').set({ status: 'failed', next_check_at: null, updated_at: now() }).where('id', '=', payment.id).execute();
    return { ok: false, error: 'provider_unavailable' };
  }
}

/**
 * Asks the provider about one of our payments and applies the answer. The call that credited the
 * bundle tells the member's streams the new balance, after the commit.
 */
export async function refreshPayment(db: Kysely<DB>, provider: PaymentProvider, payment: Payment, events?: EventBus): Promise<Applied> {
  if (!payment.provider_id) return resumeIntent(db, provider, payment, events);
  const remote = await provider.fetchPayment(payment.provider_id);
  const applied = await applyProviderPayment(db, payment.id, remote);
  if (applied.fulfilled || applied.chargedBack) await announceCredits(db, events, payment.user_id);
  return applied;
}

/**
 * A payment whose provider id was never stored (the process died, or the step after the call
 * failed): its stored call is sent again with the same key — never while the first request may
 * still be waiting for its answer (younger than a minute), never once the provider may have
 * forgotten the key (then it is closed; intents.ts).
 */
async function resumeIntent(db: Kysely<DB>, provider: PaymentProvider, payment: Payment, events?: EventBus): Promise<Applied> {
  const at = now();
  if (at.getTime() - new Date(payment.created_at).getTime() < RECONCILE_EVERY_MS || !['open', 'pending'].includes(payment.status)) return { payment, fulfilled: false };
  if (!canResend(payment, at)) return { payment: await closeLostIntent(db, payment), fulfilled: false };
  // One resend a minute, by whoever claims it first (the result page polls every 2 s, the round
  // runs in parallel): the same key never travels twice at once.
  const claimed = await db
    .updateTable('payments')
    .set({ checked_at: at, next_check_at: new Date(at.getTime() + RECONCILE_EVERY_MS) })
    .where('id', '=', payment.id)
    .where('provider_id', 'is', null)
    .where((eb) => eb.or([eb('next_check_at', '<=', at), eb('next_check_at', 'is', null)]))
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return { payment, fulfilled: false };
  try {
    return await sendIntent(db, provider, payment, events);
  } catch (error) {
    if (!(error instanceof ProviderError) || error.outcomeUnknown) throw error;
    // Refused now (a declined card, an invalid mandate): nothing was made with this key.
    const failed = await db.updateTable('payments').set({ status: 'failed', next_check_at: null, checked_at: at, updated_at: at }).where('id', '=', payment.id).where('provider_id', 'is', null).returningAll().executeTakeFirst();
    return { payment: failed ?? payment, fulfilled: false };
  }
}

/**
 * POST /api/payment-webhook.php: the provider sends only its payment id; the status is fetched from
 * the provider, never believed from the request. Unknown ids change nothing.
 */
export async function handlePaymentWebhook(db: Kysely<DB>, tenant: Tenant, provider: PaymentProvider, providerId: string, events?: EventBus): Promise<Applied | null> {
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('tenant_id', '=', tenant.id)
    .where('provider', '=', provider.name)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  if (!payment) return null;
  await noteSettleHint(db, payment);
  return refreshPayment(db, provider, payment, events);
}

/**
 * A sign that the payment may have settled — the provider's webhook named it, or the member is back
 * from the checkout on the result page: reconciliation asks it before the rest of a backlog, at once
 * (should the call made now fail) rather than at its next minute (docs/decisions/0022, addendum).
 */
export async function noteSettleHint(db: Db, payment: Payment): Promise<void> {
  if (payment.status !== 'open' && payment.status !== 'pending') return;
  const at = now();
  await db
    .updateTable('payments')
    .set((eb) => ({ settle_hint_at: at, next_check_at: eb.fn('least', ['next_check_at', eb.val(at)]) }))
    .where('id', '=', payment.id)
    .where('status', 'in', ['open', 'pending'])
    .execute();
}

/** The member's result page asks about an unsettled payment at once: the member is waiting for it. */
export async function refreshForMember(db: Kysely<DB>, provider: PaymentProvider, payment: Payment, events?: EventBus): Promise<Payment> {
  if (payment.status !== 'open' && payment.status !== 'pending') return payment;
  await noteSettleHint(db, payment);
  try {
    return (await refreshPayment(db, provider, payment, events)).payment;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return payment;
  }
}

/** One of the member's own payments, or undefined (another member's id answers 404). */
export function ownPayment(db: Db, tenant: Tenant, user: User, paymentId: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).where('user_id', '=', user.id).where('tenant_id', '=', tenant.id).executeTakeFirst();
}

/** The payment object of the API (docs/api.md). */
export function paymentView(payment: Payment) {
  return {
    id: payment.id,
    provider_id: payment.provider_id,
    order_number: payment.order_number,
    // A paid purchase the bank returned shows as charged back (its credits were taken back).
    status: payment.charged_back_at ? 'charged_back' : payment.status,
    charged_back_at: payment.charged_back_at ? new Date(payment.charged_back_at).toISOString() : null,
    amount: payment.amount,
    price: payment.price,
    fee: payment.fee,
    discount: payment.discount,
    discount_code: payment.discount_code,
    currency: payment.currency,
    credits: payment.credits,
    package: payment.package_id,
    method: payment.method,
    country: payment.country,
    checkout_url: payment.checkout_url,
    refunded_credits: payment.refunded_credits,
    refunded_amount: payment.refunded_amount,
    created_at: new Date(payment.created_at).toISOString(),
    paid_at: payment.paid_at ? new Date(payment.paid_at).toISOString() : null,
  };
}
export type PaymentView = ReturnType<typeof paymentView>;
