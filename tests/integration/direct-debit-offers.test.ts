// Issue 26 items 2 and 3 on both databases: the offers carry through direct debit exactly as through
// every other method (a code, TIMEBONUS25, the trial), and a chargeback shows the purchase as
// charged back, takes its unspent credits back through the ledger (oldest first, as a refund does)
// and ends premium when no other purchase stays paid (decision 0031).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import { setClockForTests } from '~/.server/clock';
import { grantCredits, spendCredits } from '~/.server/credits/ledger';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { payByDirectDebit, type DirectDebitContext, type DirectDebitRequest } from '~/.server/directdebit/direct-debit';
import { createPayment, handlePaymentWebhook, paymentView } from '~/.server/payments/payments';
import { refundQuote } from '~/.server/payments/refunds';
import { SandboxProvider } from '~/.server/payments/sandbox';
import { listTransactions } from '~/.server/payments/transactions';
import { loadTenants } from '~/.server/tenants/registry';
import { discountOf } from '~/shared/offers';
import { databaseKinds, migratedDatabase } from '../support/databases';

const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
let n = 0;

describe.each(databaseKinds)('direct debit offers and chargebacks on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let ctx: DirectDebitContext;
  let sandbox: SandboxProvider;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    sandbox = new SandboxProvider(database.db, flirt.id, 'http://flirtlokaal.localhost');
    ctx = { db: database.db, tenant: flirt, provider: sandbox, origin: 'http://flirtlokaal.localhost', locale: 'en', smsAvailable: true };
  });
  afterEach(() => setClockForTests(null));
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** A member who signed up just now: the welcome bonus (TIMEBONUS25) runs for 4 hours. */
  async function member(): Promise<User> {
    n++;
    const result = await signUp(db(), flirt, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `offer-dd${n}@example.com`, name: `Offerdd${n}`, password: 'a good password', date_of_birth: '1990-01-01',
      gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true,
    });
    if (!result.ok) throw new Error(result.error);
    return result.user;
  }
  const reload = (user: User) => db().selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  const phone = () => `+3161${String(1000000 + n).slice(-7)}`;
  const details = (over: Partial<DirectDebitRequest> = {}): DirectDebitRequest => ({
    package: 'starter', country: 'NL', account_holder: 'Jan de Vries', iban: 'NL91ABNA0417164300', street: 'Herengracht', house_number: '182',
    zip: '1016 BR', city: 'Amsterdam', phone: phone(), ...over,
  });
  async function debit(user: User, over: Partial<DirectDebitRequest> = {}) {
    const input = details(over);
    const sent = await payByDirectDebit(ctx, user, input);
    if (!sent.ok) return sent;
    const sms = await db().selectFrom('sms_outbox').selectAll().where('to_phone', '=', input.phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return payByDirectDebit(ctx, user, { ...input, otp: /\b(\d{6})\b/.exec(sms.text)![1]! });
  }
  async function settlePaid(paymentProviderId: string) {
    await sandbox.settle(paymentProviderId, 'paid');
    return handlePaymentWebhook(db(), flirt, sandbox, paymentProviderId);
  }

  describe('item 2: offers through direct debit', () => {
    it('takes TIMEBONUS25 off a direct debit as off a card payment, and only once', async () => {
      const user = await member();
      const card = await createPayment(ctx, user, { package: 'starter', method: 'ideal', country: 'NL', discountcode: 'TIMEBONUS25' });
      const result = await debit(user, { discountcode: 'TIMEBONUS25' });
      expect(result).toMatchObject({ ok: true, step: 'payment' });
      if (!result.ok || result.step !== 'payment' || !card.ok) throw new Error('no payment');
      const expectedDiscount = discountOf(1995, 25);
      expect(result.payment).toMatchObject({ price: 1995, discount: expectedDiscount, amount: 1995 - expectedDiscount, discount_code: 'TIMEBONUS25', offer: 'TIMEBONUS25' });
      expect(result.payment.amount).toBe(card.payment.amount);
      expect((await settlePaid(result.payment.provider_id!))?.payment.status).toBe('paid');
      expect(await debit(await reload(user), { discountcode: 'TIMEBONUS25', package: 'popular' })).toMatchObject({ ok: false, error: 'code_already_used' });
    });

    it('applies a discount code with its minimum, and refuses it below with the code\'s own text values', async () => {
      const user = await member();
      const popular = await debit(user, { package: 'popular', discountcode: 'liefde20' });
      expect(popular).toMatchObject({ ok: true, step: 'payment', payment: { price: 4495, discount: discountOf(4495, 20), amount: 4495 - discountOf(4495, 20), discount_code: 'LIEFDE20' } });
      const other = await member();
      expect(await payByDirectDebit(ctx, other, details({ discountcode: 'LIEFDE20' }))).toMatchObject({ ok: false, error: 'code_minimum', values: { amount: '€40.00' } });
      expect(await payByDirectDebit(ctx, other, details({ discountcode: 'NOSUCHCODE' }))).toMatchObject({ ok: false, error: 'code_not_found' });
    });

    it('sells the trial package by direct debit to a member who never paid, at its price', async () => {
      const user = await member();
      const trial = await debit(user, { package: 'trial' });
      expect(trial).toMatchObject({ ok: true, step: 'payment', payment: { package_id: 'trial', credits: 10, amount: 299, offer: '#trial' } });
      expect(await payByDirectDebit(ctx, user, details({ package: 'trial', discountcode: 'TIMEBONUS25' }))).toMatchObject({ ok: false, error: 'code_not_applicable' });
    });
  });

  describe('item 3: a chargeback', () => {
    it('shows the purchase as charged back, takes its unspent credits back as a refund does, and ends premium', async () => {
      const user = await member();
      await grantCredits(db(), 'bonus', { userId: user.id, credits: 5, reference: `bonus:${user.id}` });
      const result = await debit(user, { package: 'starter' });
      if (!result.ok || result.step !== 'payment') throw new Error(JSON.stringify(result));
      expect((await settlePaid(result.payment.provider_id!))?.fulfilled).toBe(true);
      expect(await reload(user)).toMatchObject({ credits: 25, paid_user: true });
      // 8 credits spent: the 5 older bonus credits first, then 3 of the purchase (first in, first out).
      expect(await spendCredits(db(), 'message', { userId: user.id, credits: 8, reference: `message:test-${user.id}` })).toMatchObject({ ok: true, balance: 17 });

      await sandbox.settle(result.payment.provider_id!, 'chargeback');
      const applied = await handlePaymentWebhook(db(), flirt, sandbox, result.payment.provider_id!);
      expect(applied?.chargedBack).toBe(true);
      expect(paymentView(applied!.payment)).toMatchObject({ status: 'charged_back', charged_back_at: expect.any(String) });
      const after = await reload(user);
      expect(after).toMatchObject({ credits: 0, paid_user: false });
      const entry = await db().selectFrom('credit_ledger').selectAll().where('reference', '=', `chargeback:${result.payment.id}`).executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ kind: 'refund', amount: -17, balance_after: 0, payment_id: result.payment.id });
      const list = await listTransactions(db(), flirt, after);
      expect(list.find((t) => t.kind === 'purchase' && t.id === result.payment.id)?.status).toBe('charged_back');
      expect((await refundQuote(db(), flirt, applied!.payment)).refusal).toBe('not_paid');
      // The webhook again takes nothing more.
      expect((await handlePaymentWebhook(db(), flirt, sandbox, result.payment.provider_id!))?.chargedBack).toBe(false);
      expect((await reload(user)).credits).toBe(0);
    });

    it('keeps credits of other purchases and premium while another purchase stays paid', async () => {
      const user = await member();
      const card = await createPayment(ctx, user, { package: 'starter', method: 'ideal', country: 'NL' });
      if (!card.ok) throw new Error(card.error);
      expect((await settlePaid(card.payment.provider_id!))?.fulfilled).toBe(true);
      const result = await debit(await reload(user), { package: 'popular' });
      if (!result.ok || result.step !== 'payment') throw new Error(JSON.stringify(result));
      expect((await settlePaid(result.payment.provider_id!))?.fulfilled).toBe(true);
      expect((await reload(user)).credits).toBe(70);
      await sandbox.settle(result.payment.provider_id!, 'chargeback');
      await handlePaymentWebhook(db(), flirt, sandbox, result.payment.provider_id!);
      expect(await reload(user)).toMatchObject({ credits: 20, paid_user: true });
    });
  });
});
