// Direct debit over HTTP against the built server (docs/api.md "Direct debit"): checkout sends sdd
// to /directdebit, the code read from the development SMS outbox (/dev/sms), POST
// /api/directdebit.php's steps and every error in every language, the page form without
// JavaScript, a chargeback reported to the webhook, the monthly limit, and the operator's
// directdebit:block / unblock command on PostgreSQL while the server runs.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '~/shared/locales';
import { fitsNicheOfHost } from '../support/niche';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const HOST = 'flirtlokaal.nl';
const ORIGIN = `http://${HOST}`;
let n = 0;

const json = (method: string, path: string, body: unknown, cookie = '', locale = 'en', host = HOST) =>
  request(server.port, host, path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: `http://${host}`, cookie: `locale=${locale}${cookie ? `; ${cookie}` : ''}` } });
const get = (path: string, cookie = '') => request(server.port, HOST, path, { headers: { cookie: `locale=en${cookie ? `; ${cookie}` : ''}` } });
const form = (path: string, fields: Record<string, string>, cookie = '') =>
  request(server.port, HOST, path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie: `locale=en${cookie ? `; ${cookie}` : ''}` } });

async function newMember(host = HOST, country = 'NL'): Promise<string> {
  n++;
  const res = await json('POST', '/api/signup.php', { email: `sdd${n}@example.com`, name: `Debit${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female', country, terms: true, orientation_consent: true, tracking: { network: 'test' }, ...fitsNicheOfHost(host, 'male') }, '', 'en', host);
  expect(res.status).toBe(201);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

const messages = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(`locales/${l}.json`, 'utf8')) as Record<string, string>]));

const details = (over: Record<string, unknown> = {}) => ({
  package: 'popular', country: 'NL', account_holder: 'Jan de Vries', iban: 'NL91 ABNA 0417 1643 00', street: 'Herengracht', house_number: '182',
  zip: '1016 BR', city: 'Amsterdam', phone: '06 12345678', authorised: true, ...over,
});

/** The code of the newest SMS to an E.164 phone, read from the development outbox page. */
async function codeFromOutbox(phone: string, host = HOST): Promise<string> {
  const page = await request(server.port, host, '/dev/sms');
  expect(page.status).toBe(200);
  const match = new RegExp(`data-to="\\${phone}"[^]*?<strong>([^<]*)</strong>`).exec(page.text);
  return /\b(\d{6})\b/.exec(match![1]!)![1]!;
}

beforeAll(async () => {
  server = await startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await server?.stop();
});

describe('POST /api/directdebit.php', () => {
  it('answers a visitor 403 authentication_required', async () => {
    const res = await json('POST', '/api/directdebit.php', details());
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'authentication_required' });
  });

  it('requires every field and the authorisation, with translated field texts', async () => {
    const cookie = await newMember();
    const res = await json('POST', '/api/directdebit.php', { package: 'popular' }, cookie, 'nl');
    expect(res.status).toBe(400);
    const body = res.json<{ error: string; fields: Record<string, string> }>();
    expect(body.error).toBe('validation');
    for (const field of ['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone']) expect(body.fields[field], field).toBe(messages.nl!['validation.required']);
    expect(body.fields.authorised).toBe(messages.nl!['directdebit.error.authorise']);
    const unticked = await json('POST', '/api/directdebit.php', details({ authorised: false }), cookie);
    expect(unticked.json()).toMatchObject({ error: 'validation', fields: { authorised: 'Tick the box to authorise the direct debit' } });
    const badIban = await json('POST', '/api/directdebit.php', details({ iban: 'NL91ABNA0417164301', phone: '12' }), cookie);
    expect(badIban.status).toBe(400);
    expect(badIban.json()).toMatchObject({ error: 'validation', fields: { iban: 'Enter a valid IBAN', phone: 'Enter a valid mobile phone number' } });
    const badOtp = await json('POST', '/api/directdebit.php', details({ otp: '12ab' }), cookie);
    expect(badOtp.json()).toMatchObject({ error: 'validation', fields: { otp: 'The code has 6 digits' } });
  });

  it('sends the code (202), pays with it (201, pending sdd), and answers Code invalid for a wrong one', async () => {
    const cookie = await newMember();
    const sent = await json('POST', '/api/directdebit.php', details(), cookie);
    expect(sent.status).toBe(202);
    expect(sent.json()).toMatchObject({ step: 'otp', phone: '+316•••••678' });
    const code = await codeFromOutbox('+31612345678');
    const wrong = code === '000000' ? '000001' : '000000';
    for (const locale of ['en', 'nl']) {
      const res = await json('POST', '/api/directdebit.php', details({ otp: wrong }), cookie, locale);
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({ error: 'otp_invalid', message: messages[locale]!['directdebit.error.otpInvalid'] });
    }
    const paid = await json('POST', '/api/directdebit.php', details({ otp: code }), cookie);
    expect(paid.status).toBe(201);
    expect(paid.json()).toMatchObject({ payment: { method: 'sdd', status: 'pending', amount: 4495, credits: 50, package: 'popular' } });
    // The code is used up.
    const again = await json('POST', '/api/directdebit.php', details({ otp: code }), cookie);
    expect(again.json()).toMatchObject({ error: 'otp_expired' });
  });

  it.each([
    { tenant: 'flirtlokaal', host: 'flirtlokaal.nl', country: 'NL', phone: '+31655555555', locales: ['nl', 'en'] },
    { tenant: 'bellacurva', host: 'bellacurva.es', country: 'ES', phone: '+34612345678', locales: ['es', 'it', 'fr', 'pl', 'nl', 'en'] },
    { tenant: 'herzklopfen', host: 'herzklopfen.de', country: 'DE', phone: '+4915123456789', locales: ['de', 'en'] },
  ])('shows each docs/product.md §5 direct-debit text in its case in every language of $tenant: Code invalid, the block after a chargeback, the limit', async ({ host, country, phone, locales }) => {
    const cookie = await newMember(host, country);
    const input = details({ country, phone, iban: 'DE89 3704 0044 0532 0130 00' });
    const send = async () => {
      expect((await json('POST', '/api/directdebit.php', input, cookie, 'en', host)).status).toBe(202);
      return codeFromOutbox(phone, host);
    };
    let code = '';
    for (const [i, locale] of locales.entries()) {
      if (i % 3 === 0) code = await send(); // 3 tries per code
      const res = await json('POST', '/api/directdebit.php', { ...input, otp: code === '000000' ? '000001' : '000000' }, cookie, locale, host);
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({ error: 'otp_invalid', message: messages[locale]!['directdebit.error.otpInvalid'] });
      const unticked = await json('POST', '/api/directdebit.php', { ...input, authorised: false }, cookie, locale, host);
      expect(unticked.json()).toMatchObject({ fields: { authorised: messages[locale]!['directdebit.error.authorise'] } });
    }
    // Pay, the bank collects, then returns the debit (the sandbox page plays the bank); the
    // provider's webhook carries only the id, without cookie or Origin.
    const paid = await json('POST', '/api/directdebit.php', { ...input, otp: await send() }, cookie, 'en', host);
    expect(paid.status).toBe(201);
    const { payment } = paid.json<{ payment: { provider_id: string } }>();
    const settle = (outcome: string) =>
      request(server.port, host, `/sandbox/checkout/${payment.provider_id}`, { method: 'POST', body: `outcome=${outcome}`, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, cookie } });
    expect((await settle('paid')).status).toBe(302);
    expect((await settle('chargeback')).status).toBe(302);
    const hook = await request(server.port, host, '/api/payment-webhook.php', { method: 'POST', body: `id=${payment.provider_id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(hook.status).toBe(200);
    for (const locale of locales) {
      const res = await json('POST', '/api/directdebit.php', input, cookie, locale, host);
      expect(res.status).toBe(403);
      expect(res.json()).toEqual({ error: 'blocked', message: messages[locale]!['directdebit.error.blocked'] });
    }
    // Another account pays the value bundle: 44.95 + 149.00 by this member; another 149.00 passes 250.
    const other = { ...input, iban: 'NL20INGB0001234567', package: 'value' };
    expect((await json('POST', '/api/directdebit.php', other, cookie, 'en', host)).status).toBe(202);
    expect((await json('POST', '/api/directdebit.php', { ...other, otp: await codeFromOutbox(phone, host) }, cookie, 'en', host)).status).toBe(201);
    for (const locale of locales) {
      const res = await json('POST', '/api/directdebit.php', other, cookie, locale, host);
      expect(res.status).toBe(403);
      expect(res.json()).toEqual({ error: 'limit', message: messages[locale]!['directdebit.error.limit'] });
    }
  });

  it('has every direct-debit error text in all 11 languages, translated (da, fi, nb and sv have no demo tenant with sdd yet)', () => {
    expect(Object.keys(messages)).toHaveLength(11);
    expect(messages.en!['directdebit.error.otpInvalid']).toBe('Code invalid');
    expect(messages.en!['directdebit.error.blocked']).toBe('Your account is blocked for direct debit payments');
    for (const id of ['directdebit.error.otpInvalid', 'directdebit.error.otpExpired', 'directdebit.error.blocked', 'directdebit.error.limit', 'directdebit.error.authorise', 'directdebit.mandateText']) {
      for (const locale of LOCALES) expect(messages[locale]![id], `${locale} ${id}`).toBeTruthy();
      expect(new Set(LOCALES.map((l) => messages[l]![id])).size, id).toBeGreaterThanOrEqual(9);
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('blocks and unblocks a pair with npm run directdebit:block / unblock on PostgreSQL while the server runs', async () => {
    const cookie = await newMember();
    const input = details({ iban: 'NL39 RABO 0300 0652 64', phone: '06 33333333' });
    const run = (script: string) =>
      promisify(execFile)('npm', ['run', '--silent', script, '--', '--iban', 'NL39RABO0300065264', '--phone', '+31633333333'], { env: { ...process.env, DATABASE_URL: server.databaseUrl } });
    const blocked = await run('directdebit:block');
    expect(blocked.stdout).toMatch(/blocked NL39…5264 with \+31633333333/);
    const res = await json('POST', '/api/directdebit.php', input, cookie);
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'blocked', message: 'Your account is blocked for direct debit payments' });
    expect((await run('directdebit:unblock')).stdout).toMatch(/unblocked/);
    expect((await json('POST', '/api/directdebit.php', input, cookie)).status).toBe(202);
  });

  it('refuses sdd on /api/payment.php: it needs the form', async () => {
    const cookie = await newMember();
    const res = await json('POST', '/api/payment.php', { package: 'popular', method: 'sdd' }, cookie);
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: 'direct_debit_form' });
  });
});

