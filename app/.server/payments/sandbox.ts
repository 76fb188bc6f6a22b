// The built-in sandbox provider (docs/architecture.md §9): a test payment service for demos and tests that keeps
// its own books (sandbox_* tables) as an outside provider would. Its checkout page
// (/sandbox/checkout/{id}) settles a payment as paid, pending, failed, canceled or expired; a paid
// first card payment stores a mandate that repeat orders charge, and that page can make the card
// decline from then on (to reach a failed repeat order) and shows what was refunded. Like Mollie, an open payment
// expires after 15 minutes. Never used in a real production start (providers.ts).
import crypto from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { now } from '../clock';
import type { DB, PaymentStatus, SandboxPaymentsTable } from '../db/schema';
import { isCardMethod, SANDBOX_OUTCOMES, type SandboxOutcome } from '~/shared/payment-methods';
import {
  IDEMPOTENCY_MEMORY_MS,
  isFinal,
  ProviderError,
  type CreatePaymentInput,
  type DirectDebitInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type RecurringChargeInput,
} from './provider';

export const SANDBOX_EXPIRY_MS = 15 * 60_000;
/**
 * A direct debit is pending until "the bank collects": the sandbox settles it as paid when asked
 * about it a minute after it was made (the reconciliation job asks every minute), or at once from
 * its checkout page. A paid direct debit can be returned there (chargeback).
 */
export const SANDBOX_DEBIT_SETTLE_MS = 60_000;
export { SANDBOX_OUTCOMES, type SandboxOutcome };

