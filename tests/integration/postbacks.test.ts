// Postbacks to affiliate networks (issue 23 item 5, docs/decisions/0028), on PGlite and PostgreSQL.
// A member who came from a network earns it lead (signup), confirmed (address confirmed), sale (first
// purchase), rebill (later purchases) and reversal (refund, chargeback): each sent once per member or
// payment, by the worker, from the URL template of the tenant file with its macros filled in; a
// failed try is logged and retried with exponential backoff. msw plays the networks.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { applyProviderPayment, createPayment, handlePaymentWebhook, type CheckoutContext } from '~/.server/payments/payments';
import { refundPurchase } from '~/.server/payments/refunds';
import { SandboxProvider } from '~/.server/payments/sandbox';
import { recordPostback } from '~/.server/postbacks/record';
import { renderTemplate, PostbacksSchema } from '~/.server/tenants/postback-templates';
import { POSTBACK_MAX_ATTEMPTS, sendDuePostbacks } from '~/.server/postbacks/worker';
import { loadTenants } from '~/.server/tenants/registry';
import { TenantSchema, type Tenant } from '~/.server/tenants/schema';
import { newId } from '~/.server/tracking/cookies';
import { attributionFor, recordVisit } from '~/.server/tracking/visits';
import { databaseKinds, migratedDatabase } from '../support/databases';

const base = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const TEMPLATE = 'https://adnet.example/pb?cid={click_id}&s1={sub1}&s2={sub2}&s3={sub3}&e={event}&amt={amount}&cur={currency}&order={order_number}';
const flirt: Tenant = {
  ...base,
  postbacks: {
    adnet: { lead: TEMPLATE, confirmed: TEMPLATE, sale: TEMPLATE, rebill: TEMPLATE, reversal: TEMPLATE },
    // Paid for sales only: its leads are not sent.
    salesonly: { sale: 'https://sales.example/cb?click={click_id}&value={amount}' },
  },
};

