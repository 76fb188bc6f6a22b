// SEPA direct debit with an SMS code on both databases (issue 17, docs/decisions/0020): the code
// step, each error text's case, the code's 10 minutes and 3 tries (moved clock, parallel guesses),
// the code bound to its details, the sandbox settling the debit, the block after a chargeback
// webhook and by the operator, the monthly limit per IBAN and per member under parallel requests,
// repeat orders on the stored mandate.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import { now, setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { pairHash } from '~/.server/directdebit/account-details';
import { blockPair, pairFromCommandLine, unblockPair } from '~/.server/directdebit/blocks';
import { CODE_TTL_MS, CODES_PER_HOUR } from '~/.server/directdebit/codes';
import { payByDirectDebit, type DirectDebitContext, type DirectDebitRequest } from '~/.server/directdebit/direct-debit';
import { mandateReference } from '~/.server/directdebit/mandate';
import { createPayment, handlePaymentWebhook } from '~/.server/payments/payments';
import { repeatOrder } from '~/.server/payments/repeat-order';
import { SANDBOX_DEBIT_SETTLE_MS, SandboxProvider } from '~/.server/payments/sandbox';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNiche } from '../support/niche';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const bella = tenants.find((t) => t.id === 'bellacurva')!;
const IBAN = 'NL91ABNA0417164300';
const OTHER_IBAN = 'NL02ABNA0123456789';
let n = 0;

