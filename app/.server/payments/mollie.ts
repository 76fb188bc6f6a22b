// The Mollie provider through the official client (@mollie/api-client). The API key comes from the
// environment variable the tenant file names (payments.mollie_api_key_env), never from the file.
// Tests answer Mollie's calls with msw (tests/mocks/mollie.ts).
import createMollieClient, { type MollieClient } from '@mollie/api-client';
import {
  ProviderError,
  type CreatePaymentInput,
  type DirectDebitInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type RecurringChargeInput,
} from './provider';
import type { PaymentStatus } from '../db/schema';

/** Our method ids (docs/product.md §9) in Mollie's words; undefined: Mollie's own method choice screen. */
const MOLLIE_METHOD: Record<string, string | undefined> = {
  creditcard: 'creditcard', visa: 'creditcard', mastercard: 'creditcard', maestro: 'creditcard', cartebancaire: 'creditcard',
  nexi: 'creditcard', dankort: 'creditcard', applepay: 'applepay', paypal: 'paypal', paysafecard: 'paysafecard',
  sdd: 'directdebit', sct: 'banktransfer', ideal: 'ideal', bancontact: 'bancontact', blik: 'blik', prezelewy24: 'przelewy24',
  swish: 'swish', vipps: 'vipps', mobilepay: 'mobilepay', twint: 'twint', eps: 'eps', satispay: 'satispay',
  giropay: undefined, sofort: undefined,
};

const MOLLIE_LOCALES = new Set([
  'en_US', 'en_GB', 'nl_NL', 'nl_BE', 'fr_FR', 'fr_BE', 'de_DE', 'de_AT', 'de_CH', 'es_ES', 'it_IT', 'nb_NO', 'sv_SE', 'fi_FI', 'da_DK', 'pl_PL',
]);
const DEFAULT_REGION: Record<string, string> = { en: 'GB', nl: 'NL', fr: 'FR', de: 'DE', es: 'ES', it: 'IT', nb: 'NO', sv: 'SE', fi: 'FI', da: 'DK', pl: 'PL' };

export function mollieLocale(locale: string, country: string): string {
  const exact = `${locale}_${country}`;
  if (MOLLIE_LOCALES.has(exact)) return exact;
  return `${locale}_${DEFAULT_REGION[locale] ?? 'GB'}`;
}

/** Minor units → Mollie's "19.95" (every currency here has two decimals). */
export function mollieAmount(minor: number, currency: string) {
  return { currency, value: (minor / 100).toFixed(2) };
}

export function fromMollieAmount(amount: { value: string }): number {
  return Math.round(Number(amount.value) * 100);
}

const STATUSES: PaymentStatus[] = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'];

/** Mollie's `authorized` (captures later) counts as pending; anything unknown too. */
function statusOf(status: string): PaymentStatus {
  return (STATUSES as string[]).includes(status) ? (status as PaymentStatus) : 'pending';
}

export class MollieProvider implements PaymentProvider {
  readonly name = 'mollie' as const;
  private readonly client: MollieClient;

