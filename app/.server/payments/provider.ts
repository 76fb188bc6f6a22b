// The payment provider interface (docs/architecture.md §9): create a payment, fetch its status, refund, and charge
// a stored mandate again. Statuses are Mollie's words. Implementations: sandbox.ts (built in, for
// demos and tests) and mollie.ts (@mollie/api-client). Amounts are integer minor units.
import type { PaymentStatus, SequenceType } from '../db/schema';

export interface ProviderPayment {
  /** The provider's id, e.g. tr_WDqYK6vllg. */
  id: string;
  status: PaymentStatus;
  /** Where the member pays; null once there is nothing left to pay. */
  checkoutUrl: string | null;
  customerId: string | null;
  /** Set once a paid first card payment stored a mandate. */
  mandateId: string | null;
  /** The provider reported a returned debit or a disputed card payment (chargeback). */
  chargedBack?: boolean;
}

/**
 * How long a provider remembers an idempotency key: Mollie replays the stored answer "within an
 * hour" (@mollie/api-client, IdempotencyParameter), the sandbox exactly an hour. A call is sent
 * again with the same key only while younger than INTENT_REPLAY_MS, a margin inside that hour.
 */
export const IDEMPOTENCY_MEMORY_MS = 60 * 60_000;
export const INTENT_REPLAY_MS = 50 * 60_000;

export interface CreatePaymentInput {
  amount: number;
  currency: string;
  description: string;
  /** Our method id (docs/product.md §9); the provider maps it to its own. */
  method: string;
  locale: string;
  country: string;
  redirectUrl: string;
  webhookUrl: string;
  /** oneoff, or first: a card payment that stores a mandate for repeat orders. */
  sequenceType: Extract<SequenceType, 'oneoff' | 'first'>;
  /** The member as the provider's customer (needed for a first payment). */
  customer: { id: string | null; name: string; email: string } | null;
  metadata: { payment_id: number; order_number: string };
  /** The same key returns the same payment instead of a second one. */
  idempotencyKey: string;
}

export interface RecurringChargeInput {
  amount: number;
  currency: string;
  description: string;
  customerId: string;
  mandateId: string;
  webhookUrl: string;
  metadata: { payment_id: number; order_number: string };
  idempotencyKey: string;
}

/** A SEPA direct debit under a mandate the member signed on our form (issue 17). */
export interface DirectDebitInput {
  amount: number;
  currency: string;
  description: string;
  webhookUrl: string;
  metadata: { payment_id: number; order_number: string };
  idempotencyKey: string;
  customer: { id: string | null; name: string; email: string };
  /** id: the provider's mandate for this very account, when one was made before. */
  mandate: { id: string | null; reference: string; consumerName: string; iban: string; signedAt: Date };
}

export interface ProviderRefund {
  id: string;
  status: 'pending' | 'refunded' | 'failed';
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'mollie';
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  fetchPayment(id: string): Promise<ProviderPayment>;
  refund(paymentId: string, input: { amount: number; currency: string; description: string; idempotencyKey: string }): Promise<ProviderRefund>;
  /** The status of a refund made before (pending until the money is on its way). */
  fetchRefund(paymentId: string, refundId: string): Promise<ProviderRefund>;
  /** The payment's refund made with this idempotency key, looked up among its refunds (the key is sent along as metadata); null: none. */
  findRefund(paymentId: string, idempotencyKey: string): Promise<ProviderRefund | null>;
  /** Charges a stored mandate without the member present; the answer may already be paid or failed. */
  chargeRecurring(input: RecurringChargeInput): Promise<ProviderPayment>;
  /** Registers the mandate (when new) and debits it; the answer is pending until the bank collects. */
  createDirectDebit(input: DirectDebitInput): Promise<ProviderPayment>;
}

/**
 * The provider refused the call (nothing happened), or could not be reached, timed out or failed
 * on its side (`outcomeUnknown`: the call may have been carried out; only sending it again with
 * the same idempotency key can tell).
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: { outcomeUnknown?: boolean } = {}) {
    super(message);
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}

/** Final statuses never change again (Mollie's rule), so a stale answer cannot undo a newer one. */
export const FINAL_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];

export function isFinal(status: PaymentStatus): boolean {
  return FINAL_STATUSES.includes(status);
}
