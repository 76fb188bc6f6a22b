// Credits and payments over HTTP against the built server (docs/api.md "Credits and payments"): the
// offer per payment country, checkout through the sandbox page, the webhook without cookie or Origin,
// own payments only, the pages' 404s, transactions, repeat order and refunds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const ORIGIN = `http://${HOST}`;
let n = 0;

const json = (method: string, path: string, body: unknown, cookie = '') =>
  request(server.port, HOST, path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: `locale=en${cookie ? `; ${cookie}` : ''}` } });
const get = (path: string, cookie = '') => request(server.port, HOST, path, { headers: { cookie: `locale=en${cookie ? `; ${cookie}` : ''}` } });
const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  request(server.port, HOST, path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

async function newMember(): Promise<string> {
  n++;
  const res = await json('POST', '/api/signup.php', { email: `pay${n}@example.com`, name: `Payer${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true });
  expect(res.status).toBe(201);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

interface PaymentJson {
  id: number;
  provider_id: string;
  order_number: string;
  status: string;
  amount: number;
  currency: string;
  credits: number;
  method: string;
  checkout_url: string | null;
}

async function buy(cookie: string, outcome: string, body: Record<string, string> = { package: 'popular', method: 'ideal' }): Promise<PaymentJson> {
  const created = await json('POST', '/api/payment.php', body, cookie);
  expect(created.status).toBe(201);
  const { payment } = created.json<{ payment: PaymentJson }>();
  // The member presses a button on the sandbox checkout page (a same-origin form post).
  const settled = await form(new URL(payment.checkout_url!).pathname, { outcome }, { origin: ORIGIN, cookie });
  expect(settled.status).toBe(302);
  expect(settled.headers.location).toBe(`${ORIGIN}/credits/result?payment=${payment.id}`);
  return payment;
}

const user = async (cookie: string) => (await get('/api/user.php', cookie)).json<{ user: { credits: number; paid_user: boolean } }>().user;

beforeAll(async () => {
  server = await startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/credits.php', () => {
  it('answers the bundles, prices in minor units and methods of the payment country', async () => {
    const res = await get('/api/credits.php?country=NL');
    expect(res.status).toBe(200);
    const offer = res.json<{ country: string; currency: string; packages: { id: string; credits: number; price: number; currency: string; best_value: boolean }[]; methods: { id: string; fee: number }[] }>();
    expect(offer.country).toBe('NL');
    expect(offer.currency).toBe('EUR');
    expect(offer.packages.length).toBeGreaterThanOrEqual(4);
    expect(offer.packages[0]).toMatchObject({ id: 'starter', credits: 20, price: 1995, currency: 'EUR' });
    expect(offer.packages.filter((p) => p.best_value).map((p) => p.id)).toEqual(['value']);
    expect(offer.methods.map((m) => m.id)).toContain('ideal');
    expect(offer.methods.map((m) => m.id)).not.toContain('bancontact');
    expect(offer.methods.find((m) => m.id === 'paypal')?.fee).toBe(35);
    const belgium = (await get('/api/credits.php?country=be')).json<{ country: string; methods: { id: string }[] }>();
    expect(belgium.country).toBe('BE');
    expect(belgium.methods.map((m) => m.id)).toContain('bancontact');
    expect(belgium.methods.map((m) => m.id)).not.toContain('ideal');
  });

  it('refuses a country the tenant does not serve, and a value that is no country', async () => {
    expect((await get('/api/credits.php?country=US')).json()).toMatchObject({ error: 'unknown_country' });
    const bad = await get('/api/credits.php?country=1');
    expect(bad.status).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('validation');
  });
});

describe('buying a bundle', () => {
  it('needs a member, then answers 201 with the payment and a sandbox checkout URL', async () => {
    expect((await json('POST', '/api/payment.php', { package: 'popular', method: 'ideal' })).status).toBe(403);
    const cookie = await newMember();
    const res = await json('POST', '/api/payment.php', { package: 'starter', method: 'paypal', country: 'NL' }, cookie);
    expect(res.status).toBe(201);
    const { payment } = res.json<{ payment: PaymentJson }>();
    expect(payment).toMatchObject({ status: 'open', amount: 2030, currency: 'EUR', credits: 20, method: 'paypal' });
    expect(payment.order_number).toMatch(/^\d{4}-\d{6}$/);
    expect(payment.checkout_url).toBe(`${ORIGIN}/sandbox/checkout/${payment.provider_id}`);
    expect((await json('POST', '/api/payment.php', { package: 'gold', method: 'ideal' }, cookie)).json()).toMatchObject({ error: 'unknown_package' });
    expect((await json('POST', '/api/payment.php', { package: 'starter', method: 'bancontact', country: 'NL' }, cookie)).json()).toMatchObject({ error: 'unknown_method' });
    expect((await json('POST', '/api/payment.php', { package: 'starter', method: 'ideal', discountcode: 'NOPE' }, cookie)).json()).toMatchObject({ error: 'code_not_found', message: 'Code not found' });
  });

  it('credits the bundle once, makes the member premium and shows the completed result page', async () => {
    const cookie = await newMember();
    expect(await user(cookie)).toMatchObject({ credits: 0, paid_user: false });
    const payment = await buy(cookie, 'paid');
    expect(await user(cookie)).toMatchObject({ credits: 50, paid_user: true });
    // The provider calls the webhook again, several times, without cookie or Origin: nothing changes.
    for (let i = 0; i < 3; i++) {
      const hook = await form('/api/payment-webhook.php', { id: payment.provider_id });
      expect(hook.status).toBe(200);
    }
    expect((await user(cookie)).credits).toBe(50);
    const page = await get(`/credits/result?payment=${payment.id}`, cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="result-completed"');
    expect(page.text).toContain(payment.order_number);
    const own = await get(`/api/payment.php?id=${payment.id}`, cookie);
    expect(own.json<{ payment: PaymentJson }>().payment).toMatchObject({ id: payment.id, status: 'paid', checkout_url: null });
  });

  it('shows pending and failed results, and never another member\'s payment', async () => {
    const cookie = await newMember();
    const pending = await buy(cookie, 'pending');
    expect((await get(`/credits/result?payment=${pending.id}`, cookie)).text).toContain('data-testid="result-pending"');
    const failed = await buy(cookie, 'failed');
    const failedPage = await get(`/credits/result?payment=${failed.id}`, cookie);
    expect(failedPage.text).toContain('Payment failed or has been cancelled');
    expect(failedPage.text).toContain('href="/credits/popular/creditcard?country=NL"');
    const canceled = await buy(cookie, 'canceled');
    expect((await get(`/credits/result?payment=${canceled.id}`, cookie)).text).toContain('data-testid="result-failed"');
    expect((await user(cookie)).credits).toBe(0);
    // The pending payment is settled later from the same checkout page.
    const later = await form(`/sandbox/checkout/${pending.provider_id}`, { outcome: 'paid' }, { origin: ORIGIN, cookie });
    expect(later.status).toBe(302);
    expect((await user(cookie)).credits).toBe(50);

    const stranger = await newMember();
    expect((await get(`/api/payment.php?id=${pending.id}`, stranger)).status).toBe(404);
    expect((await get(`/credits/result?payment=${pending.id}`, stranger)).status).toBe(404);
    expect((await get(`/api/transactions.php?id=${pending.id}`, stranger)).status).toBe(404);
    expect((await get(`/transactions/${pending.id}`, stranger)).status).toBe(404);
  });

  it('answers the webhook for an unknown id with 200 and changes nothing; refuses a malformed one', async () => {
    expect((await form('/api/payment-webhook.php', { id: 'tr_doesnotexist' })).status).toBe(200);
    expect((await form('/api/payment-webhook.php', { id: '../etc' })).status).toBe(400);
    expect((await request(server.port, HOST, '/api/payment-webhook.php')).status).toBe(405);
  });
});

describe('pages', () => {
  it('shows the checkout with the method from the URL and 404 for an unknown bundle or method', async () => {
    const cookie = await newMember();
    const page = await get('/credits/popular/paypal', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('checked="" value="paypal"');
    expect((await get('/credits/gold', cookie)).status).toBe(404);
    expect((await get('/credits/popular/bitcoin', cookie)).status).toBe(404);
    expect((await get('/credits/popular/bancontact', cookie)).status).toBe(404);
    expect((await get('/credits/popular/bancontact?country=BE', cookie)).status).toBe(200);
    expect((await get('/credits', cookie)).text).toContain('data-testid="bundle-value"');
  });

  it('pays from the checkout form only with the consent to deliver the credits at once', async () => {
    const cookie = await newMember();
    const refused = await form('/credits/starter/ideal', { method: 'ideal', country: 'NL' }, { origin: ORIGIN, cookie: `locale=en; ${cookie}` });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Please confirm that you want your credits right away');
    const paid = await form('/credits/starter/ideal', { method: 'ideal', country: 'NL', consent: 'on' }, { origin: ORIGIN, cookie: `locale=en; ${cookie}` });
    expect(paid.status).toBe(302);
    expect(paid.headers.location).toMatch(new RegExp(`^${ORIGIN}/sandbox/checkout/tr_sbx_`));
  });

  it('sends visitors to the login page and offers bundles on /pricing and /premium', async () => {
    expect((await get('/credits')).status).toBe(302);
    expect((await get('/transactions')).status).toBe(302);
    expect((await get('/pricing')).text).toContain('data-testid="pricing-bundles"');
    expect((await get('/premium')).status).toBe(200);
  });
});

describe('transactions, repeat order and refunds', () => {
  it('lists purchases and refunds, returns unused credits once, and refuses a free member\'s repeat order', async () => {
    const cookie = await newMember();
    const free = await json('POST', '/api/repeat-order.php', {}, cookie);
    expect(free.status).toBe(403);
    expect(free.json()).toMatchObject({ error: 'premium_only', message: 'This feature is only available for premium members' });
    expect((await get('/credits/repeat-order', cookie)).text).toContain('This feature is only available for premium members');

    const payment = await buy(cookie, 'paid', { package: 'starter', method: 'creditcard' });
    const repeated = await json('POST', '/api/repeat-order.php', {}, cookie);
    expect(repeated.status).toBe(201);
    expect(repeated.json()).toMatchObject({ charged: true, payment: { status: 'paid', credits: 20, method: 'creditcard', checkout_url: null } });
    expect((await user(cookie)).credits).toBe(40);

    const refund = await json('POST', '/api/refund.php', { payment: payment.id }, cookie);
    expect(refund.status).toBe(201);
    expect(refund.json()).toMatchObject({ refund: { payment_id: payment.id, credits: 20, amount: 1995, currency: 'EUR', status: 'refunded' } });
    const again = await json('POST', '/api/refund.php', { payment: payment.id }, cookie);
    expect(again.status).toBe(409);
    expect(again.json<{ error: string }>().error).toBe('already_refunded');
    expect(await user(cookie)).toMatchObject({ credits: 20, paid_user: true });

    const list = (await get('/api/transactions.php', cookie)).json<{ transactions: { id: number; kind: string; payment_id: number; order_number: string; credits: number; amount: number; currency: string; method: string; status: string; created_at: string }[] }>().transactions;
    expect(list.map((t) => t.kind).sort()).toEqual(['purchase', 'purchase', 'refund']);
    expect(list.find((t) => t.kind === 'refund')).toMatchObject({ payment_id: payment.id, credits: -20, amount: -1995, order_number: payment.order_number });
    const detail = await get(`/transactions/${payment.id}`, cookie);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain('data-testid="refund-line"');
    expect(detail.text).toContain('This purchase has already been returned');
  });
});
