// Direct debit's outside services, answered by msw (docs/architecture.md §12): the SMS gateway (a JSON POST
// {to, text} to SMS_URL, retried with backoff when it fails) and Mollie (the mandate through the
// Mandates API with our reference, a recurring debit that is pending until collected, a chargeback
// reported on the webhook that blocks the pair).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fitsNiche } from '../support/niche';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import { now, setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { pairHash } from '~/.server/directdebit/account-details';
import { payByDirectDebit, type DirectDebitContext } from '~/.server/directdebit/direct-debit';
import { mandateReference } from '~/.server/directdebit/mandate';
import { enqueueSms, startSmsWorker } from '~/.server/directdebit/sms';
import { startJobQueue, type JobQueue } from '~/.server/jobs/queue';
import { MollieProvider } from '~/.server/payments/mollie';
import { handlePaymentWebhook } from '~/.server/payments/payments';
import { loadTenants } from '~/.server/tenants/registry';
import { TenantSchema, type Tenant } from '~/.server/tenants/schema';
import { createMollieMock } from '../mocks/mollie';
import { databaseKinds, migratedDatabase } from '../support/databases';

const SMS_URL = 'https://sms-gateway.example.test/v1/messages';
const base = loadTenants('tenants').find((t) => t.id === 'herzklopfen')!;
// Herzklopfen on Mollie, open for signups in this test.
const tenant: Tenant = TenantSchema.parse({ ...base, settings: { ...base.settings, signups: 'all' }, payments: { ...base.payments, provider: 'mollie', mollie_api_key_env: 'HERZKLOPFEN_MOLLIE_KEY' } });
const mollie = createMollieMock();
const received: { to: string; text: string; contentType: string | null }[] = [];
let gatewayStatus = 503;
const server = setupServer(
  ...mollie.handlers,
  http.post(SMS_URL, async ({ request }) => {
    const body = (await request.json()) as { to: string; text: string };
    if (gatewayStatus !== 200) return HttpResponse.json({ error: 'busy' }, { status: gatewayStatus });
    received.push({ ...body, contentType: request.headers.get('content-type') });
    return HttpResponse.json({ id: `msg-${received.length}` }, { status: 200 });
  }),
);
let database: Database;
// The SMS worker is driven by hand here (runOnce): no scheduled drains in between.
let jobs: JobQueue;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // PGlite from the migrated template (tests/support/databases.ts).
  ({ database } = await migratedDatabase(databaseKinds[0]!));
  jobs = await startJobQueue(database.db, { cron: false });
});

afterEach(() => setClockForTests(null));

afterAll(async () => {
  server.close();
  await jobs.stop();
  await database.close();
});

