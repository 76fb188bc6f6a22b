// Returning unused credits (SPEC §1, §9 refund days; docs/decisions/0013 "Refunds"). Within
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
import { ProviderError, type PaymentProvider } from './provider';

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
    payment.status !== 'paid' || !payment.fulfilled_at
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

/**
 * Returns what is left of one purchase. Under the member's row lock the refund row and the negative
 * ledger entry commit first (the credits can no longer be spent); then the provider refunds with an
 * idempotency key. If it refuses, the credits come back (an adjustment naming the payment).
 */
export async function refundPurchase(ctx: { db: Kysely<DB>; tenant: Tenant; provider: PaymentProvider; events?: EventBus }, user: User, paymentId: number): Promise<RefundResult> {
  const { db, tenant, provider } = ctx;
  const prepared = await db.transaction().execute(async (trx): Promise<RefundResult & { payment?: Payment }> => {
    // Spends and other refunds of this member wait here; they commit before or after us, never between.
    await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirstOrThrow();
    const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).where('user_id', '=', user.id).where('tenant_id', '=', tenant.id).forUpdate().executeTakeFirst();
    if (!payment) return { ok: false, error: 'not_found' };
    if (payment.status !== 'paid' || !payment.fulfilled_at || !payment.provider_id) return { ok: false, error: 'not_paid' };
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
      .values({ tenant_id: tenant.id, payment_id: payment.id, user_id: user.id, credits: left, amount, currency: payment.currency, provider_refund_id: null, created_at: at, updated_at: at })
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
  const { refund, payment } = prepared as { refund: Refund; payment: Payment };
  // The credits left the balance with that commit; the member's other tabs show it now.
  await announceCredits(db, ctx.events, user.id);

  try {
    const done = refund.amount > 0
      ? await provider.refund(payment.provider_id!, {
          amount: refund.amount,
          currency: refund.currency,
          description: `${tenant.settings.name} refund of ${refund.credits} credits, order ${payment.order_number}`,
          idempotencyKey: idempotencyKey('refund', refund),
        })
      : { id: null, status: 'refunded' as const };
    if (done.status === 'failed') throw new ProviderError('The provider failed the refund');
    const updated = await db
      .updateTable('refunds')
      .set({ status: done.status, provider_refund_id: done.id, updated_at: now() })
      .where('id', '=', refund.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordPostback(db, { event: 'reversal', paymentId: payment.id, amount: updated.amount });
    return { ok: true, refund: updated };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error(`[rendezvous] refund ${refund.id}: ${error.message}`);
    await db.transaction().execute(async (trx) => {
      await grantCredits(trx, 'adjustment', { userId: user.id, credits: refund.credits, reference: `refund-reversal:${refund.id}`, paymentId: payment.id });
      await trx.updateTable('refunds').set({ status: 'failed', updated_at: now() }).where('id', '=', refund.id).execute();
      await trx
        .updateTable('payments')
        .set({ refunded_credits: sql`refunded_credits - ${refund.credits}`, refunded_amount: sql`refunded_amount - ${refund.amount}`, updated_at: now() })
        .where('id', '=', payment.id)
        .execute();
    });
    await announceCredits(db, ctx.events, user.id);
    return { ok: false, error: 'provider_unavailable' };
  }
}
