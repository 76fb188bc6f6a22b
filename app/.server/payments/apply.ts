// Applying what the provider says about one of our payments (docs/decisions/0013, 0022): under a
// lock on the payment row, once, whichever of the webhook, the result page, a repeat order or the
// reconciliation round asks.
import { sql } from 'kysely';
import { now } from '../clock';
import { grantCredits, inTransaction, type Db } from '../credits/ledger';
import { blockAfterChargeback } from '../directdebit/blocks';
import { recordPaymentPostbacks } from '../postbacks/record';
import { redeemOffer } from '../offers/redemption';
import { settleChargeback } from './chargebacks';
import type { Payment } from '../db/schema';
import { isFinal, type ProviderPayment } from './provider';
import { nextCheckAt, PAYABLE_WINDOW_MS, RECONCILE_EVERY_MS, RECONCILE_LATE_EVERY_MS } from './schedule';

export interface Applied {
  payment: Payment;
  /** True only for the one call that credited the bundle. */
  fulfilled: boolean;
  /** True only for the one call that recorded a chargeback (its credits were taken back). */
  chargedBack?: boolean;
}

/**
 * Applies what the provider says about a payment, under a lock on the payment row. A final status
 * never changes again; the move to paid credits the bundle once (fulfilled_at, the
 * `purchase:<id>` ledger entry) and makes the member premium for good.
 */
export async function applyProviderPayment(db: Db, paymentId: number, remote: ProviderPayment): Promise<Applied> {
  const unchanged = await noteUnchanged(db, paymentId, remote);
  if (unchanged) return { payment: unchanged, fulfilled: false };
  return inTransaction(db, async (trx) => {
    const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).forNoKeyUpdate().executeTakeFirstOrThrow();
    const at = now();
    const status = isFinal(payment.status) ? payment.status : remote.status;
    const becamePaid = status === 'paid' && payment.fulfilled_at === null;
    const chargedBack = remote.chargedBack === true && payment.charged_back_at === null;
    const updated = await trx
      .updateTable('payments')
      .set({
        status,
        checked_at: at,
        next_check_at: nextCheckAt({ status, created_at: payment.created_at }, at),
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
    let applied: Applied = { payment: updated, fulfilled: false };
    if (becamePaid) {
      // A once-per-member offer is redeemed here; a second use is credited at the regular rate.
      const credited = await redeemOffer(trx, updated);
      await grantCredits(trx, 'purchase', { userId: payment.user_id, credits: credited.credits, reference: `purchase:${payment.id}`, paymentId: payment.id });
      // Premium for good (docs/product.md §4); only a chargeback of every purchase sets it back (chargebacks.ts).
      await trx.updateTable('users').set({ paid_user: true }).where('id', '=', payment.user_id).execute();
      applied = { payment: credited, fulfilled: true };
    }
    // After the credit above, when both arrive at once: the purchase's unspent credits go back.
    if (chargedBack) await settleChargeback(trx, applied.payment);
    await recordPaymentPostbacks(trx, payment.id, { fulfilled: becamePaid, chargedBack });
    return { ...applied, chargedBack };
  });
}

/**
 * The usual answer for most of thousands of open payments is "still open, nothing new": then one
 * conditional write notes the check and schedules the next (payments/schedule.ts), without the row
 * lock and transaction a change needs. Anything else (another status, a first customer, mandate or
 * checkout URL, a chargeback) returns undefined and goes through applyProviderPayment's locked path.
 */
async function noteUnchanged(db: Db, paymentId: number, remote: ProviderPayment): Promise<Payment | undefined> {
  if (isFinal(remote.status) || remote.chargedBack) return undefined;
  const at = now();
  return db
    .updateTable('payments')
    .set({
      checked_at: at,
      next_check_at: sql<Date>`case when created_at > ${new Date(at.getTime() - PAYABLE_WINDOW_MS)} then ${new Date(at.getTime() + RECONCILE_EVERY_MS)}::timestamptz else ${new Date(at.getTime() + RECONCILE_LATE_EVERY_MS)}::timestamptz end`,
    })
    .where('id', '=', paymentId)
    .where('status', '=', remote.status)
    .$if(remote.checkoutUrl !== null, (q) => q.where('checkout_url', '=', remote.checkoutUrl))
    .$if(remote.customerId !== null, (q) => q.where('customer_id', 'is not', null))
    .$if(remote.mandateId !== null, (q) => q.where('mandate_id', 'is not', null))
    .returningAll()
    .executeTakeFirst();
}
