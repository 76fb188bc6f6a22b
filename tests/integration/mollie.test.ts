// The Mollie provider through the official @mollie/api-client, against msw handlers that reproduce
// Mollie's payment, refund, customer and mandate calls (tests/mocks/mollie.ts): checkout, webhook
// fulfilment once, a stored card charged on a repeat order, a blocked card, refunds, an outage, and
// the API key read from the variable the tenant file names.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import { ledgerOf } from '~/.server/credits/ledger';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { MollieProvider, mollieAmount, mollieLocale } from '~/.server/payments/mollie';
import { createPayment, handlePaymentWebhook, type CheckoutContext } from '~/.server/payments/payments';
import { repeatOrder } from '~/.server/payments/repeat-order';
import { ProviderError } from '~/.server/payments/provider';
import { providerFor } from '~/.server/payments/providers';
import { reconcilePayments } from '~/.server/payments/reconcile';
import { refundPurchase } from '~/.server/payments/refunds';
import { loadTenants } from '~/.server/tenants/registry';
import { TenantSchema, type Tenant } from '~/.server/tenants/schema';
import { setClockForTests } from '~/.server/clock';
import { createMollieMock, type MollieMock } from '../mocks/mollie';
import { databaseKinds, migratedDatabase } from '../support/databases';

const base = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const tenant: Tenant = TenantSchema.parse({ ...base, payments: { ...base.payments, provider: 'mollie', mollie_api_key_env: 'FLIRTLOKAAL_MOLLIE_KEY' } });
const mollie: MollieMock = createMollieMock();
const server = setupServer(...mollie.handlers);
let n = 0;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('Mollie helpers', () => {
  it('writes amounts and locales as Mollie wants them', () => {
    expect(mollieAmount(1995, 'EUR')).toEqual({ currency: 'EUR', value: '19.95' });
    expect(mollieAmount(111900, 'DKK')).toEqual({ currency: 'DKK', value: '1119.00' });
    expect(mollieLocale('nl', 'BE')).toBe('nl_BE');
    expect(mollieLocale('en', 'IE')).toBe('en_GB');
    expect(mollieLocale('nb', 'NO')).toBe('nb_NO');
  });

  it('takes the key from the environment variable the tenant file names, never from the file', () => {
    const context = { db: null as never, tenant, origin: 'https://flirtlokaal.nl', sandboxAllowed: false };
    expect(() => providerFor({ ...context, env: {} })).toThrow(/FLIRTLOKAAL_MOLLIE_KEY/);
    expect(providerFor({ ...context, env: { FLIRTLOKAAL_MOLLIE_KEY: mollie.apiKey } })).toBeInstanceOf(MollieProvider);
    expect(() => providerFor({ ...context, tenant: base })).toThrow(/not available in production/);
  });
});