describe('the SMS worker', () => {
  it('POSTs {to, text} as JSON to SMS_URL, retrying with backoff after a failure, and marks it sent once', async () => {
    await enqueueSms(database.db, tenant, { kind: 'directdebit-code', priority: 'transactional', to: '+4915123456789', text: 'Herzklopfen: Dein Lastschrift-Code lautet 123456.' });
    const worker = await startSmsWorker(database.db, jobs, { smsUrl: SMS_URL });
    try {
      expect(await worker.runOnce()).toBe(0);
      const failed = await database.db.selectFrom('sms_outbox').selectAll().executeTakeFirstOrThrow();
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMS gateway answered 503' });
      gatewayStatus = 200;
      expect(await worker.runOnce()).toBe(0); // backing off: not due yet
      setClockForTests(new Date(now().getTime() + 60_000));
      expect(await worker.runOnce()).toBe(1);
      expect(received).toEqual([{ to: '+4915123456789', text: 'Herzklopfen: Dein Lastschrift-Code lautet 123456.', contentType: 'application/json' }]);
      expect(await database.db.selectFrom('sms_outbox').select(['status', 'attempts']).executeTakeFirstOrThrow()).toEqual({ status: 'sent', attempts: 2 });
      expect(await worker.runOnce()).toBe(0);
      expect(received).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it('keeps SMS in the development outbox when no gateway is set (no request goes out)', async () => {
    await enqueueSms(database.db, tenant, { kind: 'directdebit-code', priority: 'transactional', to: '+4915199999999', text: 'dev' });
    const before = received.length;
    const worker = await startSmsWorker(database.db, jobs, {});
    try {
      expect(await worker.runOnce()).toBe(1);
    } finally {
      await worker.stop();
    }
    expect(received).toHaveLength(before);
    expect((await database.db.selectFrom('sms_outbox').select('status').where('to_phone', '=', '+4915199999999').executeTakeFirstOrThrow()).status).toBe('sent');
  });
});

describe('direct debit through Mollie', () => {
  it('creates the mandate with our reference, debits it (pending, then paid) and blocks the pair after a chargeback', async () => {
    const signed = await signUp(database.db, tenant, { ip: null, origin: 'http://x', locale: 'de' }, {
      email: 'lena@example.com', name: 'Lena', password: 'a good password', date_of_birth: '1991-04-02', gender: 'female', seeking: 'male', country: 'DE', terms: true, orientation_consent: true, ...fitsNiche(tenant),
    });
    if (!signed.ok) throw new Error(JSON.stringify(signed));
    const user = signed.user;
    const provider = new MollieProvider(mollie.apiKey);
    const ctx: DirectDebitContext = { db: database.db, tenant, provider, origin: 'https://herzklopfen.de', locale: 'de', smsAvailable: true };
    const input = { package: 'popular', country: 'DE', account_holder: 'Lena Schmidt', iban: 'DE89 3704 0044 0532 0130 00', street: 'Torstraße', house_number: '109', zip: '10119', city: 'Berlin', phone: '0151 23456789' };
    expect(await payByDirectDebit(ctx, user, input)).toMatchObject({ ok: true, step: 'otp' });
    const sms = await database.db.selectFrom('sms_outbox').select('text').where('to_phone', '=', '+4915123456789').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms.text).toMatch(/^Herzklopfen: Dein Lastschrift-Code lautet \d{6}\./);
    const otp = /\d{6}/.exec(sms.text)![0];
    const paid = await payByDirectDebit(ctx, user, { ...input, otp });
    if (!paid.ok || paid.step !== 'payment') throw new Error(JSON.stringify(paid));
    expect(paid.payment).toMatchObject({ provider: 'mollie', method: 'sdd', status: 'pending', amount: 4495 });

    const mandateCall = mollie.calls.find((c) => c.path.endsWith('/mandates'));
    expect(mandateCall?.body).toMatchObject({ method: 'directdebit', consumerName: 'Lena Schmidt', consumerAccount: 'DE89370400440532013000', mandateReference: mandateReference(tenant, user.id) });
    const paymentCall = mollie.calls.filter((c) => c.path === '/v2/payments').at(-1);
    expect(paymentCall?.body).toMatchObject({ sequenceType: 'recurring', amount: { currency: 'EUR', value: '44.95' }, webhookUrl: 'https://herzklopfen.de/api/payment-webhook.php' });

    mollie.pay(paid.payment.provider_id!);
    expect(await handlePaymentWebhook(database.db, tenant, provider, paid.payment.provider_id!)).toMatchObject({ fulfilled: true, payment: { status: 'paid' } });
    mollie.chargeBack(paid.payment.provider_id!);
    const back = await handlePaymentWebhook(database.db, tenant, provider, paid.payment.provider_id!);
    expect(back?.payment.charged_back_at).toBeInstanceOf(Date);
    const block = await database.db.selectFrom('direct_debit_blocks').selectAll().where('pair_hash', '=', pairHash('DE89370400440532013000', '+4915123456789')).executeTakeFirst();
    expect(block).toMatchObject({ reason: 'chargeback', payment_id: paid.payment.id });
    expect(await payByDirectDebit(ctx, user, input)).toEqual({ ok: false, error: 'blocked' });
  });
});
