// Returning unused credits (docs/product.md §1, §9 refund days; docs/decisions/0013 "Refunds"). Within
// settings.refund_days of the payment a member may return what is left of one purchase, once.
// Credits are spent first in, first out, so what is left of a purchase is its lot in the replayed
// ledger. The refund is pro rata of what was paid for the bundle; a bundle returned whole is
// refunded whole, its method fee included.
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import { grantCredits, ledgerOf, remainingByPayment, spendCredits } from '../credits/ledger';
import { recordPostback } from '../postbacks/record';
import type { EventBus } from '../events/bus';
import { announceCredits } from '../events/member-events';
import type { DB, Payment, Refund, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { idempotencyKey } from './payments';
import { INTENT_REPLAY_MS, ProviderError, type PaymentProvider, type ProviderRefund } from './provider';
import { PAYABLE_WINDOW_MS, RECONCILE_EVERY_MS, RECONCILE_LATE_EVERY_MS } from './schedule';
import { logger } from '../observability/logger';

export type RefundError = 'not_found' | 'not_paid' | 'already_refunded' | 'refund_window_closed' | 'nothing_to_refund' | 'provider_unavailable';

export const REFUND_MESSAGES: Record<RefundError, string> = {
  not_found: 'api.error.notFound',
  not_paid: 'refund.error.notPaid',
  already_refunded: 'refund.error.alreadyRefunded',
  refund_window_closed: 'refund.error.windowClosed',
  nothing_to_refund: 'refund.error.nothingLeft',
  provider_unavailable: 'payment.error.providerUnavailable',
};

export const REFUND_STATUS: Record<RefundError, number> = {
  not_found: 404,
  not_paid: 409,
  already_refunded: 409,
  refund_window_closed: 409,
  nothing_to_refund: 409,
  provider_unavailable: 502,
};

const DAY_MS = 24 * 3600_000;

/** The last moment a purchase may be returned. */
export function refundDeadline(tenant: Tenant, payment: Pick<Payment, 'paid_at'>): Date | null {
  return payment.paid_at ? new Date(new Date(payment.paid_at).getTime() + tenant.settings.refund_days * DAY_MS) : null;
}

/** The money back for `credits` unused credits of a purchase, in minor units. */
export function refundAmount(payment: Pick<Payment, 'credits' | 'price' | 'discount' | 'amount'>, credits: number): number {
  if (credits >= payment.credits) return payment.amount;
  return Math.floor(((payment.price - payment.discount) * credits) / payment.credits);
}

export interface RefundQuote {
  credits: number;
  amount: number;
  deadline: Date | null;
  /** Why it cannot be returned now; null: it can. */
  refusal: RefundError | null;
}

/** What returning a purchase would give now (the transaction page shows it before the member asks). */
export async function refundQuote(db: Kysely<DB>, tenant: Tenant, payment: Payment): Promise<RefundQuote> {
  const deadline = refundDeadline(tenant, payment);
  const live = await db.selectFrom('refunds').select('id').where('payment_id', '=', payment.id).where('status', '!=', 'failed').executeTakeFirst();
  const left = remainingByPayment(await ledgerOf(db, payment.user_id)).get(payment.id) ?? 0;
  const refusal: RefundError | null =
    payment.status !== 'paid' || !payment.fulfilled_at || payment.charged_back_at
      ? 'not_paid'
      : live
        ? 'already_refunded'
        : deadline && now() > deadline
          ? 'refund_window_closed'
          : left === 0
            ? 'nothing_to_refund'
            : null;
  return { credits: left, amount: refundAmount(payment, left), deadline, refusal };
}

export type RefundResult = { ok: true; refund: Refund } | { ok: false; error: RefundError };

type RefundContext = { db: Kysely<DB>; tenant: Tenant; provider: PaymentProvider; events?: EventBus };

/**
 * Returns what is left of one purchase. Under the member's row lock the refund row and the negative
 * ledger entry commit first (the credits can no longer be spent); then the provider refunds with an
 * idempotency key (settleRefund). A refusal gives the credits back (an adjustment naming the
 * payment); no answer leaves the refund pending, to be sent again with the same key.
 */
export async function refundPurchase(ctx: RefundContext, user: User, paymentId: number): Promise<RefundResult> {
  const { db, tenant } = ctx;
  // An earlier refund of this purchase that never got its answer is settled first: if the provider
  // refuses it now, its credits come back and this request may return them again.
  const stuck = await db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).where('user_id', '=', user.id).where('tenant_id', '=', tenant.id).where('status', '=', 'pending').executeTakeFirst();
  if (stuck && stuck.provider_refund_id === null && now().getTime() - new Date(stuck.created_at).getTime() >= RECONCILE_EVERY_MS) {
    await settleRefund(ctx, stuck).catch((error: Error) => logger.error(`refund ${stuck.id}: ${error.message}`));
  }
  const prepared = await db.transaction().execute(async (trx): Promise<RefundResult & { payment?: Payment }> => {
    // Spends and other refunds of this member wait here; they commit before or after us, never between.
    await trx.selectFrom('users').select('id').where('id', '=', user.id).forNoKeyUpdate().executeTakeFirstOrThrow();
    const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).where('user_id', '=', user.id).where('tenant_id', '=', tenant.id).forNoKeyUpdate().executeTakeFirst();
    if (!payment) return { ok: false, error: 'not_found' };
    if (payment.status !== 'paid' || !payment.fulfilled_at || !payment.provider_id || payment.charged_back_at) return { ok: false, error: 'not_paid' };
    const live = await trx.selectFrom('refunds').select('id').where('payment_id', '=', payment.id).where('status', '!=', 'failed').executeTakeFirst();
    if (live) return { ok: false, error: 'already_refunded' };
    const deadline = refundDeadline(tenant, payment);
    if (deadline && now() > deadline) return { ok: false, error: 'refund_window_closed' };
    const left = remainingByPayment(await ledgerOf(trx, user.id)).get(payment.id) ?? 0;
    if (left === 0) return { ok: false, error: 'nothing_to_refund' };
    const amount = refundAmount(payment, left);
    const at = now();
    const refund = await trx
      .insertInto('refunds')
      // The retry leaves the live request its minute before it sends the refund again.
      .values({ tenant_id: tenant.id, payment_id: payment.id, user_id: user.id, credits: left, amount, currency: payment.currency, provider_refund_id: null, created_at: at, updated_at: at, next_check_at: new Date(at.getTime() + RECONCILE_EVERY_MS) })
      .returningAll()
      .executeTakeFirstOrThrow();
    const spent = await spendCredits(trx, 'refund', { userId: user.id, credits: left, reference: `refund:${refund.id}`, paymentId: payment.id });
    if (!spent.ok) throw new Error(`refund ${refund.id}: the ledger holds fewer credits than the purchase has left`);
    await trx
      .updateTable('payments')
      .set((eb) => ({ refunded_credits: eb('refunded_credits', '+', left), refunded_amount: eb('refunded_amount', '+', amount), updated_at: at }))
      .where('id', '=', payment.id)
      .execute();
    return { ok: true, refund, payment };
  });
  if (!prepared.ok) return prepared;
  // The credits left the balance with that commit; the member's other tabs show it now.
  await announceCredits(db, ctx.events, user.id);
  const settled = await settleRefund(ctx, prepared.refund, prepared.payment);
  return settled.status === 'failed' ? { ok: false, error: 'provider_unavailable' } : { ok: true, refund: settled };
}

