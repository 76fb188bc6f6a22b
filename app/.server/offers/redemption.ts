// Redeeming a once-per-member offer when its purchase is paid (docs/decisions/0019). Runs in the
// transaction that fulfils the payment, under its row lock. The unique index of offer_redemptions
// lets one paid purchase per member and offer through; a second one that was started at the same
// time and paid as well is credited at the regular rate instead: its payment becomes a purchase of
// the credits its amount buys at the bundle's full price, without discount.
import { now } from '../clock';
import type { Db } from '../credits/ledger';
import type { Payment } from '../db/schema';

export async function redeemOffer(trx: Db, payment: Payment): Promise<Payment> {
  if (!payment.offer) return payment;
  const redeemed = await trx
    .insertInto('offer_redemptions')
    .values({ tenant_id: payment.tenant_id, user_id: payment.user_id, offer: payment.offer, payment_id: payment.id, created_at: now() })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (redeemed) return payment;
  const paidFor = payment.price - payment.discount;
  const credits = Math.max(1, Math.floor((paidFor * payment.credits) / payment.price));
  return trx
    .updateTable('payments')
    .set({ credits, price: paidFor, discount: 0, offer: null })
    .where('id', '=', payment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
