// Repeat order (docs/product.md §2, §6): the composition of a card charge (payments.ts) and a direct debit
// (directdebit/), above both so that neither imports the other.
import { isCardMethod } from '~/shared/payment-methods';
import { now } from '../clock';
import { inTransaction, type Db } from '../credits/ledger';
import { quote } from '../credits/offer';
import { repeatDirectDebit } from '../directdebit/direct-debit';
import type { User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { recordIntent, sendIntent } from './intents';
import { createPayment, description, idempotencyKey, nextOrderNumber, storedMandate, webhookUrl, type CheckoutContext, type PaymentResult } from './payments';
import { ProviderError } from './provider';
import { logger } from '../observability/logger';

/**
 * Repeat order (docs/product.md §2, §6; premium only): the last bought bundle with the last method. With a
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
  // The intent first (docs/decisions/0022): a crash after the charge leaves a row the same key finds.
  const payment = await inTransaction(db, async (trx) => {
    const orderNumber = await nextOrderNumber(trx);
    const row = await trx
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
    return recordIntent(trx, row, {
      call: 'chargeRecurring',
      input: {
        amount: row.amount,
        currency: row.currency,
        description: description(tenant, row.credits, orderNumber, row.locale),
        customerId: mandate.customer_id!,
        mandateId: mandate.mandate_id!,
        webhookUrl: webhookUrl(ctx.origin),
        metadata: { payment_id: row.id, order_number: orderNumber },
        idempotencyKey: idempotencyKey('payment', row),
      },
    });
  });
  try {
    return { ok: true, payment: (await sendIntent(db, provider, payment, ctx.events)).payment, charged: true };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger.error(`repeat order ${payment.id}: ${error.message}`);
    // Unknown (no answer): the card may have been charged; the result page waits while the same
    // key is sent again (result page after a minute, reconciliation) and shows what it finds.
    if (error.outcomeUnknown) return { ok: true, payment, charged: true };
    // A declined or blocked card: the payment failed; the result page offers retry or PayPal (docs/product.md §4).
    const failed = await db.updateTable('payments').set({ status: 'failed', next_check_at: null, updated_at: now() }).where('id', '=', payment.id).returningAll().executeTakeFirstOrThrow();
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