/**
 * Brings a pending refund one step closer to final, and is safe to run any number of times:
 * - not yet answered: sent (again) with its idempotency key. Once the provider may have forgotten
 *   the key (INTENT_REPLAY_MS), the payment's refunds are searched for the key first and the
 *   refund is sent again only when none was made;
 * - answered pending: its status is asked;
 * - refunded: final; refused or failed at the provider: the credits come back (reverseRefund);
 * - no answer at all: stays pending, asked again at the next round.
 * `first`: the member's own request sending it the first time (with the payment it locked);
 * every later call is a retry and claims its turn.
 */
export async function settleRefund(ctx: RefundContext, refund: Refund, first?: Payment): Promise<Refund> {
  const { db, tenant, provider } = ctx;
  if (refund.status !== 'pending') return refund;
  const at = now();
  if (!first) {
    // A retry is claimed (the member's second request and the round may meet): the same key never
    // travels twice at once, and at most once a minute.
    const claimed = await db
      .updateTable('refunds')
      .set({ next_check_at: new Date(at.getTime() + RECONCILE_EVERY_MS) })
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('next_check_at', '<=', at), eb('next_check_at', 'is', null)]))
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return refund;
  }
  const payment = first ?? (await db.selectFrom('payments').selectAll().where('id', '=', refund.payment_id).executeTakeFirstOrThrow());
  try {
    let answer: ProviderRefund | null;
    if (refund.provider_refund_id) {
      answer = await provider.fetchRefund(payment.provider_id!, refund.provider_refund_id);
    } else if (refund.amount === 0) {
      answer = { id: '', status: 'refunded' };
    } else {
      const key = idempotencyKey('refund', refund);
      const remembered = at.getTime() - new Date(refund.created_at).getTime() < INTENT_REPLAY_MS;
      answer = remembered ? null : await provider.findRefund(payment.provider_id!, key);
      answer ??= await provider.refund(payment.provider_id!, {
        amount: refund.amount,
        currency: refund.currency,
        description: `${tenant.settings.name} refund of ${refund.credits} credits, order ${payment.order_number}`,
        idempotencyKey: key,
      });
    }
    if (answer.status === 'failed') return await reverseRefund(ctx, refund, 'the provider failed the refund');
    const updated = await db
      .updateTable('refunds')
      .set({
        status: answer.status,
        provider_refund_id: answer.id || null,
        next_check_at: answer.status === 'pending' ? nextRefundCheck(refund, at) : null,
        updated_at: answer.status !== refund.status ? at : refund.updated_at,
      })
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (updated) await recordPostback(db, { event: 'reversal', paymentId: payment.id, amount: updated.amount });
    return updated ?? refund;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger.error(`refund ${refund.id}: ${error.message}`);
    if (!error.outcomeUnknown) return reverseRefund(ctx, refund, error.message);
    const later = await db.updateTable('refunds').set({ next_check_at: nextRefundCheck(refund, at) }).where('id', '=', refund.id).where('status', '=', 'pending').returningAll().executeTakeFirst();
    return later ?? refund;
  }
}