describe.each(databaseKinds)('direct debit on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let ctx: DirectDebitContext;
  let sandbox: SandboxProvider;
  let pokes = 0;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    sandbox = new SandboxProvider(database.db, flirt.id, 'http://flirtlokaal.localhost');
    ctx = { db: database.db, tenant: flirt, provider: sandbox, origin: 'http://flirtlokaal.localhost', locale: 'nl', smsAvailable: true, pokeSms: () => pokes++ };
  });

  afterEach(() => setClockForTests(null));

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function member(tenant = flirt, country = 'NL'): Promise<User> {
    n++;
    const result = await signUp(database.db, tenant, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `debtor${n}@example.com`, name: `Debtor${n}`, password: 'a good password', date_of_birth: '1990-01-01',
      gender: 'male', seeking: 'female', country, terms: true, orientation_consent: true, ...fitsNiche(tenant, 'male'),
    });
    if (!result.ok) throw new Error(result.error);
    return result.user;
  }

  const details = (over: Partial<DirectDebitRequest> = {}): DirectDebitRequest => ({
    package: 'popular', country: 'NL', account_holder: 'Jan de Vries', iban: 'nl91 abna 0417 1643 00', street: 'Herengracht', house_number: '182',
    zip: '1016 BR', city: 'Amsterdam', phone: '06 12345678', ...over,
  });

  /** The code of the last SMS to a phone, as the member reads it. */
  async function lastCode(phone = '+31612345678'): Promise<string> {
    const sms = await database.db.selectFrom('sms_outbox').selectAll().where('to_phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(sms.text)![1]!;
  }

  async function pay(user: User, over: Partial<DirectDebitRequest> = {}) {
    const sent = await payByDirectDebit(ctx, user, details(over));
    expect(sent).toMatchObject({ ok: true, step: 'otp' });
    const result = await payByDirectDebit(ctx, user, details({ ...over, otp: await lastCode(sent.ok && over.phone?.startsWith('+49') ? over.phone.replace(/\s/g, '') : undefined) }));
    if (!result.ok || result.step !== 'payment') throw new Error(JSON.stringify(result));
    return result.payment;
  }

  const paymentsOf = (user: User) => database.db.selectFrom('payments').selectAll().where('user_id', '=', user.id).execute();

  it('sends a 6-digit code by SMS to the E.164 phone in the member language, and creates nothing else yet', async () => {
    const user = await member();
    const before = pokes;
    const result = await payByDirectDebit(ctx, user, details());
    expect(result).toMatchObject({ ok: true, step: 'otp', phone: '+316•••••678' });
    if (result.ok && result.step === 'otp') expect(result.expiresAt.getTime() - now().getTime()).toBeGreaterThan(CODE_TTL_MS - 5000);
    const sms = await database.db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms).toMatchObject({ tenant_id: 'flirtlokaal', kind: 'directdebit-code', to_phone: '+31612345678', status: 'pending' });
    expect(sms.text).toMatch(/^FlirtLokaal: je incassocode is \d{6}\./);
    expect(pokes).toBe(before + 1);
    expect(await paymentsOf(user)).toEqual([]);
    // Only a hash of the code is stored.
    const code = await lastCode();
    const row = await database.db.selectFrom('direct_debit_codes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
  });

  it('creates a pending sdd payment with the right code, stores the mandate, and the sandbox settles it as paid', async () => {
    const user = await member();
    const payment = await pay(user);
    expect(payment).toMatchObject({ method: 'sdd', status: 'pending', provider: 'sandbox', amount: 4495, credits: 50, sequence_type: 'first' });
    expect(payment.provider_id).toMatch(/^tr_sbx_/);
    const mandate = await database.db.selectFrom('direct_debit_mandates').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(mandate).toMatchObject({ reference: mandateReference(flirt, user.id), iban: IBAN, phone: '+31612345678', account_holder: 'Jan de Vries', status: 'valid', provider: 'sandbox' });
    expect(mandate.reference).toMatch(/^FLIRTLOKAAL-M\d{8}$/);
    expect(mandate.provider_mandate_id).toMatch(/^mdt_sbx_/);
    // Pending until the bank collects: a minute later the provider says paid, the bundle is credited once.
    expect((await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!))?.payment.status).toBe('pending');
    setClockForTests(new Date(Date.now() + SANDBOX_DEBIT_SETTLE_MS + 1000));
    const settled = await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!);
    expect(settled).toMatchObject({ fulfilled: true, payment: { status: 'paid' } });
    const after = await database.db.selectFrom('users').select(['credits', 'paid_user']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ credits: 50, paid_user: true });
  });

  it('answers Code invalid for a wrong code and creates no payment; after 3 tries even the right code is spent', async () => {
    const user = await member();
    await payByDirectDebit(ctx, user, details());
    const code = await lastCode();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 3; i++) expect(await payByDirectDebit(ctx, user, details({ otp: wrong }))).toEqual({ ok: false, error: 'otp_invalid' });
    expect(await payByDirectDebit(ctx, user, details({ otp: code }))).toEqual({ ok: false, error: 'otp_expired' });
    expect(await paymentsOf(user)).toEqual([]);
  });

  it('lets a code expire after 10 minutes (moved clock)', async () => {
    const user = await member();
    await payByDirectDebit(ctx, user, details());
    const code = await lastCode();
    setClockForTests(new Date(Date.now() + CODE_TTL_MS + 1000));
    expect(await payByDirectDebit(ctx, user, details({ otp: code }))).toEqual({ ok: false, error: 'otp_expired' });
    expect(await paymentsOf(user)).toEqual([]);
  });

  it('binds the code to its details: another phone, IBAN or bundle needs a new code; a new code ends the old one', async () => {
    const user = await member();
    await payByDirectDebit(ctx, user, details());
    const first = await lastCode();
    expect(await payByDirectDebit(ctx, user, details({ otp: first, package: 'starter' }))).toEqual({ ok: false, error: 'otp_expired' });
    expect(await payByDirectDebit(ctx, user, details({ otp: first, iban: OTHER_IBAN }))).toEqual({ ok: false, error: 'otp_expired' });
    await payByDirectDebit(ctx, user, details());
    const second = await lastCode();
    if (first !== second) expect(await payByDirectDebit(ctx, user, details({ otp: first }))).toMatchObject({ ok: false });
    expect(await payByDirectDebit(ctx, user, details({ otp: second }))).toMatchObject({ ok: true, step: 'payment' });
  });

  it('counts tries in the database: 10 parallel wrong guesses get 3 tries, and a right code sent 6 times at once pays once', async () => {
    const user = await member();
    await payByDirectDebit(ctx, user, details());
    const code = await lastCode();
    const wrong = code === '999999' ? '999998' : '999999';
    const guesses = await Promise.all(Array.from({ length: 10 }, () => payByDirectDebit(ctx, user, details({ otp: wrong }))));
    expect(guesses.filter((g) => !g.ok && g.error === 'otp_invalid')).toHaveLength(3);
    expect(guesses.filter((g) => !g.ok && g.error === 'otp_expired')).toHaveLength(7);

    const other = await member();
    await payByDirectDebit(ctx, other, details({ iban: OTHER_IBAN }));
    const right = await lastCode();
    const results = await Promise.all(Array.from({ length: 6 }, () => payByDirectDebit(ctx, other, details({ iban: OTHER_IBAN, otp: right }))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await paymentsOf(other)).toHaveLength(1);
  });

  it('answers field errors for an invalid IBAN, an IBAN outside SEPA and a phone that takes no SMS', async () => {
    const user = await member();
    expect(await payByDirectDebit(ctx, user, details({ iban: 'NL91ABNA0417164301' }))).toEqual({ ok: false, error: 'validation', fields: { iban: 'directdebit.error.iban' } });
    expect(await payByDirectDebit(ctx, user, details({ iban: 'BR1800360305000010009795493C1' }))).toEqual({ ok: false, error: 'validation', fields: { iban: 'directdebit.error.ibanCountry' } });
    expect(await payByDirectDebit(ctx, user, details({ phone: '12' }))).toEqual({ ok: false, error: 'validation', fields: { phone: 'directdebit.error.phone' } });
    // A Dutch landline cannot receive the code.
    expect(await payByDirectDebit(ctx, user, details({ phone: '020 308 4410' }))).toEqual({ ok: false, error: 'validation', fields: { phone: 'directdebit.error.phone' } });
    expect(await payByDirectDebit(ctx, user, details({ package: 'nope' }))).toEqual({ ok: false, error: 'unknown_package' });
    expect(await payByDirectDebit(ctx, user, details({ country: 'DE' }))).toEqual({ ok: false, error: 'unknown_country' });
    expect(await payByDirectDebit({ ...ctx, smsAvailable: false }, user, details())).toEqual({ ok: false, error: 'sms_unavailable' });
    // /api/payment.php refuses sdd: it needs this form.
    expect(await createPayment(ctx, user, { package: 'popular', method: 'sdd', country: 'NL' })).toEqual({ ok: false, error: 'direct_debit_form' });
  });

  it('refuses a blocked IBAN-and-phone pair on every tenant without sending an SMS; the same IBAN with another phone may pay', async () => {
    const user = await member();
    const pair = pairFromCommandLine('NL91 ABNA 0417 1643 00', '+31 6 12345678');
    expect(pair).toMatchObject({ ok: true, iban: IBAN, phone: '+31612345678', hash: pairHash(IBAN, '+31612345678') });
    if (!pair.ok) return;
    expect(await blockPair(database.db, pair.hash, 'operator')).toBe(true);
    expect(await blockPair(database.db, pair.hash, 'operator')).toBe(false);
    const smsBefore = await database.db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(await payByDirectDebit(ctx, user, details())).toEqual({ ok: false, error: 'blocked' });
    const bellaMember = await member(bella, 'IT');
    const bellaCtx = { ...ctx, tenant: bella, provider: new SandboxProvider(database.db, bella.id, 'http://bellacurva.localhost') };
    expect(await payByDirectDebit(bellaCtx, bellaMember, details({ country: 'IT', phone: '+31 6 12345678' }))).toEqual({ ok: false, error: 'blocked' });
    const smsAfter = await database.db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(smsAfter.n).toBe(smsBefore.n);
    expect(await payByDirectDebit(ctx, user, details({ phone: '06 87654321' }))).toMatchObject({ ok: true, step: 'otp' });
    expect(await unblockPair(database.db, pair.hash)).toBe(true);
    expect(await payByDirectDebit(ctx, user, details())).toMatchObject({ ok: true, step: 'otp' });
  });

  it('blocks the pair and revokes the mandate when the provider reports a chargeback through the webhook', async () => {
    const user = await member();
    const phone = '+49 1512 3456789';
    const payment = await pay(user, { phone, iban: 'DE89 3704 0044 0532 0130 00' });
    await sandbox.settle(payment.provider_id!, 'paid');
    expect((await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!))?.payment.status).toBe('paid');
    expect(await sandbox.settle(payment.provider_id!, 'chargeback')).not.toBeNull();
    const applied = await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!);
    expect(applied?.payment.status).toBe('paid');
    expect(applied?.payment.charged_back_at).not.toBeNull();
    const block = await database.db.selectFrom('direct_debit_blocks').selectAll().where('payment_id', '=', payment.id).executeTakeFirstOrThrow();
    expect(block).toMatchObject({ reason: 'chargeback', pair_hash: pairHash('DE89370400440532013000', '+4915123456789') });
    const mandate = await database.db.selectFrom('direct_debit_mandates').select('status').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(mandate.status).toBe('revoked');
    // The webhook again changes nothing more; the pair is refused from now on.
    await handlePaymentWebhook(database.db, flirt, sandbox, payment.provider_id!);
    expect(await payByDirectDebit(ctx, user, details({ phone, iban: 'DE89370400440532013000' }))).toEqual({ ok: false, error: 'blocked' });
    expect(await repeatOrder(ctx, { ...user, paid_user: true })).toEqual({ ok: false, error: 'direct_debit_form' });
  });

  it('holds the monthly limit per IBAN and per member, also under parallel requests', async () => {
    // Per IBAN: two members with the same account.
    const [a, b] = [await member(), await member()];
    const iban = 'NL20INGB0001234567';
    await pay(a, { iban, package: 'value' }); // 149.00
    await payByDirectDebit(ctx, b, details({ iban, package: 'value' }));
    expect(await payByDirectDebit(ctx, b, details({ iban, package: 'value', otp: await lastCode() }))).toEqual({ ok: false, error: 'limit' });
    expect(await payByDirectDebit(ctx, b, details({ iban, package: 'value' }))).toEqual({ ok: false, error: 'limit' });
    await pay(b, { iban, package: 'plus' }); // 149.00 + 79.95 = 228.95 ≤ 250
    // Per member: another account does not help.
    await pay(a, { iban: OTHER_IBAN, package: 'plus' }); // member a: 228.95
    expect(await payByDirectDebit(ctx, a, details({ iban: 'NL39RABO0300065264', package: 'popular' }))).toEqual({ ok: false, error: 'limit' });
    // Next month the limit starts again.
    const nextMonth = new Date(now());
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1, 1);
    setClockForTests(nextMonth);
    expect(await payByDirectDebit(ctx, a, details({ iban: 'NL39RABO0300065264', package: 'popular' }))).toMatchObject({ ok: true, step: 'otp' });
    setClockForTests(null);

    // Parallel: three members with one account confirm their codes at the same moment; 2 × 149 > 250.
    const shared = 'NL86INGB0002445588';
    const members = [await member(), await member(), await member()];
    const codes: string[] = [];
    for (const m of members) {
      await payByDirectDebit(ctx, m, details({ iban: shared, package: 'value' }));
      codes.push(await lastCode());
    }
    const results = await Promise.all(members.map((m, i) => payByDirectDebit(ctx, m, details({ iban: shared, package: 'value', otp: codes[i] }))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === 'limit')).toHaveLength(2);
  });

  it('sends at most 5 codes per member per hour', async () => {
    const user = await member();
    const mine = details({ phone: '06 11223344' });
    for (let i = 0; i < CODES_PER_HOUR; i++) expect(await payByDirectDebit(ctx, user, mine)).toMatchObject({ ok: true, step: 'otp' });
    expect(await payByDirectDebit(ctx, user, mine)).toEqual({ ok: false, error: 'too_many_codes' });
    setClockForTests(new Date(Date.now() + 3600_000 + 1000));
    expect(await payByDirectDebit(ctx, user, mine)).toMatchObject({ ok: true, step: 'otp' });
  });

  it('debits the stored mandate again for a repeat order, without a new code, under the limit', async () => {
    const user = await member();
    const first = await pay(user, { iban: 'NL69ABNA0433647324', package: 'plus' });
    setClockForTests(new Date(Date.now() + SANDBOX_DEBIT_SETTLE_MS + 1000));
    await handlePaymentWebhook(database.db, flirt, sandbox, first.provider_id!);
    const paid = await database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const smsBefore = await database.db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const repeat = await repeatOrder(ctx, paid);
    expect(repeat).toMatchObject({ ok: true, charged: true, payment: { method: 'sdd', status: 'pending', sequence_type: 'recurring', repeat_of: first.id } });
    const smsAfter = await database.db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(smsAfter.n).toBe(smsBefore.n);
    // 2 × 79.95 = 159.90; a third would pass 250.
    expect(await repeatOrder(ctx, paid)).toMatchObject({ ok: true });
    expect(await repeatOrder(ctx, paid)).toMatchObject({ ok: false, error: 'direct_debit_limit' });
  });
});