const randomId = (prefix: string) => `${prefix}_sbx_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly tenantId: string,
    /** scheme://host of the site: the checkout page lives there. */
    private readonly origin: string,
  ) {}

  checkoutUrl(id: string): string {
    return `${this.origin}/sandbox/checkout/${id}`;
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const customerId = input.sequenceType === 'first' ? (input.customer?.id ?? randomId('cst')) : (input.customer?.id ?? null);
    return this.paymentOnce({
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      method: input.method,
      status: 'open',
      sequence_type: input.sequenceType,
      customer_id: customerId,
      mandate_id: null,
      redirect_url: input.redirectUrl,
      webhook_url: input.webhookUrl,
      idempotency_key: input.idempotencyKey,
    });
  }

  async fetchPayment(id: string): Promise<ProviderPayment> {
    const row = await this.find(id);
    const age = now().getTime() - new Date(row.created_at).getTime();
    if (row.status === 'open' && age > SANDBOX_EXPIRY_MS) {
      return this.view(await this.setStatus(id, 'expired'));
    }
    if (row.status === 'pending' && row.method === 'sdd' && age >= SANDBOX_DEBIT_SETTLE_MS) {
      return this.view(await this.setStatus(id, 'paid'));
    }
    return this.view(row);
  }

  async refund(paymentId: string, input: { amount: number; currency: string; idempotencyKey: string }): Promise<ProviderRefund> {
    const payment = await this.find(paymentId);
    if (payment.status !== 'paid') throw new ProviderError('The payment is not paid');
    if (input.currency !== payment.currency) throw new ProviderError('Wrong currency');
    const existing = await this.db.selectFrom('sandbox_refunds').select('id').where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
    if (existing) return { id: existing.id, status: 'refunded' };
    const refunded = await this.db.selectFrom('sandbox_refunds').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total')).where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
    if (Number(refunded.total) + input.amount > payment.amount) throw new ProviderError('The refund exceeds the payment');
    const id = randomId('re');
    await this.db.insertInto('sandbox_refunds').values({ id, payment_id: paymentId, amount: input.amount, idempotency_key: input.idempotencyKey, created_at: now() }).execute();
    return { id, status: 'refunded' };
  }

  async fetchRefund(paymentId: string, refundId: string): Promise<ProviderRefund> {
    const row = await this.db.selectFrom('sandbox_refunds').select('id').where('id', '=', refundId).where('payment_id', '=', paymentId).executeTakeFirst();
    if (!row) throw new ProviderError(`No sandbox refund ${refundId}`);
    return { id: row.id, status: 'refunded' };
  }

  async findRefund(paymentId: string, idempotencyKey: string): Promise<ProviderRefund | null> {
    const row = await this.db.selectFrom('sandbox_refunds').select('id').where('payment_id', '=', paymentId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    return row ? { id: row.id, status: 'refunded' } : null;
  }

  async chargeRecurring(input: RecurringChargeInput): Promise<ProviderPayment> {
    const mandate = await this.db.selectFrom('sandbox_mandates').selectAll().where('id', '=', input.mandateId).where('customer_id', '=', input.customerId).executeTakeFirst();
    if (!mandate) throw new ProviderError('Unknown mandate');
    return this.paymentOnce({
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      method: mandate.method,
      // A valid card mandate is charged at once, a direct debit is pending until collected; a card
      // or account that has since been blocked declines.
      status: mandate.status !== 'valid' ? 'failed' : mandate.method === 'sdd' ? 'pending' : 'paid',
      sequence_type: 'recurring',
      customer_id: input.customerId,
      mandate_id: mandate.id,
      redirect_url: '',
      webhook_url: input.webhookUrl,
      idempotency_key: input.idempotencyKey,
    });
  }

  async createDirectDebit(input: DirectDebitInput): Promise<ProviderPayment> {
    const customerId = input.customer.id ?? randomId('cst');
    const known = input.mandate.id
      ? await this.db.selectFrom('sandbox_mandates').select('id').where('id', '=', input.mandate.id).where('customer_id', '=', customerId).where('status', '=', 'valid').executeTakeFirst()
      : undefined;
    let mandateId = known?.id;
    if (!mandateId) {
      if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/.test(input.mandate.iban)) throw new ProviderError('Invalid IBAN');
      mandateId = randomId('mdt');
      await this.db.insertInto('sandbox_mandates').values({ id: mandateId, customer_id: customerId, method: 'sdd', status: 'valid', created_at: now() }).execute();
    }
    return this.paymentOnce({
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      method: 'sdd',
      status: 'pending',
      sequence_type: 'recurring',
      customer_id: customerId,
      mandate_id: mandateId,
      redirect_url: `${this.origin}/credits/result?payment=${input.metadata.payment_id}`,
      webhook_url: input.webhookUrl,
      idempotency_key: input.idempotencyKey,
    });
  }

  /**
   * One sandbox payment per idempotency key, as at Mollie: the same key within an hour answers the
   * payment it made; after that the key is forgotten and a create makes a new payment.
   */
  private async paymentOnce(values: Omit<Insertable<SandboxPaymentsTable>, 'id' | 'tenant_id' | 'created_at' | 'updated_at'> & { idempotency_key: string }): Promise<ProviderPayment> {
    const existing = await this.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .where('idempotency_key', '=', values.idempotency_key)
      .where('created_at', '>', new Date(now().getTime() - IDEMPOTENCY_MEMORY_MS))
      .executeTakeFirst();
    if (existing) return this.view(existing);
    const at = now();
    const row = await this.db
      .insertInto('sandbox_payments')
      .values({ ...values, id: randomId('tr'), tenant_id: this.tenantId, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.view(row);
  }

  /** What the checkout page shows; null for an id this tenant's sandbox does not know. */
  async checkout(id: string) {
    return (await this.db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).where('tenant_id', '=', this.tenantId).executeTakeFirst()) ?? null;
  }

  /**
   * Settles a payment from the checkout page. Open → any outcome; pending → paid, failed, canceled
   * or expired; a final status stays. Returns the row, or null when it could not be settled so.
   */
  async settle(id: string, outcome: SandboxOutcome | 'chargeback' | 'decline_card') {
    const row = await this.checkout(id);
    if (outcome === 'chargeback') return row?.status === 'paid' && row.method === 'sdd' && !row.charged_back_at ? this.chargeBack(id) : null;
    if (outcome === 'decline_card') return row?.mandate_id && row.method !== 'sdd' ? this.declineCard(row.mandate_id).then(() => row) : null;
    if (!row || isFinal(row.status) || (row.status === 'pending' && outcome === 'pending')) return null;
    return this.setStatus(id, outcome);
  }

  /**
   * What the page shows beyond the status (issue 34 item 4): the amount refunded so far, and whether
   * the card this payment saved still pays repeat orders.
   */
  async extras(row: { id: string; mandate_id: string | null; method: string }) {
    const refunded = await this.db.selectFrom('sandbox_refunds').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total')).where('payment_id', '=', row.id).executeTakeFirstOrThrow();
    const mandate = row.mandate_id && row.method !== 'sdd' ? await this.db.selectFrom('sandbox_mandates').select('status').where('id', '=', row.mandate_id).executeTakeFirst() : undefined;
    return { refunded: Number(refunded.total), savedCard: mandate ? mandate.status : null };
  }

  /** The saved card now declines: the next repeat order fails, as a blocked or expired card does. */
  private async declineCard(mandateId: string) {
    await this.db.updateTable('sandbox_mandates').set({ status: 'invalid' }).where('id', '=', mandateId).execute();
  }

  /** The member's bank returned the debit: the payment stays paid, with a chargeback (as at Mollie). */
  private async chargeBack(id: string) {
    return this.db.updateTable('sandbox_payments').set({ charged_back_at: now(), updated_at: now() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  private async setStatus(id: string, status: PaymentStatus) {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('sandbox_payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (isFinal(row.status)) return row;
      let mandateId = row.mandate_id;
      if (status === 'paid' && row.sequence_type === 'first' && row.customer_id && isCardMethod(row.method)) {
        mandateId = randomId('mdt');
        await trx.insertInto('sandbox_mandates').values({ id: mandateId, customer_id: row.customer_id, method: row.method, status: 'valid', created_at: now() }).execute();
      }
      return trx.updateTable('sandbox_payments').set({ status, mandate_id: mandateId, updated_at: now() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    });
  }

  private async find(id: string) {
    const row = await this.checkout(id);
    if (!row) throw new ProviderError(`No sandbox payment ${id}`);
    return row;
  }

  private view(row: { id: string; status: PaymentStatus; method: string; customer_id: string | null; mandate_id: string | null; charged_back_at: Date | null }): ProviderPayment {
    return {
      chargedBack: row.charged_back_at !== null,
      id: row.id,
      status: row.status,
      // A direct debit has nothing to pay on a checkout: the bank collects it (its test page still exists).
      checkoutUrl: row.method !== 'sdd' && (row.status === 'open' || row.status === 'pending') ? this.checkoutUrl(row.id) : null,
      customerId: row.customer_id,
      mandateId: row.mandate_id,
    };
  }
}
