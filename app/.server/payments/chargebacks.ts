// A chargeback (a returned direct debit, a disputed card payment; issue 26 item 3, decision 0031):
// the purchase shows as charged back, and what is left of its credits goes back through the ledger
// — a `refund` entry naming the payment, so it takes from that purchase's own lot first, exactly as
// a refund does (credits are spent oldest first; what was spent already stays spent). Premium
// (docs/product.md §4: for good once a bundle is bought) ends when no other purchase stays paid: a bundle that
// was charged back was never bought.
import { ledgerOf, remainingByPayment, spendCredits, type Db } from '../credits/ledger';
import type { Payment } from '../db/schema';

/** Runs in the transaction that records the chargeback, under the payment's row lock. */
export async function settleChargeback(trx: Db, payment: Pick<Payment, 'id' | 'user_id' | 'fulfilled_at'>): Promise<{ credits: number }> {
  if (!payment.fulfilled_at) return { credits: 0 };
  // The member's spends wait here, so the lot read below is the one the take-back empties.
  await trx.selectFrom('users').select('id').where('id', '=', payment.user_id).forNoKeyUpdate().executeTakeFirstOrThrow();
  const left = remainingByPayment(await ledgerOf(trx, payment.user_id)).get(payment.id) ?? 0;
  if (left > 0) {
    const taken = await spendCredits(trx, 'refund', { userId: payment.user_id, credits: left, reference: `chargeback:${payment.id}`, paymentId: payment.id });
    if (!taken.ok) throw new Error(`chargeback ${payment.id}: the ledger holds fewer credits than the purchase has left`);
  }
  const otherPurchase = await trx
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', payment.user_id)
    .where('id', '!=', payment.id)
    .where('status', '=', 'paid')
    .where('fulfilled_at', 'is not', null)
    .where('charged_back_at', 'is', null)
    .executeTakeFirst();
  if (!otherPurchase) await trx.updateTable('users').set({ paid_user: false }).where('id', '=', payment.user_id).execute();
  return { credits: left };
}

