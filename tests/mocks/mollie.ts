// Mollie's API as msw handlers (STYLE.md: one file per provider): payments (create, get), refunds,
// customers and mandates, with Mollie's JSON shapes, Bearer key check, Idempotency-Key replay and
// the rules our code relies on (a final status stays; a paid first card payment stores a mandate; a
// recurring payment on a valid mandate is paid at once). `mollie.pay(id)` and friends play the
// customer on Mollie's checkout.
import crypto from 'node:crypto';
import { http, HttpResponse } from 'msw';

const API = 'https://api.mollie.com/v2';

type Status = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';

interface MolliePayment {
  resource: 'payment';
  id: string;
  mode: 'test';
  createdAt: string;
  status: Status;
  amount: { currency: string; value: string };
  description: string;
  method: string | null;
  metadata: unknown;
  locale?: string;
  redirectUrl?: string;
  webhookUrl?: string;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId?: string;
  mandateId?: string;
  amountRefunded: { currency: string; value: string };
  amountChargedBack?: { currency: string; value: string };
  _links: Record<string, { href: string; type: string }>;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
const hal = (body: unknown, status = 200) => HttpResponse.json(body as Record<string, unknown>, { status, headers: { 'content-type': 'application/hal+json' } });
const problem = (status: number, title: string, detail: string, field?: string) =>
  HttpResponse.json({ status, title, detail, ...(field ? { field } : {}), _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } } }, { status, headers: { 'content-type': 'application/hal+json' } });