  constructor(apiKey: string, options: { apiEndpoint?: string } = {}) {
    this.client = createMollieClient({ apiKey, ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}) });
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    return call(async () => {
      let customerId = input.customer?.id ?? null;
      if (input.sequenceType === 'first' && !customerId && input.customer) {
        const customer = await this.client.customers.create({ name: input.customer.name, email: input.customer.email, idempotencyKey: `${input.idempotencyKey}-customer` });
        customerId = customer.id;
      }
      const method = MOLLIE_METHOD[input.method];
      const payment = await this.client.payments.create({
        amount: mollieAmount(input.amount, input.currency),
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        locale: mollieLocale(input.locale, input.country) as never,
        metadata: input.metadata,
        ...(method ? { method: method as never } : {}),
        ...(customerId ? { customerId } : {}),
        ...(input.sequenceType === 'first' && customerId ? { sequenceType: 'first' as never } : {}),
        idempotencyKey: input.idempotencyKey,
      });
      return view(payment);
    });
  }

  async fetchPayment(id: string): Promise<ProviderPayment> {
    return call(async () => view(await this.client.payments.get(id)));
  }

  async refund(paymentId: string, input: { amount: number; currency: string; description: string; idempotencyKey: string }): Promise<ProviderRefund> {
    return call(async () => {
      const refund = await this.client.paymentRefunds.create({
        paymentId,
        amount: mollieAmount(input.amount, input.currency),
        description: input.description,
        // Found again by findRefund once Mollie has forgotten the key (docs/decisions/0022).
        metadata: { idempotency_key: input.idempotencyKey },
        idempotencyKey: input.idempotencyKey,
      });
      return refundView(refund);
    });
  }

  async fetchRefund(paymentId: string, refundId: string): Promise<ProviderRefund> {
    return call(async () => refundView(await this.client.paymentRefunds.get(refundId, { paymentId })));
  }

  async findRefund(paymentId: string, idempotencyKey: string): Promise<ProviderRefund | null> {
    return call(async () => {
      // A payment has a handful of refunds at most: one page of 250 holds them all.
      const page = await this.client.paymentRefunds.page({ paymentId, limit: 250 });
      const found = page.find((refund) => (refund.metadata as { idempotency_key?: string } | null)?.idempotency_key === idempotencyKey);
      return found ? refundView(found) : null;
    });
  }

  async chargeRecurring(input: RecurringChargeInput): Promise<ProviderPayment> {
    return call(async () => {
      const mandate = await this.client.customerMandates.get(input.mandateId, { customerId: input.customerId });
      if (String(mandate.status) !== 'valid') throw new ProviderError('The stored mandate is not valid');
      const payment = await this.client.payments.create({
        amount: mollieAmount(input.amount, input.currency),
        description: input.description,
        customerId: input.customerId,
        mandateId: input.mandateId,
        sequenceType: 'recurring' as never,
        webhookUrl: input.webhookUrl,
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey,
      });
      return view(payment);
    });
  }

  /** Mollie debits a mandate it holds: the mandate is created first (Mandates API), then a recurring payment. */
  async createDirectDebit(input: DirectDebitInput): Promise<ProviderPayment> {
    return call(async () => {
      const customerId = input.customer.id ?? (await this.client.customers.create({ name: input.customer.name, email: input.customer.email, idempotencyKey: `${input.idempotencyKey}-customer` })).id;
      const mandateId =
        input.mandate.id ??
        (
          await this.client.customerMandates.create({
            customerId,
            method: 'directdebit' as never,
            consumerName: input.mandate.consumerName,
            consumerAccount: input.mandate.iban,
            signatureDate: input.mandate.signedAt.toISOString().slice(0, 10),
            mandateReference: input.mandate.reference,
            idempotencyKey: `${input.idempotencyKey}-mandate`,
          })
        ).id;
      const payment = await this.client.payments.create({
        amount: mollieAmount(input.amount, input.currency),
        description: input.description,
        customerId,
        mandateId,
        sequenceType: 'recurring' as never,
        webhookUrl: input.webhookUrl,
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey,
      });
      return { ...view(payment), customerId, mandateId };
    });
  }
}

/** Mollie's queued, pending and processing are pending to us; canceled is failed (the money stays). */
function refundView(refund: { id: string; status: unknown }): ProviderRefund {
  const status = String(refund.status);
  return { id: refund.id, status: status === 'refunded' ? 'refunded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending' };
}

function view(payment: {
  id: string;
  status: string;
  customerId?: string;
  mandateId?: string;
  amountChargedBack?: { value: string };
  getCheckoutUrl(): string | null | undefined;
}): ProviderPayment {
  return {
    chargedBack: payment.amountChargedBack !== undefined && fromMollieAmount(payment.amountChargedBack) > 0,
    id: payment.id,
    status: statusOf(payment.status),
    checkoutUrl: payment.getCheckoutUrl() ?? null,
    customerId: payment.customerId ?? null,
    mandateId: payment.mandateId ?? null,
  };
}

/**
 * Mollie's 4xx answers are refusals: nothing happened. A network error, a timeout or a 5xx may
 * come after Mollie carried the call out, so its outcome is unknown (the same key tells later).
 */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    // 409 (the same key still being processed) and 429 (too many requests) are not refusals either.
    const refused = status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429;
    throw new ProviderError(`Mollie: ${(error as Error).message}`, { outcomeUnknown: !refused });
  }
}
