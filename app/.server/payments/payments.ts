// Purchases of credit bundles (SPEC §2, §4, §6; DESIGN §9; docs/decisions/0013): checkout, the
// webhook and reconciliation that fulfil a paid payment exactly once, and premium for good.
import { sql, type Kysely } from 'kysely';
import { isCardMethod } from '~/shared/payment-methods';
import { now } from '../clock';
import { grantCredits, inTransaction, type Db } from '../credits/ledger';
import { recordPaymentPostbacks } from '../postbacks/record';
import type { EventBus } from '../events/bus';
import { announceCredits } from '../events/member-events';
import { quote } from '../credits/offer';
import { blockAfterChargeback } from '../directdebit/blocks';
import { repeatDirectDebit } from '../directdebit/direct-debit';
import { CODE_MESSAGES } from '../offers/discount-codes';
import { OFFER_MESSAGES, OFFER_STATUS } from '../offers/offer-errors';
import { priceOrder, type OrderError } from '../offers/order-price';
import { redeemOffer } from '../offers/redemption';
import type { DB, Payment, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { isFinal, ProviderError, type PaymentProvider, type ProviderPayment } from './provider';

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

export function description(tenant: Tenant, credits: number, orderNumber: string): string {
  return `${tenant.settings.name} ${credits} credits, order ${orderNumber}`;
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
async function storedMandate(db: Db, userId: number, provider: PaymentProvider['name']) {
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
  const orderNumber = await nextOrderNumber(db);
  const sequenceType = isCardMethod(input.method) ? 'first' : 'oneoff';
  const payment = await db
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

  try {
    const known = sequenceType === 'first' ? await storedMandate(db, user.id, provider.name) : undefined;
    const created = await provider.createPayment({
      amount: payment.amount,
      currency: payment.currency,
      description: description(tenant, payment.credits, orderNumber),
      method: payment.method,
      locale: ctx.locale,
      country: payment.country,
      redirectUrl: returnUrl(ctx.origin, payment.id),
      webhookUrl: webhookUrl(ctx.origin),
      sequenceType,
      customer: sequenceType === 'first' ? { id: known?.customer_id ?? null, ...(await customerOf(db, user)) } : null,
      metadata: { payment_id: payment.id, order_number: orderNumber },
      idempotencyKey: idempotencyKey('payment', payment),
    });
    const updated = await db
      .updateTable('payments')
      .set({ provider_id: created.id, checkout_url: created.checkoutUrl, customer_id: created.customerId, updated_at: now() })
      .where('id', '=', payment.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, payment: updated };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(`[rendezvous] payment ${payment.id}: ${error.message}`);
    await db.updateTable('payments').set({ status: 'failed', updated_at: now() }).where('id', '=', payment.id).execute();
    return { ok: false, error: 'provider_unavailable' };
  }
}

export interface Applied {
  payment: Payment;
  /** True only for the one call that credited the bundle. */
  fulfilled: boolean;
}

/**
 * Applies what the provider says about a payment, under a lock on the payment row. A final status
 * never changes again; the move to paid credits the bundle once (fulfilled_at, the
 * `purchase:<id>` ledger entry) and makes the member premium for good.
 */
export async function applyProviderPayment(db: Db, paymentId: number, remote: ProviderPayment): Promise<Applied> {
  return inTransaction(db, async (trx) => {
    const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirstOrThrow();
    const at = now();
    const status = isFinal(payment.status) ? payment.status : remote.status;
    const becamePaid = status === 'paid' && payment.fulfilled_at === null;
    const chargedBack = remote.chargedBack === true && payment.charged_back_at === null;
    const updated = await trx
      .updateTable('payments')
      .set({
        status,
        checked_at: at,
        updated_at: status !== payment.status ? at : payment.updated_at,
        customer_id: payment.customer_id ?? remote.customerId,
        mandate_id: payment.mandate_id ?? remote.mandateId,
        checkout_url: isFinal(status) ? null : (remote.checkoutUrl ?? payment.checkout_url),
        ...(becamePaid ? { paid_at: at, fulfilled_at: at } : {}),
        ...(chargedBack ? { charged_back_at: at } : {}),
      })
      .where('id', '=', paymentId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A returned debit blocks the account and phone that paid it (directdebit/blocks.ts).
    if (chargedBack) await blockAfterChargeback(trx, payment.id);
    await recordPaymentPostbacks(trx, payment.id, { fulfilled: becamePaid, chargedBack });
    if (!becamePaid) return { payment: updated, fulfilled: false };
    // A once-per-member offer is redeemed here; a second use is credited at the regular rate.
    const credited = await redeemOffer(trx, updated);
    await grantCredits(trx, 'purchase', { userId: payment.user_id, credits: credited.credits, reference: `purchase:${payment.id}`, paymentId: payment.id });
    // Premium for good (SPEC §4): nothing ever sets it back.
    await trx.updateTable('users').set({ paid_user: true }).where('id', '=', payment.user_id).execute();
    return { payment: credited, fulfilled: true };
  });
}

/**
 * Asks the provider about one of our payments and applies the answer. The call that credited the
 * bundle tells the member's streams the new balance, after the commit.
 */
export async function refreshPayment(db: Kysely<DB>, provider: PaymentProvider, payment: Payment, events?: EventBus): Promise<Applied> {
  if (!payment.provider_id) return { payment, fulfilled: false };
  const remote = await provider.fetchPayment(payment.provider_id);
  const applied = await applyProviderPayment(db, payment.id, remote);
  if (applied.fulfilled) await announceCredits(db, events, payment.user_id);
  return applied;
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
  return refreshPayment(db, provider, payment, events);
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
    status: payment.status,
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

/**
 * Repeat order (SPEC §2, §6; premium only): the last bought bundle with the last method. With a
 * stored card mandate the card is charged at once, without a redirect; otherwise a new checkout.
 */
export async function repeatOrder(ctx: CheckoutContext, user: User): Promise<PaymentResult & { charged?: boolean }> {
  const { db, tenant, provider } = ctx;
  if (!user.paid_user) return { ok: false, error: 'premium_only' };
  const last = await lastOrder(db, user, tenant);
  if (!last) return { ok: false, error: 'no_previous_order' };
  if (last.method === 'sdd') return repeatDirectDebit(ctx, user, last);
  const mandate = isCardMethod(last.method) ? await storedMandate(db, user.id, provider.name) : undefined;
  if (!mandate?.customer_id || !mandate.mandate_id) {
    return createPayment(ctx, user, { package: last.package_id, method: last.method, country: last.country }, { repeatOf: last.id });
  }
  const price = quote(tenant, last.country, last.package_id, last.method);
  if (!price) return { ok: false, error: 'unknown_package' };
  const at = now();
  const orderNumber = await nextOrderNumber(db);
  const payment = await db
    .insertInto('payments')
    .values({
      tenant_id: tenant.id, user_id: user.id, order_number: orderNumber, provider: provider.name, provider_id: null,
      package_id: price.package.id, credits: price.package.credits, price: price.price, discount: 0, fee: price.fee, amount: price.amount,
      currency: price.currency, country: last.country, method: last.method, discount_code: null, locale: ctx.locale,
      sequence_type: 'recurring', customer_id: mandate.customer_id, mandate_id: mandate.mandate_id, checkout_url: null,
      repeat_of: last.id, paid_at: null, fulfilled_at: null, created_at: at, updated_at: at, checked_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  try {
    const charged = await provider.chargeRecurring({
      amount: payment.amount,
      currency: payment.currency,
      description: description(tenant, payment.credits, orderNumber),
      customerId: mandate.customer_id,
      mandateId: mandate.mandate_id,
      webhookUrl: webhookUrl(ctx.origin),
      metadata: { payment_id: payment.id, order_number: orderNumber },
      idempotencyKey: idempotencyKey('payment', payment),
    });
    await db.updateTable('payments').set({ provider_id: charged.id }).where('id', '=', payment.id).execute();
    const applied = await applyProviderPayment(db, payment.id, charged);
    if (applied.fulfilled) await announceCredits(db, ctx.events, user.id);
    return { ok: true, payment: applied.payment, charged: true };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // A declined or blocked card: the payment failed; the result page offers retry or PayPal (SPEC §4).
    const failed = await db.updateTable('payments').set({ status: 'failed', updated_at: now() }).where('id', '=', payment.id).returningAll().executeTakeFirstOrThrow();
    return { ok: true, payment: failed, charged: true };
  }
}

/** The member's last paid purchase of a bundle (never the trial package): what a repeat order buys again. */
export function lastOrder(db: Db, user: User, tenant?: Tenant) {
  const trial = tenant?.trial_package?.id;
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('status', '=', 'paid')
    .$if(trial !== undefined, (q) => q.where('package_id', '!=', trial!))
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
