// Purchases on both databases (docs/decisions/0013): checkout with the sandbox provider, webhooks
// that come twice, at once and out of order, the reconciliation job for a lost webhook, premium for
// good, repeat orders with a stored card, and refunds inside and outside the window (moved clock).
import { fitsNiche } from '../support/niche';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import { setClockForTests } from '~/.server/clock';
import { ledgerOf, spendCredits } from '~/.server/credits/ledger';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { applyProviderPayment, createPayment, handlePaymentWebhook, type CheckoutContext } from '~/.server/payments/payments';
import { repeatOrder } from '~/.server/payments/repeat-order';
import { reconcilePayments } from '~/.server/payments/reconcile';
import { refundPurchase } from '~/.server/payments/refunds';
import { ProviderError } from '~/.server/payments/provider';
import { SandboxProvider } from '~/.server/payments/sandbox';
import { loadTenants } from '~/.server/tenants/registry';
import { buyer, sandboxCheckout, startCheckout } from '../support/checkout';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
let n = 0;

describe.each(databaseKinds)('payments on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let sandbox: SandboxProvider;
  let ctx: CheckoutContext;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    ({ sandbox, ctx } = sandboxCheckout(database.db, flirt));
  });

  afterEach(() => setClockForTests(null));

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const member = () => buyer(database.db, flirt, 'Buyer');

  const userRow = (id: number) => database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const buy = (user: User, bundle = 'popular', method = 'ideal') => startCheckout(ctx, user, bundle, method);

  it('creates an open payment with an order number, the total and a sandbox checkout URL', async () => {
    const user = await member();
    const payment = await buy(user, 'starter', 'paypal');
    expect(payment).toMatchObject({ status: 'open', credits: 20, price: 1995, fee: 35, amount: 2030, currency: 'EUR', method: 'paypal', provider: 'sandbox' });
    expect(payment.order_number).toMatch(/^\d{4}-\d{6}$/);
    expect(payment.checkout_url).toBe(`http://flirtlokaal.localhost/sandbox/checkout/${payment.provider_id}`);
  });

  it('refuses an unknown bundle, a method the country does not offer and an unknown discount code', async () => {
    const user = await member();
    expect(await createPayment(ctx, user, { package: 'nope', method: 'ideal', country: 'NL' })).toEqual({ ok: false, error: 'unknown_package' });
    expect(await createPayment(ctx, user, { package: 'starter', method: 'bancontact', country: 'NL' })).toEqual({ ok: false, error: 'unknown_method' });
    expect(await createPayment(ctx, user, { package: 'starter', method: 'ideal', country: 'DE' })).toEqual({ ok: false, error: 'unknown_country' });
    expect(await createPayment(ctx, user, { package: 'starter', method: 'ideal', country: 'NL', discountcode: 'FREE' })).toEqual({ ok: false, error: 'code_not_found' });
  });

  it('credits a paid bundle exactly once however often and however concurrently the webhook comes', async () => {
    const user = await member();
    const payment = await buy(user);
    await sandbox.settle(payment.provider_id!, 'paid');
    const results = await Promise.all(Array.from({ length: 8 }, () => handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!)));
    expect(results.filter((r) => r?.fulfilled)).toHaveLength(1);
    await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!);
    const after = await userRow(user.id);
    expect(after.credits).toBe(50);
    expect(after.paid_user).toBe(true);
    const entries = await ledgerOf(database.db, user.id);
    expect(entries).toMatchObject([{ kind: 'purchase', amount: 50, balance_after: 50, reference: `purchase:${payment.id}`, payment_id: payment.id }]);
  });

  it('ignores an older status that arrives after the final one (out of order)', async () => {
    const user = await member();
    const payment = await buy(user);
    const remote = { id: payment.provider_id!, checkoutUrl: null, customerId: null, mandateId: null };
    await applyProviderPayment(database.db, payment.id, { ...remote, status: 'pending' });
    await applyProviderPayment(database.db, payment.id, { ...remote, status: 'paid' });
    const late = await applyProviderPayment(database.db, payment.id, { ...remote, status: 'pending' });
    expect(late.payment.status).toBe('paid');
    const failedLate = await applyProviderPayment(database.db, payment.id, { ...remote, status: 'failed' });
    expect(failedLate.payment.status).toBe('paid');
    expect((await userRow(user.id)).credits).toBe(50);
  });

  it('credits nothing for failed, canceled and expired payments and keeps the member free', async () => {
    const user = await member();
    for (const outcome of ['failed', 'canceled', 'expired'] as const) {
      const payment = await buy(user);
      await sandbox.settle(payment.provider_id!, outcome);
      const applied = await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!);
      expect(applied?.payment.status).toBe(outcome);
      expect(await sandbox.settle(payment.provider_id!, 'paid')).toBeNull();
    }
    const after = await userRow(user.id);
    expect(after).toMatchObject({ credits: 0, paid_user: false });
  });

  it('settles a pending payment later, crediting it then', async () => {
    const user = await member();
    const payment = await buy(user);
    await sandbox.settle(payment.provider_id!, 'pending');
    expect((await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!))?.payment.status).toBe('pending');
    expect((await userRow(user.id)).credits).toBe(0);
    await sandbox.settle(payment.provider_id!, 'paid');
    expect((await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!))?.fulfilled).toBe(true);
    expect((await userRow(user.id)).credits).toBe(50);
  });

  it('changes nothing for a webhook with an unknown id', async () => {
    expect(await handlePaymentWebhook(database.db, flirt, sandbox, 'tr_unknown')).toBeNull();
  });

  it('credits a paid payment whose webhook was lost, through the reconciliation job, and expires abandoned ones', async () => {
    const user = await member();
    const paid = await buy(user);
    const abandoned = await buy(user);
    await sandbox.settle(paid.provider_id!, 'paid');
    // No webhook. A minute later the job asks the provider.
    setClockForTests(new Date(Date.now() + 2 * 60_000));
    const first = await reconcilePayments(database.db, (id) => tenants.find((t) => t.id === id), () => sandbox);
    expect(first.fulfilled).toBeGreaterThanOrEqual(1);
    expect((await userRow(user.id)).credits).toBe(50);
    setClockForTests(new Date(Date.now() + 20 * 60_000));
    await reconcilePayments(database.db, (id) => tenants.find((t) => t.id === id), () => sandbox);
    const row = await database.db.selectFrom('payments').select('status').where('id', '=', abandoned.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect((await userRow(user.id)).credits).toBe(50);
  });

  // One round at a time across instances: the job queue's test (job-queue.test.ts).

  it('keeps the member premium at 0 credits and after a refund', async () => {
    const user = await member();
    const payment = await buy(user, 'starter');
    await sandbox.settle(payment.provider_id!, 'paid');
    await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!);
    await spendCredits(database.db, 'message', { userId: user.id, credits: 20, reference: `message:premium:${user.id}` });
    expect(await userRow(user.id)).toMatchObject({ credits: 0, paid_user: true });
  });

  it('repeats an order: a free member is refused, a stored card is charged without a redirect', async () => {
    const free = await member();
    expect(await repeatOrder(ctx, free)).toEqual({ ok: false, error: 'premium_only' });
    const user = await member();
    const first = await buy(user, 'plus', 'creditcard');
    expect(first.sequence_type).toBe('first');
    await sandbox.settle(first.provider_id!, 'paid');
    await handlePaymentWebhook(database.db, flirt, sandbox, first.provider_id!);
    const premium = await userRow(user.id);
    const repeated = await repeatOrder(ctx, premium);
    if (!repeated.ok) throw new Error(repeated.error);
    expect(repeated.charged).toBe(true);
    expect(repeated.payment).toMatchObject({ status: 'paid', sequence_type: 'recurring', package_id: 'plus', method: 'creditcard', repeat_of: first.id, checkout_url: null });
    expect((await userRow(user.id)).credits).toBe(200);
    // The same payment's webhook afterwards credits nothing more.
    await handlePaymentWebhook(database.db, flirt, sandbox, repeated.payment.provider_id!);
    expect((await userRow(user.id)).credits).toBe(200);
  });

  it('fails a recurring charge on a blocked card, and repeats a non-card order through a new checkout', async () => {
    const user = await member();
    const first = await buy(user, 'starter', 'creditcard');
    await sandbox.settle(first.provider_id!, 'paid');
    const applied = await handlePaymentWebhook(database.db, flirt, sandbox, first.provider_id!);
    await database.db.updateTable('sandbox_mandates').set({ status: 'invalid' }).where('id', '=', applied!.payment.mandate_id!).execute();
    const declined = await repeatOrder(ctx, await userRow(user.id));
    if (!declined.ok) throw new Error(declined.error);
    expect(declined.payment.status).toBe('failed');
    expect((await userRow(user.id)).credits).toBe(20);

    const other = await member();
    const ideal = await buy(other, 'starter', 'ideal');
    await sandbox.settle(ideal.provider_id!, 'paid');
    await handlePaymentWebhook(database.db, flirt, sandbox, ideal.provider_id!);
    const again = await repeatOrder(ctx, await userRow(other.id));
    if (!again.ok) throw new Error(again.error);
    expect(again.charged).toBeUndefined();
    expect(again.payment).toMatchObject({ status: 'open', method: 'ideal', package_id: 'starter' });
    expect(again.payment.checkout_url).toContain('/sandbox/checkout/');
  });

  describe('refunds', () => {
    async function paidMember(bundle = 'popular', method = 'ideal') {
      const user = await member();
      const payment = await buy(user, bundle, method);
      await sandbox.settle(payment.provider_id!, 'paid');
      await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!);
      return { user: await userRow(user.id), payment };
    }

    it('returns the unused credits of a purchase pro rata within the refund window', async () => {
      const { user, payment } = await paidMember('popular');
      await spendCredits(database.db, 'message', { userId: user.id, credits: 10, reference: `message:refund:${user.id}` });
      setClockForTests(new Date(Date.now() + 13 * 24 * 3600_000));
      const result = await refundPurchase({ db: database.db, tenant: flirt, provider: sandbox }, user, payment.id);
      if (!result.ok) throw new Error(result.error);
      // 40 of 50 credits unused: 40/50 of €44.95 = €35.96.
      expect(result.refund).toMatchObject({ credits: 40, amount: 3596, currency: 'EUR', status: 'refunded' });
      expect(await userRow(user.id)).toMatchObject({ credits: 0, paid_user: true });
      const entries = await ledgerOf(database.db, user.id);
      expect(entries.at(-1)).toMatchObject({ kind: 'refund', amount: -40, balance_after: 0, payment_id: payment.id });
      const sandboxRefunds = await database.db.selectFrom('sandbox_refunds').selectAll().where('payment_id', '=', payment.provider_id!).execute();
      expect(sandboxRefunds.map((r) => r.amount)).toEqual([3596]);
      expect(await refundPurchase({ db: database.db, tenant: flirt, provider: sandbox }, user, payment.id)).toEqual({ ok: false, error: 'already_refunded' });
    });

    it('refunds the whole amount, fee included, when nothing was used', async () => {
      const { user, payment } = await paidMember('starter', 'paypal');
      const result = await refundPurchase({ db: database.db, tenant: flirt, provider: sandbox }, user, payment.id);
      if (!result.ok) throw new Error(result.error);
      expect(result.refund).toMatchObject({ credits: 20, amount: 2030 });
    });

    it('refuses a refund after the refund window, and when every credit was used', async () => {
      const late = await paidMember();
      setClockForTests(new Date(Date.now() + (flirt.settings.refund_days + 1) * 24 * 3600_000));
      expect(await refundPurchase({ db: database.db, tenant: flirt, provider: sandbox }, late.user, late.payment.id)).toEqual({ ok: false, error: 'refund_window_closed' });
      setClockForTests(null);
      const used = await paidMember('starter');
      await spendCredits(database.db, 'gift', { userId: used.user.id, credits: 20, reference: `gift:used:${used.user.id}` });
      expect(await refundPurchase({ db: database.db, tenant: flirt, provider: sandbox }, used.user, used.payment.id)).toEqual({ ok: false, error: 'nothing_to_refund' });
      const stranger = await member();
      expect(await refundPurchase({ db: database.db, tenant: flirt, provider: sandbox }, stranger, used.payment.id)).toEqual({ ok: false, error: 'not_found' });
    });

    it('refunds once when asked many times at once, and spends never take refunded credits', async () => {
      const { user, payment } = await paidMember('popular');
      const attempts = await Promise.all([
        ...Array.from({ length: 4 }, () => refundPurchase({ db: database.db, tenant: flirt, provider: sandbox }, user, payment.id)),
        ...Array.from({ length: 6 }, (_, i) => spendCredits(database.db, 'message', { userId: user.id, credits: 5, reference: `message:race:${user.id}:${i}` })),
      ]);
      const refunds = attempts.slice(0, 4).filter((r) => r.ok);
      expect(refunds).toHaveLength(1);
      const row = await userRow(user.id);
      const entries = await ledgerOf(database.db, user.id);
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(row.credits);
      expect(row.credits).toBeGreaterThanOrEqual(0);
    });

    it('gives the credits back when the provider refuses the refund', async () => {
      const { user, payment } = await paidMember('starter');
      const failing = new SandboxProvider(database.db, flirt.id, 'http://flirtlokaal.localhost');
      failing.refund = () => Promise.reject(new ProviderError('the provider is down'));
      const result = await refundPurchase({ db: database.db, tenant: flirt, provider: failing }, user, payment.id);
      expect(result).toEqual({ ok: false, error: 'provider_unavailable' });
      expect((await userRow(user.id)).credits).toBe(20);
      // And it can be asked again.
      const again = await refundPurchase({ db: database.db, tenant: flirt, provider: sandbox }, user, payment.id);
      expect(again.ok).toBe(true);
      expect((await userRow(user.id)).credits).toBe(0);
    });
  });
});