/** Every minute in the first hour, hourly after that (a refund takes a business day or so at Mollie). */
function nextRefundCheck(refund: Refund, at: Date): Date {
  const age = at.getTime() - new Date(refund.created_at).getTime();
  return new Date(at.getTime() + (age < PAYABLE_WINDOW_MS ? RECONCILE_EVERY_MS : RECONCILE_LATE_EVERY_MS));
}

/**
 * The provider will not refund: the refund fails and the credits come back through the ledger
 * (`refund-reversal:<refund>`, an adjustment naming the payment, so the purchase's lot is whole
 * again and the member may ask again). Conditional on the refund still being pending: once only.
 */
async function reverseRefund(ctx: RefundContext, refund: Refund, reason: string): Promise<Refund> {
  const { db } = ctx;
  const reversed = await db.transaction().execute(async (trx) => {
    const at = now();
    const failed = await trx
      .updateTable('refunds')
      .set({ status: 'failed', next_check_at: null, updated_at: at })
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!failed) return null;
    await grantCredits(trx, 'adjustment', { userId: refund.user_id, credits: refund.credits, reference: `refund-reversal:${refund.id}`, paymentId: refund.payment_id });
    await trx
      .updateTable('payments')
      .set({ refunded_credits: sql`refunded_credits - ${refund.credits}`, refunded_amount: sql`refunded_amount - ${refund.amount}`, updated_at: at })
      .where('id', '=', refund.payment_id)
      .execute();
    return failed;
  });
  if (!reversed) return (await db.selectFrom('refunds').selectAll().where('id', '=', refund.id).executeTakeFirst()) ?? refund;
  logger.error(`refund ${refund.id} failed (${reason}): ${refund.credits} credits given back`);
  await announceCredits(db, ctx.events, refund.user_id);
  return reversed;
}
