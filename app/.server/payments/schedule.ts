// When reconciliation asks the provider about a payment again (docs/decisions/0022). Only what can
// still change is asked: every minute while the payment can still be paid, hourly after that (a
// bank transfer or a direct debit may stay open or pending for days; their webhook is the quick
// path), never once its status is final.
import type { Payment } from '../db/schema';
import { isFinal } from './provider';

/** The documented promise: a payment that can still be paid is asked about every minute. */
export const RECONCILE_EVERY_MS = 60_000;
/** Past its payable window a payment that is still open or pending is asked hourly. */
export const RECONCILE_LATE_EVERY_MS = 60 * 60_000;

/**
 * How long after its creation a payment can still be paid. Mollie's checkouts time out after 15
 * minutes for most methods and the sandbox expires open payments after 15 minutes; an hour leaves
 * room for slower methods (PayPal, paysafecard) and for direct debits the sandbox settles in a minute.
 */
export const PAYABLE_WINDOW_MS = 60 * 60_000;

export function nextCheckAt(payment: Pick<Payment, 'status' | 'created_at'>, at: Date): Date | null {
  if (isFinal(payment.status)) return null;
  const age = at.getTime() - new Date(payment.created_at).getTime();
  return new Date(at.getTime() + (age < PAYABLE_WINDOW_MS ? RECONCILE_EVERY_MS : RECONCILE_LATE_EVERY_MS));
}