describe('every bundle with every offered method on every demo tenant (PGlite)', () => {
  it('can be bought through the sandbox, credited once, and makes the member premium', async () => {
    const { database, drop } = await migratedDatabase(databaseKinds[0]!);
    try {
      const { creditOffer } = await import('~/.server/credits/offer');
      let bought = 0;
      for (const tenant of tenants) {
        const sandbox = new SandboxProvider(database.db, tenant.id, `http://${tenant.id}.localhost`);
        const ctx = { db: database.db, tenant, provider: sandbox, origin: `http://${tenant.id}.localhost`, locale: tenant.locales[0]! };
        for (const country of tenant.settings.countries) {
          n++;
          const signup = await signUp(database.db, tenant, { ip: null, origin: 'http://x', locale: 'en' }, {
            email: `all${n}@example.com`, name: `All${n}`, password: 'a good password', date_of_birth: '1960-01-01',
            gender: 'female', seeking: 'male', country, terms: true, orientation_consent: true, tracking: { network: 'test' },
            ...fitsNiche(tenant),
          });
          if (!signup.ok) throw new Error(`${tenant.id} ${country}: ${signup.error}`);
          let expected = signup.user.credits;
          const offer = creditOffer(tenant, country);
          for (const bundle of offer.packages) {
            // Direct debit asks an SMS code on its own form: tests/integration/direct-debit.test.ts buys those.
            for (const method of offer.methods.filter((m) => m.id !== 'sdd')) {
              const created = await createPayment(ctx, signup.user, { package: bundle.id, method: method.id, country });
              if (!created.ok) throw new Error(`${tenant.id} ${country} ${bundle.id} ${method.id}: ${created.error}`);
              expect(created.payment.amount).toBe(bundle.price + method.fee);
              await sandbox.settle(created.payment.provider_id!, 'paid');
              await handlePaymentWebhook(database.db, tenant, sandbox, created.payment.provider_id!);
              await handlePaymentWebhook(database.db, tenant, sandbox, created.payment.provider_id!);
              expected += bundle.credits;
              bought++;
            }
          }
          const row = await database.db.selectFrom('users').select(['credits', 'paid_user']).where('id', '=', signup.user.id).executeTakeFirstOrThrow();
          expect(row, `${tenant.id} ${country}`).toEqual({ credits: expected, paid_user: true });
        }
      }
      expect(bought).toBeGreaterThan(100);
    } finally {
      await database.close();
      await drop();
    }
  });
});