describe('direct debit on every demo tenant that offers it (PGlite)', () => {
  it('pays every bundle in every sdd country with the code from the SMS, settled by the sandbox and credited once', async () => {
    const { database, drop } = await migratedDatabase(databaseKinds[0]!);
    try {
      const { creditOffer } = await import('~/.server/credits/offer');
      const offering = tenants.filter((t) => t.payments.methods.includes('sdd'));
      expect(offering.map((t) => t.id).sort()).toEqual(['bellacurva', 'flirtlokaal', 'herzklopfen']);
      let month = 0;
      for (const tenant of offering) {
        const sandbox = new SandboxProvider(database.db, tenant.id, `http://${tenant.id}.localhost`);
        const ctx: DirectDebitContext = { db: database.db, tenant, provider: sandbox, origin: `http://${tenant.id}.localhost`, locale: tenant.locales[0]!, smsAvailable: true };
        for (const country of tenant.settings.countries) {
          const offer = creditOffer(tenant, country);
          if (!offer.methods.some((m) => m.id === 'sdd')) continue;
          n++;
          const signup = await signUp(database.db, tenant, { ip: null, origin: 'http://x', locale: 'en' }, {
            email: `every${n}@example.com`, name: `Every${n}`, password: 'a good password', date_of_birth: '1970-01-01',
            gender: 'female', seeking: 'male', country, terms: true, orientation_consent: true, tracking: { network: 'test' }, ...fitsNiche(tenant),
          });
          if (!signup.ok) throw new Error(`${tenant.id} ${country}: ${signup.error}`);
          let expected = signup.user.credits;
          // Each debit in a month of its own keeps the account and the member under the monthly limit.
          for (const bundle of offer.packages) {
            month++;
            setClockForTests(new Date(Date.UTC(2031, month, 10)));
            const phone = `+3161${String(month).padStart(7, '0')}`;
            const input = { package: bundle.id, country, account_holder: 'Demo Member', iban: 'NL91ABNA0417164300', street: 'Main street', house_number: '1', zip: '1000', city: 'Town', phone };
            const sent = await payByDirectDebit(ctx, signup.user, input);
            if (!sent.ok) throw new Error(`${tenant.id} ${country} ${bundle.id}: ${sent.error}`);
            const sms = await database.db.selectFrom('sms_outbox').select('text').where('to_phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
            const paid = await payByDirectDebit(ctx, signup.user, { ...input, otp: /\b\d{6}\b/.exec(sms.text)![0] });
            if (!paid.ok || paid.step !== 'payment') throw new Error(`${tenant.id} ${country} ${bundle.id}: ${JSON.stringify(paid)}`);
            expect(paid.payment.amount).toBe(bundle.price + offer.methods.find((m) => m.id === 'sdd')!.fee);
            await sandbox.settle(paid.payment.provider_id!, 'paid');
            await handlePaymentWebhook(database.db, tenant, sandbox, paid.payment.provider_id!);
            await handlePaymentWebhook(database.db, tenant, sandbox, paid.payment.provider_id!);
            expected += bundle.credits;
          }
          setClockForTests(null);
          const row = await database.db.selectFrom('users').select(['credits', 'paid_user']).where('id', '=', signup.user.id).executeTakeFirstOrThrow();
          expect(row, `${tenant.id} ${country}`).toEqual({ credits: expected, paid_user: true });
        }
      }
    } finally {
      setClockForTests(null);
      await database.close();
      await drop();
    }
  });
});