describe('the /directdebit page', () => {
  it('is reached from checkout with sdd, shows the mandate, and pays without JavaScript', async () => {
    const cookie = await newMember();
    const checkout = await form('/credits/popular/sdd?country=NL', { method: 'sdd', country: 'NL', consent: 'on' }, cookie);
    expect(checkout.status).toBe(302);
    expect(checkout.headers.location).toBe('/directdebit?package=popular&country=NL&code=');
    const page = await get('/directdebit?package=popular&country=NL', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Lokaal Media B.V.');
    expect(page.text).toMatch(/FLIRTLOKAAL-M\d{8}/);
    expect(page.text).toContain('By signing this mandate form, you authorise (A) Lokaal Media B.V.');
    const fields = { package: 'popular', country: 'NL', account_holder: 'Jan', iban: 'NL02ABNA0123456789', street: 'Dam', house_number: '1', zip: '1012 JS', city: 'Amsterdam', phone: '06 22222222' };
    const missing = await form('/directdebit?package=popular&country=NL', { ...fields, intent: 'send' }, cookie);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Tick the box to authorise the direct debit');
    const sent = await form('/directdebit?package=popular&country=NL', { ...fields, authorised: 'on', intent: 'send' }, cookie);
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('data-testid="code-step"');
    expect(sent.text).toContain('NL02 •••• 6789');
    const code = await codeFromOutbox('+31622222222');
    const wrong = await form('/directdebit?package=popular&country=NL', { ...fields, authorised: 'on', intent: 'pay', otp: code === '222222' ? '222223' : '222222' }, cookie);
    expect(wrong.text).toContain('Code invalid');
    const paid = await form('/directdebit?package=popular&country=NL', { ...fields, authorised: 'on', intent: 'pay', otp: code }, cookie);
    expect(paid.status).toBe(302);
    expect(paid.headers.location).toMatch(/^\/credits\/result\?payment=\d+$/);
  });

  it('sends a visitor to login and answers 404 for a bundle or country without sdd', async () => {
    expect((await get('/directdebit?package=popular')).status).toBe(302);
    const cookie = await newMember();
    expect((await get('/directdebit?package=nope&country=NL', cookie)).status).toBe(404);
    expect((await get('/directdebit?package=popular&country=BE', cookie)).status).toBe(200);
    expect((await get('/dev/sms')).status).toBe(200);
  });
});
