// Offers over HTTP against the built server (docs/api.md "Offers"): GET /api/discountcode.php for
// visitors and members, code answers and texts, POST /api/payment.php charging TIMEBONUS25's 75%
// through the sandbox once, the checkout page with ?code=, the trial on /credits, and the retention
// code of the deletion flow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const ORIGIN = `http://${HOST}`;
let n = 0;

const json = (method: string, path: string, body: unknown, cookie = '', locale = 'en') =>
  request(server.port, HOST, path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: `locale=${locale}${cookie ? `; ${cookie}` : ''}` } });
const get = (path: string, cookie = '', locale = 'en') => request(server.port, HOST, path, { headers: { cookie: `locale=${locale}${cookie ? `; ${cookie}` : ''}` } });
const form = (path: string, fields: Record<string, string>, cookie: string) =>
  request(server.port, HOST, path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie: `locale=en; ${cookie}` } });

async function newMember(): Promise<string> {
  n++;
  const res = await json('POST', '/api/signup.php', { email: `offers${n}@example.com`, name: `Saver${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true });
  expect(res.status).toBe(201);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

interface PaymentJson {
  id: number;
  provider_id: string;
  amount: number;
  price: number;
  discount: number;
  discount_code: string | null;
  checkout_url: string;
}

beforeAll(async () => {
  server = await startServer({ SKIP_SEED: '1' });
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/discountcode.php?welcome=true', () => {
  it('gives a visitor no active code', async () => {
    const res = await get('/api/discountcode.php?welcome=true');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ discountcode: null });
  });

  it('gives a new member TIMEBONUS25 with a countdown just under 4 hours', async () => {
    const cookie = await newMember();
    const { discountcode } = (await get('/api/discountcode.php?welcome=true', cookie)).json<{ discountcode: Record<string, unknown> & { countdownTimer: Record<string, string> } }>();
    expect(discountcode).toMatchObject({
      code: 'TIMEBONUS25', value_percentage: 25, status: 'active', validity: 'once-per-user', expired: false, isVisible: true,
      country: null, user_id: null, expires: null, currency: null, minimum_order_value: null, paymentmethods: null,
    });
    expect(discountcode.countdownTimer.hours).toMatch(/^0[34]$/);
    expect(discountcode.countdownTimer.minutes).toMatch(/^\d\d$/);
    expect(discountcode.countdownTimer.seconds).toMatch(/^\d\d$/);
  });

  it('refuses a request with neither welcome nor code, and takes the page\'s other parameters along', async () => {
    const bad = await get('/api/discountcode.php');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation', fields: { code: 'This field is required' } });
    const passed = await get('/api/discountcode.php?code=LIEFDE20&utm_source=mail&signup=1');
    expect(passed.json()).toEqual({ discountcode: { code: 'LIEFDE20', percentage: 20, minimum: 4000, currency: 'EUR' } });
  });
});

describe('GET /api/discountcode.php?code=', () => {
  it('answers the code, its country, and the texts of docs/product.md §5 in the member\'s language', async () => {
    expect((await get('/api/discountcode.php?code=belgie15')).json()).toEqual({ discountcode: { code: 'BELGIE15', percentage: 15, country: 'BE' } });
    const missing = await get('/api/discountcode.php?code=NOPE');
    expect(missing.status).toBe(400);
    expect(missing.json()).toEqual({ error: 'code_not_found', message: 'Code not found' });
    expect((await get('/api/discountcode.php?code=NOPE', '', 'nl')).json()).toMatchObject({ message: 'Code niet gevonden' });
    expect((await get('/api/discountcode.php?code=VOORJAAR10')).json()).toEqual({ error: 'code_expired', message: 'This code has expired' });
  });
});

describe('buying with TIMEBONUS25', () => {
  it('charges 75% of the price through the sandbox, records the code, and answers "Code already used" after', async () => {
    const cookie = await newMember();
    const created = await json('POST', '/api/payment.php', { package: 'popular', method: 'ideal', discountcode: 'TIMEBONUS25' }, cookie);
    expect(created.status).toBe(201);
    const { payment } = created.json<{ payment: PaymentJson }>();
    expect(payment).toMatchObject({ price: 4495, discount: 1124, amount: 3371, discount_code: 'TIMEBONUS25' });
    const checkout = await get(new URL(payment.checkout_url).pathname, cookie);
    expect(checkout.text).toMatch(/33[.,]71/);
    const settled = await form(new URL(payment.checkout_url).pathname, { outcome: 'paid' }, cookie);
    expect(settled.status).toBe(302);
    const after = (await get(`/api/payment.php?id=${payment.id}`, cookie)).json<{ payment: PaymentJson & { status: string } }>().payment;
    expect(after).toMatchObject({ status: 'paid', amount: 3371, discount_code: 'TIMEBONUS25' });
    expect((await get('/api/user.php', cookie)).json()).toMatchObject({ user: { credits: 50, paid_user: true } });
    // The transaction names the code and the discount.
    const transaction = await get(`/transactions/${payment.id}`, cookie);
    expect(transaction.text).toContain('data-testid="transaction-discount"');
    expect(transaction.text).toContain('Discount TIMEBONUS25');
    expect((await get('/api/discountcode.php?welcome=true', cookie)).json()).toEqual({ discountcode: null });
    const again = await json('POST', '/api/payment.php', { package: 'popular', method: 'ideal', discountcode: 'TIMEBONUS25' }, cookie);
    expect(again.status).toBe(400);
    expect(again.json()).toEqual({ error: 'code_already_used', message: 'Code already used' });
    expect((await get('/api/discountcode.php?code=TIMEBONUS25', cookie)).json()).toMatchObject({ error: 'code_already_used' });
  });

  it('names the minimum and the country in the refusal', async () => {
    const cookie = await newMember();
    expect((await json('POST', '/api/payment.php', { package: 'starter', method: 'ideal', country: 'NL', discountcode: 'LIEFDE20' }, cookie)).json()).toEqual({
      error: 'code_minimum', message: 'This code is valid for orders of €40.00 or more',
    });
    expect((await json('POST', '/api/payment.php', { package: 'starter', method: 'ideal', country: 'NL', discountcode: 'BELGIE15' }, cookie)).json()).toEqual({
      error: 'code_country', message: 'This code is only valid for payments from Belgium',
    });
  });
});

describe('pages', () => {
  it('the checkout applies the time bonus by itself, ?code= on request, and shows a refused code\'s text', async () => {
    const cookie = await newMember();
    const auto = await get('/credits/popular', cookie);
    expect(auto.status).toBe(200);
    expect(auto.text).toContain('data-testid="checkout-discount"');
    expect(auto.text).toContain('name="discountcode" value="TIMEBONUS25"');
    // Inside the welcome window the running 25 % bonus beats the entered 20 % code: the member gets the
    // best single discount (issue 48 item 2), and the entered code stays in its field.
    const code = await get('/credits/popular?code=liefde20', cookie);
    expect(code.text).toContain('name="discountcode" value="TIMEBONUS25"');
    expect(code.text).toMatch(/44[.,]95/);
    expect(code.text).toMatch(/33[.,]71/);
    expect(code.text).not.toMatch(/35[.,]96/);
    // No code: the running bonus alone.
    const none = await get('/credits/popular?code=', cookie);
    expect(none.text).toContain('name="discountcode" value="TIMEBONUS25"');
    const refused = await get('/credits/starter?code=LIEFDE20', cookie);
    expect(refused.text).toContain('data-testid="code-error"');
    expect(refused.text).toContain('This code is valid for orders of €40.00 or more');
    // The form post of the checkout charges the discounted amount too.
    const paid = await form('/credits/popular?index', { method: 'ideal', country: 'NL', discountcode: 'LIEFDE20', consent: 'on' }, cookie);
    expect(paid.status).toBe(302);
    expect(String(paid.headers.location)).toMatch(/\/sandbox\/checkout\//);
  });

  it('offers the trial on /credits to a member who never paid; its checkout shows the saving', async () => {
    const cookie = await newMember();
    const credits = await get('/credits', cookie);
    expect(credits.text).toContain('data-testid="trial-offer"');
    const trial = await get('/credits/trial', cookie);
    expect(trial.status).toBe(200);
    expect(trial.text).toContain('data-testid="checkout-discount"');
    expect(trial.text).not.toContain('data-testid="code-form"');
    expect((await get('/credits/trial')).status).toBe(302);
  });

  it('staying in the deletion flow gives a personal code for delete_discount, applied on /credits', async () => {
    const cookie = await newMember();
    const stay = await form('/account-delete', { intent: 'stay' }, cookie);
    expect(stay.status).toBe(302);
    const location = String(stay.headers.location);
    expect(location).toMatch(/^\/credits\?code=STAY50-[A-Z2-9]{6}$/);
    const code = new URL(location, ORIGIN).searchParams.get('code')!;
    expect((await get(`/api/discountcode.php?code=${code}`, cookie)).json()).toEqual({ discountcode: { code, percentage: 50 } });
    expect((await get(`/api/discountcode.php?code=${code}`)).json()).toMatchObject({ error: 'code_not_found' });
    const again = await form('/account-delete', { intent: 'stay' }, cookie);
    expect(again.headers.location).toBe(location);
  });
});