let received: URL[] = [];
let answers: number[] = [];
const server = setupServer(
  http.get('https://adnet.example/pb', ({ request }) => {
    received.push(new URL(request.url));
    return new HttpResponse('ok', { status: answers.shift() ?? 200 });
  }),
  http.get('https://sales.example/cb', ({ request }) => {
    received.push(new URL(request.url));
    return new HttpResponse('ok');
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('postback templates in the tenant file', () => {
  it('fill every macro, URL-encoded', () => {
    const url = renderTemplate(TEMPLATE, { click_id: 'abc', sub1: 'a b&c', sub2: '', sub3: 'x', event: 'sale', amount: '20.30', currency: 'EUR', order_number: 'R-1001', network: 'adnet', ref: '' });
    expect(url).toBe('https://adnet.example/pb?cid=abc&s1=a%20b%26c&s2=&s3=x&e=sale&amt=20.30&cur=EUR&order=R-1001');
  });

  it('refuse an unknown macro, a URL that is none, an unknown event and a network name in capitals', () => {
    expect(PostbacksSchema.safeParse({ adnet: { lead: 'https://a.example/?x={clickid}' } }).error?.issues[0]?.message).toMatch(/unknown macro \{clickid\}/);
    expect(PostbacksSchema.safeParse({ adnet: { lead: 'ftp://a.example/' } }).success).toBe(false);
    expect(PostbacksSchema.safeParse({ adnet: { install: 'https://a.example/' } }).success).toBe(false);
    expect(PostbacksSchema.safeParse({ AdNet: { lead: 'https://a.example/' } }).success).toBe(false);
    expect(PostbacksSchema.safeParse({ demo: { lead: '/dev/postbacks?e={event}' } }).success).toBe(true);
    const { id: _id, ...file } = base;
    expect(TenantSchema.safeParse({ ...file, postbacks: { adnet: { sale: 'https://a.example/?v={value}' } } }).success).toBe(false);
  });
});

describe.each(databaseKinds)('postbacks on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let sandbox: SandboxProvider;
  let ctx: CheckoutContext;
  let n = 0;
  const db = () => database.db;
  const deps = { tenant: (id: string) => (id === flirt.id ? flirt : undefined), selfOrigin: () => null };
  const send = () => sendDuePostbacks(db(), deps);

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    sandbox = new SandboxProvider(database.db, flirt.id, 'http://flirtlokaal.localhost');
    ctx = { db: database.db, tenant: flirt, provider: sandbox, origin: 'http://flirtlokaal.localhost', locale: 'nl' };
  });
  beforeEach(() => {
    received = [];
    answers = [];
  });
  afterEach(() => setClockForTests(null));
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function member(tracking: { network: string; sub1?: string } | null): Promise<User> {
    n++;
    let attribution = null;
    if (tracking) {
      const visit = await recordVisit(db(), flirt, {
        lander: 'video', variant: null, profileId: null, path: '/landers/video', tracking, ip: `198.51.100.${n}`, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0', country: 'NL', visitorId: newId(), clickId: null,
      }, { salt: 's' });
      if (visit.outcome === 'bot') throw new Error('bot');
      attribution = await attributionFor(db(), flirt, visit.clickId);
    }
    const result = await signUp(db(), flirt, { ip: null, origin: 'http://x', locale: 'en', attribution }, {
      email: `pb${n}@example.com`, name: `Buyer${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true,
    });
    if (!result.ok) throw new Error(result.error);
    return result.user;
  }
  async function confirm(user: User) {
    expect(await activateAccount(db(), flirt, await createToken(db(), { tenantId: flirt.id, userId: user.id, kind: 'activation' }))).toBe(true);
  }
  async function purchase(user: User) {
    const created = await createPayment(ctx, user, { package: 'popular', method: 'ideal', country: 'NL' });
    if (!created.ok) throw new Error(created.error);
    await sandbox.settle(created.payment.provider_id!, 'paid');
    await handlePaymentWebhook(db(), flirt, sandbox, created.payment.provider_id!);
    return created.payment;
  }
  const rowsOf = (userId: number) => db().selectFrom('postbacks').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  it('sends lead, confirmed, sale, rebill and reversal of a member from a network, with the macros of their visit and payment', async () => {
    const user = await member({ network: 'adnet', sub1: 'spring' });
    await confirm(user);
    const first = await purchase(user);
    const second = await purchase(user);
    const refund = await refundPurchase(ctx, user, second.id);
    expect(refund.ok).toBe(true);
    expect(await send()).toBe(5);

    const events = received.map((url) => url.searchParams.get('e'));
    expect(events).toEqual(['lead', 'confirmed', 'sale', 'rebill', 'reversal']);
    const clickId = (await db().selectFrom('visits').innerJoin('users', 'users.visit_id', 'visits.id').select('click_id').where('users.id', '=', user.id).executeTakeFirstOrThrow()).click_id;
    for (const url of received) expect(url.searchParams.get('cid')).toBe(clickId);
    expect(received[0]!.searchParams.get('s1')).toBe('spring');
    expect(Object.fromEntries(received[2]!.searchParams)).toMatchObject({ amt: (first.amount / 100).toFixed(2), cur: 'EUR', order: first.order_number });
    expect(received[3]!.searchParams.get('order')).toBe(second.order_number);
    expect(received[4]!.searchParams.get('order')).toBe(second.order_number);
    expect(Number(received[4]!.searchParams.get('amt'))).toBeGreaterThan(0);
    expect((await rowsOf(user.id)).map((row) => [row.event, row.status, row.attempts])).toEqual([
      ['lead', 'sent', 1], ['confirmed', 'sent', 1], ['sale', 'sent', 1], ['rebill', 'sent', 1], ['reversal', 'sent', 1],
    ]);
    // Nothing is sent twice.
    expect(await send()).toBe(0);
  });

  it('owes nothing for a member without a network, and skips an event the network has no template for', async () => {
    const direct = await member(null);
    await confirm(direct);
    expect(await rowsOf(direct.id)).toEqual([]);

    const salesOnly = await member({ network: 'SalesOnly' });
    const payment = await purchase(salesOnly);
    await send();
    const clickId = (await db().selectFrom('visits').innerJoin('users', 'users.visit_id', 'visits.id').select('click_id').where('users.id', '=', salesOnly.id).executeTakeFirstOrThrow()).click_id;
    expect(received.map((url) => url.toString())).toEqual([`https://sales.example/cb?click=${clickId}&value=${(payment.amount / 100).toFixed(2)}`]);
    expect((await rowsOf(salesOnly.id)).map((row) => [row.event, row.network, row.status])).toEqual([['lead', 'salesonly', 'skipped'], ['sale', 'salesonly', 'sent']]);
  });

  it('retries a failed postback with exponential backoff, logging every attempt with its status', async () => {
    // The app clock runs on from where a test sets it: each step is measured from the last try.
    answers = [500, 503];
    const user = await member({ network: 'adnet' });
    const tryAt = async () => new Date((await db().selectFrom('postback_attempts').innerJoin('postbacks', 'postbacks.id', 'postback_attempts.postback_id').select('at').where('postbacks.user_id', '=', user.id).orderBy('attempt', 'desc').executeTakeFirstOrThrow()).at).getTime();
    expect(await send()).toBe(0);
    let last = await tryAt();
    setClockForTests(new Date(last + 1_900));
    expect(await send()).toBe(0); // the first wait is 2 s
    setClockForTests(new Date(last + 2_100));
    expect(await send()).toBe(0);
    last = await tryAt();
    setClockForTests(new Date(last + 3_900));
    expect(await send()).toBe(0); // the second wait is 4 s
    setClockForTests(new Date(last + 4_100));
    expect(await send()).toBe(1);
    expect(received).toHaveLength(3);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ event: 'lead', status: 'sent', attempts: 3 });
    const attempts = await db().selectFrom('postback_attempts').selectAll().where('postback_id', '=', row!.id).orderBy('attempt').execute();
    expect(attempts.map((a) => [a.attempt, a.http_status, a.ok, a.error])).toEqual([[1, 500, false, 'HTTP 500'], [2, 503, false, 'HTTP 503'], [3, 200, true, null]]);
  });

  it('gives up after the last try', async () => {
    answers = Array.from({ length: POSTBACK_MAX_ATTEMPTS }, () => 500);
    const user = await member({ network: 'adnet' });
    for (let attempt = 1; attempt <= POSTBACK_MAX_ATTEMPTS; attempt++) {
      await send();
      setClockForTests(new Date(Date.now() + 24 * 3600_000 * attempt));
    }
    await send();
    expect(received).toHaveLength(POSTBACK_MAX_ATTEMPTS);
    expect((await rowsOf(user.id))[0]).toMatchObject({ status: 'failed', attempts: POSTBACK_MAX_ATTEMPTS });
  });

  it('records and sends each event once, whatever runs in parallel', async () => {
    const user = await member({ network: 'adnet' });
    const payment = await purchase(user);
    await Promise.all([
      ...Array.from({ length: 6 }, () => recordPostback(db(), { event: 'lead', userId: user.id })),
      ...Array.from({ length: 6 }, () => recordPostback(db(), { event: 'reversal', paymentId: payment.id })),
      // A chargeback after a refund of the same payment is one reversal.
      applyProviderPayment(db(), payment.id, { id: payment.provider_id!, status: 'paid', checkoutUrl: null, customerId: null, mandateId: null, chargedBack: true }),
    ]);
    await Promise.all(Array.from({ length: 5 }, () => send()));
    expect(received.map((url) => url.searchParams.get('e')).sort()).toEqual(['lead', 'reversal', 'sale']);
    expect((await rowsOf(user.id)).map((row) => row.event)).toEqual(['lead', 'sale', 'reversal']);
  });

  it('makes the first of two parallel purchases the sale and the other a rebill', async () => {
    const user = await member({ network: 'adnet' });
    const payments = await Promise.all([1, 2].map(async () => {
      const created = await createPayment(ctx, user, { package: 'popular', method: 'ideal', country: 'NL' });
      if (!created.ok) throw new Error(created.error);
      await sandbox.settle(created.payment.provider_id!, 'paid');
      return created.payment;
    }));
    await Promise.all(payments.map((payment) => handlePaymentWebhook(db(), flirt, sandbox, payment.provider_id!)));
    const rows = await rowsOf(user.id);
    expect(rows.map((row) => row.event).sort()).toEqual(['lead', 'rebill', 'sale']);
    expect(new Set(rows.filter((row) => row.event !== 'lead').map((row) => row.payment_id))).toEqual(new Set(payments.map((p) => p.id)));
  });
});
