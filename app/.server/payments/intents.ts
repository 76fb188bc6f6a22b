// Payment intents (issue 21 item 2; docs/decisions/0022). Every provider call that makes a payment
// — a checkout, a stored card charged again, a direct debit — is written on our payment row with
// its idempotency key, in the transaction that creates the row and before anything is sent. When
// the process dies (or any step fails) after the provider carried the call out but before its id
// was stored, the same call is sent again with the same key: the provider answers the payment it
// already made instead of a second one, and we store its id and status then. That retry happens on
// the member's result page and in the reconciliation round, while the provider still remembers the
// key (INTENT_REPLAY_MS); after that the intent is closed (closeLostIntent).
import { sql } from 'kysely';
import { now } from '../clock';
import { inTransaction, type Db } from '../credits/ledger';
import type { Payment } from '../db/schema';
import type { EventBus } from '../events/bus';
import { announceCredits } from '../events/member-events';
import { applyProviderPayment, type Applied } from './apply';
import {
  INTENT_REPLAY_MS,
  type CreatePaymentInput,
  type DirectDebitInput,
  type PaymentProvider,
  type ProviderPayment,
  type RecurringChargeInput,
} from './provider';
import { RECONCILE_EVERY_MS } from './schedule';
import { logger } from '../observability/logger';

/** The provider call as stored (JSON: the direct debit's signature date as an ISO string). */
export type ProviderRequest =
  | { call: 'createPayment'; input: CreatePaymentInput }
  | { call: 'chargeRecurring'; input: RecurringChargeInput }
  | { call: 'createDirectDebit'; input: Omit<DirectDebitInput, 'mandate'> & { mandate: Omit<DirectDebitInput['mandate'], 'signedAt'> & { signedAt: string } } };

/**
 * Stores the call on our payment row (same transaction as its insert). The request waits a minute
 * before reconciliation may send it again: the live request is still waiting for its answer.
 */
export async function recordIntent(trx: Db, payment: Payment, request: ProviderRequest): Promise<Payment> {
  return trx
    .updateTable('payments')
    .set({
      idempotency_key: request.input.idempotencyKey,
      provider_request: sql`${JSON.stringify(request)}::jsonb`,
      next_check_at: new Date(new Date(payment.created_at).getTime() + RECONCILE_EVERY_MS),
    })
    .where('id', '=', payment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

function requestOf(payment: Payment): ProviderRequest | null {
  const stored = payment.provider_request;
  if (!stored) return null;
  return (typeof stored === 'string' ? JSON.parse(stored) : stored) as ProviderRequest;
}

function send(provider: PaymentProvider, request: ProviderRequest): Promise<ProviderPayment> {
  switch (request.call) {
    case 'createPayment':
      return provider.createPayment(request.input);
    case 'chargeRecurring':
      return provider.chargeRecurring(request.input);
    case 'createDirectDebit':
      return provider.createDirectDebit({ ...request.input, mandate: { ...request.input.mandate, signedAt: new Date(request.input.mandate.signedAt) } });
  }
}

/** True while the provider still remembers the intent's key, so sending it again cannot pay twice. */
export function canResend(payment: Payment, at = now()): boolean {
  return requestOf(payment) !== null && at.getTime() - new Date(payment.created_at).getTime() < INTENT_REPLAY_MS;
}

/**
 * Sends the stored call (again) and stores the provider's id and status. The call that credited the
 * bundle tells the member's streams. Throws ProviderError when the provider refuses or cannot be reached.
 */
export async function sendIntent(db: Db, provider: PaymentProvider, payment: Payment, events?: EventBus): Promise<Applied> {
  const request = requestOf(payment);
  if (!request) throw new Error(`payment ${payment.id} has no stored provider request`);
  const remote = await send(provider, request);
  await adoptProviderId(db, payment, remote);
  const applied = await applyProviderPayment(db, payment.id, remote);
  if (applied.fulfilled) await announceCredits(db, events, payment.user_id);
  return applied;
}

/** Stores the provider's id (and, for a direct debit, its customer and mandate on our mandate). */
async function adoptProviderId(db: Db, payment: Payment, remote: ProviderPayment): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('payments')
      .set((eb) => ({ provider_id: remote.id, customer_id: eb.fn.coalesce('customer_id', eb.val(remote.customerId)), updated_at: now() }))
      .where('id', '=', payment.id)
      .where('provider_id', 'is', null)
      .execute();
    if (payment.method !== 'sdd') return;
    const link = await trx.selectFrom('direct_debit_payments').select('mandate_id').where('payment_id', '=', payment.id).executeTakeFirst();
    if (!link) return;
    await trx
      .updateTable('direct_debit_mandates')
      .set({ provider: payment.provider, provider_customer_id: remote.customerId, provider_mandate_id: remote.mandateId })
      .where('id', '=', link.mandate_id)
      .execute();
  });
}

/**
 * An intent the provider no longer remembers (or one from before intents were stored) cannot be
 * sent again without risking a second charge. A checkout is closed as expired: the member never got
 * its checkout URL, so nobody can pay it. A stored card or direct debit is closed as failed and
 * logged for the operator: only the provider's dashboard can tell whether money moved.
 */
export async function closeLostIntent(db: Db, payment: Payment): Promise<Payment> {
  const request = requestOf(payment);
  const checkout = request ? request.call === 'createPayment' : payment.sequence_type !== 'recurring' && payment.method !== 'sdd';
  const status = checkout ? 'expired' : 'failed';
  if (!checkout) {
    logger.error(`payment ${payment.id} (${payment.order_number}): the provider never answered within the idempotency window; closed as failed, check the provider's dashboard for key ${payment.idempotency_key ?? '(none)'}`);
  }
  const closed = await db
    .updateTable('payments')
    .set({ status, next_check_at: null, checked_at: now(), updated_at: now() })
    .where('id', '=', payment.id)
    .where('provider_id', 'is', null)
    .where('status', 'in', ['open', 'pending'])
    .returningAll()
    .executeTakeFirst();
  return closed ?? payment;
}