export function createMollieMock(apiKey = 'test_rendezvousmollie0000000000000') {
  const payments = new Map<string, MolliePayment>();
  const mandates = new Map<
    string,
    { resource: 'mandate'; id: string; status: 'valid' | 'invalid'; method: string; customerId: string; mandateReference?: string; signatureDate?: string; details?: Record<string, unknown> }
  >();
  const customers = new Map<string, { resource: 'customer'; id: string; name?: string; email?: string }>();
  const refunds: {
    id: string;
    paymentId: string;
    amount: { currency: string; value: string };
    description?: string;
    metadata?: unknown;
    status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
    createdAt: string;
  }[] = [];
  const refundBody = (refund: (typeof refunds)[number]) => ({
    resource: 'refund',
    ...refund,
    _links: { self: { href: `${API}/payments/${refund.paymentId}/refunds/${refund.id}`, type: 'application/hal+json' } },
  });
  const replay = new Map<string, unknown>();
  const calls: { method: string; path: string; body: unknown }[] = [];
  let down = false;
  let lose = 0;

  const authorised = (request: Request) => request.headers.get('authorization') === `Bearer ${apiKey}`;

  /** Runs `make` once per Idempotency-Key, as Mollie does, replaying the first answer. */
  async function once(request: Request, make: (body: Record<string, unknown>) => { body: unknown; status?: number } | Response): Promise<Response> {
    if (!authorised(request)) return problem(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    if (down) return HttpResponse.error();
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    const key = request.headers.get('idempotency-key');
    if (key && replay.has(key)) return hal(replay.get(key));
    const made = make(body);
    if (made instanceof Response) return made;
    if (key) replay.set(key, made.body);
    if (lose > 0) {
      lose--;
      return HttpResponse.error();
    }
    return hal(made.body, made.status ?? 201);
  }

  function links(payment: MolliePayment) {
    const self = { self: { href: `${API}/payments/${payment.id}`, type: 'application/hal+json' } };
    return payment.status === 'open' && payment.sequenceType !== 'recurring'
      ? { ...self, checkout: { href: `https://www.mollie.com/checkout/select-method/${payment.id}`, type: 'text/html' } }
      : self;
  }

  function settle(paymentId: string, status: Status) {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no Mollie payment ${paymentId}`);
    if (['paid', 'failed', 'canceled', 'expired'].includes(payment.status)) return payment;
    payment.status = status;
    if (status === 'paid' && payment.sequenceType === 'first' && payment.customerId) {
      const mandate = { resource: 'mandate' as const, id: id('mdt'), status: 'valid' as const, method: 'creditcard', customerId: payment.customerId };
      mandates.set(mandate.id, mandate);
      payment.mandateId = mandate.id;
    }
    payment._links = links(payment);
    return payment;
  }

  const handlers = [
    http.post(`${API}/payments`, ({ request }) =>
      once(request, (body) => {
        const amount = body.amount as { currency?: string; value?: string } | undefined;
        if (!amount?.currency || !/^\d+\.\d{2}$/.test(amount.value ?? '')) return problem(422, 'Unprocessable Entity', 'The amount is invalid', 'amount');
        if (!body.description) return problem(422, 'Unprocessable Entity', 'The description is invalid', 'description');
        const sequenceType = (body.sequenceType as MolliePayment['sequenceType'] | undefined) ?? 'oneoff';
        if (sequenceType !== 'recurring' && !body.redirectUrl) return problem(422, 'Unprocessable Entity', 'The redirect URL is invalid', 'redirectUrl');
        if (sequenceType === 'first' && !customers.has(String(body.customerId))) return problem(422, 'Unprocessable Entity', 'A first payment needs a customer', 'customerId');
        let status: Status = 'open';
        if (sequenceType === 'recurring') {
          const mandate = mandates.get(String(body.mandateId));
          if (!mandate || mandate.customerId !== body.customerId) return problem(422, 'Unprocessable Entity', 'The mandate is invalid', 'mandateId');
          // A card is charged at once; a direct debit is pending until the bank collects (Mollie).
          status = mandate.status !== 'valid' ? 'failed' : mandate.method === 'directdebit' ? 'pending' : 'paid';
        }
        const payment: MolliePayment = {
          resource: 'payment', id: id('tr'), mode: 'test', createdAt: new Date().toISOString(), status, amount: { currency: amount.currency, value: amount.value! },
          description: String(body.description), method: (body.method as string | undefined) ?? null, metadata: body.metadata ?? null,
          locale: body.locale as string | undefined, redirectUrl: body.redirectUrl as string | undefined, webhookUrl: body.webhookUrl as string | undefined,
          sequenceType, customerId: body.customerId as string | undefined, mandateId: body.mandateId as string | undefined,
          amountRefunded: { currency: amount.currency, value: '0.00' }, _links: {},
        };
        payment._links = links(payment);
        payments.set(payment.id, payment);
        return { body: payment };
      }),
    ),
    http.get(`${API}/payments/:id`, ({ request, params }) => {
      if (!authorised(request)) return problem(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
      if (down) return HttpResponse.error();
      const payment = payments.get(String(params.id));
      return payment ? hal(payment) : problem(404, 'Not Found', `No payment exists with token ${String(params.id)}.`);
    }),
    http.post(`${API}/payments/:id/refunds`, ({ request, params }) =>
      once(request, (body) => {
        const payment = payments.get(String(params.id));
        if (!payment) return problem(404, 'Not Found', 'No payment exists with this token.');
        if (payment.status !== 'paid') return problem(422, 'Unprocessable Entity', 'The payment cannot be refunded');
        const amount = body.amount as { currency: string; value: string };
        const refunded = Number(payment.amountRefunded.value) + Number(amount.value);
        if (amount.currency !== payment.amount.currency || refunded > Number(payment.amount.value) + 1e-9) return problem(422, 'Unprocessable Entity', 'The amount is higher than the amount remaining', 'amount');
        payment.amountRefunded = { currency: amount.currency, value: refunded.toFixed(2) };
        const refund = { id: id('re'), paymentId: payment.id, amount, description: body.description as string | undefined, metadata: body.metadata ?? null, status: 'pending' as const, createdAt: new Date().toISOString() };
        refunds.push(refund);
        return { body: refundBody(refund) };
      }),
    ),
    http.get(`${API}/payments/:id/refunds/:refundId`, ({ request, params }) => {
      if (!authorised(request)) return problem(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
      if (down) return HttpResponse.error();
      calls.push({ method: 'GET', path: new URL(request.url).pathname, body: null });
      const refund = refunds.find((r) => r.id === params.refundId && r.paymentId === params.id);
      return refund ? hal(refundBody(refund)) : problem(404, 'Not Found', 'No refund exists with this token.');
    }),
    http.get(`${API}/payments/:id/refunds`, ({ request, params }) => {
      if (!authorised(request)) return problem(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
      if (down) return HttpResponse.error();
      calls.push({ method: 'GET', path: new URL(request.url).pathname, body: null });
      if (!payments.has(String(params.id))) return problem(404, 'Not Found', 'No payment exists with this token.');
      const own = refunds.filter((r) => r.paymentId === params.id).map(refundBody);
      return hal({ count: own.length, _embedded: { refunds: own }, _links: { self: { href: request.url, type: 'application/hal+json' }, previous: null, next: null } });
    }),
    http.post(`${API}/customers`, ({ request }) =>
      once(request, (body) => {
        const customer = { resource: 'customer' as const, id: id('cst'), name: body.name as string | undefined, email: body.email as string | undefined };
        customers.set(customer.id, customer);
        return { body: { ...customer, mode: 'test', createdAt: new Date().toISOString(), _links: { self: { href: `${API}/customers/${customer.id}`, type: 'application/hal+json' } } } };
      }),
    ),
    // Mandates API: a SEPA direct-debit mandate signed on the merchant's own form.
    http.post(`${API}/customers/:customerId/mandates`, ({ request, params }) =>
      once(request, (body) => {
        if (!customers.has(String(params.customerId))) return problem(404, 'Not Found', 'No customer exists with this token.');
        if (body.method !== 'directdebit') return problem(422, 'Unprocessable Entity', 'The method is invalid', 'method');
        if (!body.consumerName) return problem(422, 'Unprocessable Entity', 'The consumer name is invalid', 'consumerName');
        if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(String(body.consumerAccount))) return problem(422, 'Unprocessable Entity', 'The consumer account is invalid', 'consumerAccount');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(String(body.signatureDate))) return problem(422, 'Unprocessable Entity', 'The signature date is invalid', 'signatureDate');
        const mandate = {
          resource: 'mandate' as const, id: id('mdt'), status: 'valid' as const, method: 'directdebit', customerId: String(params.customerId),
          mandateReference: body.mandateReference as string | undefined, signatureDate: String(body.signatureDate),
          details: { consumerName: body.consumerName, consumerAccount: body.consumerAccount },
        };
        mandates.set(mandate.id, mandate);
        return { body: { ...mandate, mode: 'test', createdAt: new Date().toISOString(), _links: { self: { href: `${API}/customers/${mandate.customerId}/mandates/${mandate.id}`, type: 'application/hal+json' } } } };
      }),
    ),
    http.get(`${API}/customers/:customerId/mandates/:mandateId`, ({ request, params }) => {
      if (!authorised(request)) return problem(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
      const mandate = mandates.get(String(params.mandateId));
      if (!mandate || mandate.customerId !== params.customerId) return problem(404, 'Not Found', 'No mandate exists with this token.');
      return hal({ ...mandate, mode: 'test', createdAt: new Date().toISOString(), details: {}, _links: { self: { href: `${API}/customers/${mandate.customerId}/mandates/${mandate.id}`, type: 'application/hal+json' } } });
    }),
  ];

  return {
    apiKey,
    handlers,
    payments,
    mandates,
    customers,
    refunds,
    calls,
    /** The customer pays on Mollie's checkout. */
    pay: (paymentId: string) => settle(paymentId, 'paid'),
    settle,
    /** The card behind a mandate is blocked: recurring charges on it fail. */
    blockMandate: (mandateId: string) => {
      const mandate = mandates.get(mandateId);
      if (mandate) mandate.status = 'invalid';
    },
    /** The debtor's bank returned the debit: the payment stays paid, with amountChargedBack. */
    chargeBack: (paymentId: string) => {
      const payment = payments.get(paymentId);
      if (payment) payment.amountChargedBack = { ...payment.amount };
    },
    /** Mollie moves a refund on (refunded once the money is sent; failed or canceled: not refunded). */
    settleRefund: (refundId: string, status: 'refunded' | 'failed' | 'canceled') => {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`no Mollie refund ${refundId}`);
      refund.status = status;
      if (status !== 'refunded') {
        const payment = payments.get(refund.paymentId)!;
        payment.amountRefunded = { ...payment.amountRefunded, value: (Number(payment.amountRefunded.value) - Number(refund.amount.value)).toFixed(2) };
      }
    },
    /** An hour has passed: Mollie no longer replays answers for the keys it has seen. */
    forgetKeys: () => replay.clear(),
    /** Mollie answers the next calls only after carrying them out, then drops the connection (lost answers). */
    loseAnswers: (count: number) => {
      lose = count;
    },
    /** Mollie cannot be reached (a network error; the client does not retry those). */
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

export type MollieMock = ReturnType<typeof createMollieMock>;