describe.each(databaseKinds)('Mollie payments on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let ctx: CheckoutContext;
  const provider = new MollieProvider(mollie.apiKey);

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    ctx = { db: database.db, tenant, provider, origin: 'https://flirtlokaal.nl', locale: 'nl' };
  });

  beforeEach(() => {
    mollie.setDown(false);
    mollie.loseAnswers(0);
    setClockForTests(null);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function member(): Promise<User> {
    n++;
    const result = await signUp(database.db, tenant, { ip: null, origin: 'http://x', locale: 'nl' }, {
      email: `mollie${n}@example.com`, name: `Mollie${n}`, password: 'a good password', date_of_birth: '1990-01-01',
      gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true,
    });
    if (!result.ok) throw new Error(result.error);
    return result.user;
  }
  const userRow = (id: number) => database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('creates a Mollie payment with our amount, method, locale, return and webhook URLs', async () => {
    const user = await member();
    const result = await createPayment(ctx, user, { package: 'starter', method: 'paypal', country: 'NL' });
    if (!result.ok) throw new Error(result.error);
    const remote = mollie.payments.get(result.payment.provider_id!)!;
    expect(remote).toMatchObject({
      amount: { currency: 'EUR', value: '20.30' },
      method: 'paypal',
      locale: 'nl_NL',
      redirectUrl: `https://flirtlokaal.nl/credits/result?payment=${result.payment.id}`,
      webhookUrl: 'https://flirtlokaal.nl/api/payment-webhook.php',
      metadata: { payment_id: result.payment.id, order_number: result.payment.order_number },
    });
    expect(result.payment.checkout_url).toBe(`https://www.mollie.com/checkout/select-method/${remote.id}`);
  });

  it('credits a paid payment once, however often Mollie calls the webhook', async () => {
    const user = await member();
    const result = await createPayment(ctx, user, { package: 'popular', method: 'ideal', country: 'NL' });
    if (!result.ok) throw new Error(result.error);
    expect((await handlePaymentWebhook(database.db, tenant, provider, result.payment.provider_id!))?.payment.status).toBe('open');
    mollie.pay(result.payment.provider_id!);
    const hooks = await Promise.all(Array.from({ length: 5 }, () => handlePaymentWebhook(database.db, tenant, provider, result.payment.provider_id!)));
    expect(hooks.filter((h) => h?.fulfilled)).toHaveLength(1);
    expect(await userRow(user.id)).toMatchObject({ credits: 50, paid_user: true });
    expect((await ledgerOf(database.db, user.id)).map((e) => e.reference)).toEqual([`purchase:${result.payment.id}`]);
  });

  it('stores a card mandate with the first card payment and charges it on a repeat order without a redirect', async () => {
    const user = await member();
    const first = await createPayment(ctx, user, { package: 'starter', method: 'creditcard', country: 'NL' });
    if (!first.ok) throw new Error(first.error);
    const remote = mollie.payments.get(first.payment.provider_id!)!;
    expect(remote.sequenceType).toBe('first');
    expect(mollie.customers.get(remote.customerId!)).toMatchObject({ email: user.email });
    mollie.pay(remote.id);
    await handlePaymentWebhook(database.db, tenant, provider, remote.id);
    const again = await repeatOrder(ctx, await userRow(user.id));
    if (!again.ok) throw new Error(again.error);
    expect(again).toMatchObject({ charged: true, payment: { status: 'paid', sequence_type: 'recurring', checkout_url: null } });
    expect(mollie.payments.get(again.payment.provider_id!)).toMatchObject({ sequenceType: 'recurring', mandateId: remote.mandateId, customerId: remote.customerId });
    expect((await userRow(user.id)).credits).toBe(40);

    mollie.blockMandate(remote.mandateId!);
    const declined = await repeatOrder(ctx, await userRow(user.id));
    if (!declined.ok) throw new Error(declined.error);
    expect(declined.payment.status).toBe('failed');
    expect((await userRow(user.id)).credits).toBe(40);
  });

  it('refunds the unused credits through Mollie with an idempotency key; when Mollie is down the refund stays pending and is sent again with the same key', async () => {
    const user = await member();
    const result = await createPayment(ctx, user, { package: 'popular', method: 'ideal', country: 'NL' });
    if (!result.ok) throw new Error(result.error);
    mollie.pay(result.payment.provider_id!);
    await handlePaymentWebhook(database.db, tenant, provider, result.payment.provider_id!);

    mollie.setDown(true);
    const asked = await refundPurchase({ db: database.db, tenant, provider }, await userRow(user.id), result.payment.id);
    // No answer: Mollie may have refunded, so the credits stay out until the same key tells.
    expect(asked).toMatchObject({ ok: true, refund: { credits: 50, amount: 4495, status: 'pending', provider_refund_id: null } });
    expect((await userRow(user.id)).credits).toBe(0);
    mollie.setDown(false);

    setClockForTests(new Date(Date.now() + 2 * 60_000));
    expect((await reconcilePayments(database.db, () => tenant, () => provider))?.refunds).toMatchObject({ checked: 1, refunded: 0 });
    const [refund] = await database.db.selectFrom('refunds').selectAll().where('payment_id', '=', result.payment.id).execute();
    expect(refund).toMatchObject({ status: 'pending' });
    expect(refund!.provider_refund_id).toMatch(/^re_/);
    expect(mollie.refunds.filter((r) => r.paymentId === result.payment.provider_id)).toEqual([expect.objectContaining({ amount: { currency: 'EUR', value: '44.95' } })]);
    // Mollie sends the money; the next round sees it.
    mollie.settleRefund(refund!.provider_refund_id!, 'refunded');
    setClockForTests(new Date(Date.now() + 4 * 60_000));
    expect((await reconcilePayments(database.db, () => tenant, () => provider))?.refunds).toMatchObject({ refunded: 1 });
    expect(await userRow(user.id)).toMatchObject({ credits: 0, paid_user: true });
  });

  it('gives the credits back through the ledger when Mollie fails a pending refund, and the member may return them again', async () => {
    const user = await member();
    const result = await createPayment(ctx, user, { package: 'starter', method: 'ideal', country: 'NL' });
    if (!result.ok) throw new Error(result.error);
    mollie.pay(result.payment.provider_id!);
    await handlePaymentWebhook(database.db, tenant, provider, result.payment.provider_id!);
    const refunded = await refundPurchase({ db: database.db, tenant, provider }, await userRow(user.id), result.payment.id);
    if (!refunded.ok) throw new Error(refunded.error);
    expect(await refundPurchase({ db: database.db, tenant, provider }, await userRow(user.id), result.payment.id)).toEqual({ ok: false, error: 'already_refunded' });
    mollie.settleRefund(refunded.refund.provider_refund_id!, 'failed');
    setClockForTests(new Date(Date.now() + 2 * 60_000));
    expect((await reconcilePayments(database.db, () => tenant, () => provider))?.refunds).toMatchObject({ reversed: 1 });
    expect((await userRow(user.id)).credits).toBe(20);
    expect((await ledgerOf(database.db, user.id)).at(-1)).toMatchObject({ kind: 'adjustment', amount: 20, reference: `refund-reversal:${refunded.refund.id}` });
    const again = await refundPurchase({ db: database.db, tenant, provider }, await userRow(user.id), result.payment.id);
    expect(again).toMatchObject({ ok: true, refund: { status: 'pending', credits: 20 } });
  });

  it('finds a refund Mollie made but whose answer was lost, after Mollie forgot the key, among the payment\'s refunds: never refunded twice', async () => {
    const user = await member();
    const result = await createPayment(ctx, user, { package: 'starter', method: 'ideal', country: 'NL' });
    if (!result.ok) throw new Error(result.error);
    mollie.pay(result.payment.provider_id!);
    await handlePaymentWebhook(database.db, tenant, provider, result.payment.provider_id!);
    mollie.loseAnswers(1);
    const asked = await refundPurchase({ db: database.db, tenant, provider }, await userRow(user.id), result.payment.id);
    expect(asked).toMatchObject({ ok: true, refund: { status: 'pending', provider_refund_id: null } });
    expect(mollie.refunds.filter((r) => r.paymentId === result.payment.provider_id)).toHaveLength(1);
    // Our side was down for longer than Mollie keeps keys.
    mollie.forgetKeys();
    setClockForTests(new Date(Date.now() + 2 * 3600_000));
    await reconcilePayments(database.db, () => tenant, () => provider);
    const [refund] = await database.db.selectFrom('refunds').selectAll().where('payment_id', '=', result.payment.id).execute();
    const made = mollie.refunds.filter((r) => r.paymentId === result.payment.provider_id);
    expect(made).toHaveLength(1);
    expect(refund).toMatchObject({ status: 'pending', provider_refund_id: made[0]!.id });
  });

  it('a repeat order whose answer is lost after Mollie charged the card is found with the same key: one charge, credited once', async () => {
    const user = await member();
    const first = await createPayment(ctx, user, { package: 'starter', method: 'creditcard', country: 'NL' });
    if (!first.ok) throw new Error(first.error);
    mollie.pay(first.payment.provider_id!);
    await handlePaymentWebhook(database.db, tenant, provider, first.payment.provider_id!);
    const before = mollie.payments.size;
    mollie.loseAnswers(1);
    const repeated = await repeatOrder(ctx, await userRow(user.id));
    // The member is told it is being confirmed (the result page waits), not that it failed.
    expect(repeated).toMatchObject({ ok: true, charged: true, payment: { status: 'open', provider_id: null } });
    expect(mollie.payments.size).toBe(before + 1);
    expect((await userRow(user.id)).credits).toBe(20);
    setClockForTests(new Date(Date.now() + 2 * 60_000));
    expect(await reconcilePayments(database.db, () => tenant, () => provider)).toMatchObject({ resent: 1, fulfilled: 1 });
    expect(mollie.payments.size).toBe(before + 1);
    expect((await userRow(user.id)).credits).toBe(40);
  });

  it('a checkout whose answer is lost is adopted by the reconciliation with the same key, without a second Mollie payment', async () => {
    const user = await member();
    const before = mollie.payments.size;
    mollie.loseAnswers(1);
    expect(await createPayment(ctx, user, { package: 'starter', method: 'ideal', country: 'NL' })).toEqual({ ok: false, error: 'provider_unavailable' });
    expect(mollie.payments.size).toBe(before + 1);
    setClockForTests(new Date(Date.now() + 2 * 60_000));
    await reconcilePayments(database.db, () => tenant, () => provider);
    const [payment] = await database.db.selectFrom('payments').selectAll().where('user_id', '=', user.id).execute();
    expect(payment).toMatchObject({ status: 'open', provider_id: [...mollie.payments.keys()].at(-1) });
    expect(mollie.payments.size).toBe(before + 1);
  });

  it('answers provider_unavailable when Mollie cannot be reached at checkout, and the reconciliation job catches up later', async () => {
    const user = await member();
    mollie.setDown(true);
    expect(await createPayment(ctx, user, { package: 'starter', method: 'ideal', country: 'NL' })).toEqual({ ok: false, error: 'provider_unavailable' });
    mollie.setDown(false);
    const result = await createPayment(ctx, user, { package: 'starter', method: 'ideal', country: 'NL' });
    if (!result.ok) throw new Error(result.error);
    mollie.pay(result.payment.provider_id!);
    // The webhook never arrives; a few minutes later the job asks Mollie.
    setClockForTests(new Date(Date.now() + 5 * 60_000));
    await reconcilePayments(database.db, () => tenant, () => provider);
    expect((await userRow(user.id)).credits).toBe(20);
  });

  it('turns Mollie errors into ProviderError', async () => {
    await expect(provider.fetchPayment('tr_unknown')).rejects.toBeInstanceOf(ProviderError);
    await expect(new MollieProvider('test_wrongkeywrongkeywrongkeywrongk').fetchPayment('tr_x')).rejects.toBeInstanceOf(ProviderError);
  });
});
