// Paying a bundle by direct debit in Chromium (issue 17): checkout with SEPA Direct Debit leads to
// /directdebit; a wrong IBAN is answered inline; the SMS code is read from the development outbox
// (/dev/sms); a wrong code answers 'Code invalid'; the right one pays; the sandbox bank collects
// and the credits arrive — in two tenants and two languages, without a console error, and without
// a serious axe violation at 375 and 1280 px.
import { seriousViolations } from '../support/axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit, watchConsole } from '../support/browser';
import { memberPage as signedInPage } from '../support/members';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
/** Set SDD_SCREENSHOTS=<folder> to keep screenshots of each step. */
const shots = process.env.SDD_SCREENSHOTS;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SKIP_SEED: '1' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});


const memberPage = async (tenant: string, locale: string, country: string, width = 1280): Promise<Page> =>
  (await signedInPage(server, browser, tenant, { locale, country, width, name: 'Debtor' })).page;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** The code of the newest SMS to `phone`, read from the development outbox in another tab. */
async function codeFromOutbox(page: Page, base: string, phone: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto(`${base}/dev/sms`);
  const text = await outbox.locator(`[data-testid="sms"][data-to="${phone}"] strong`).first().textContent();
  await outbox.close();
  return /\b(\d{6})\b/.exec(text ?? '')![1]!;
}

describe('paying by direct debit in Chromium', () => {
  it.each([
    { tenant: 'flirtlokaal', locale: 'nl', country: 'NL', iban: 'NL91 ABNA 0417 1643 00', phone: '06 12345678', e164: '+31612345678', ibanError: 'Vul een geldig IBAN in', codeInvalid: 'Code ongeldig', pending: 'Je betaling wordt verwerkt', completed: 'Betaling voltooid' },
    { tenant: 'herzklopfen', locale: 'de', country: 'DE', iban: 'DE89 3704 0044 0532 0130 00', phone: '0151 23456789', e164: '+4915123456789', ibanError: 'Gib eine gültige IBAN ein', codeInvalid: 'Code ungültig', pending: 'Deine Zahlung wird bearbeitet', completed: 'Zahlung abgeschlossen' },
  ])('on $tenant in $locale: checkout, form, SMS code from the outbox, payment', async (c) => {
    const page = await memberPage(c.tenant, c.locale, c.country);
    const problems = watchConsole(page);
    const base = `http://${c.tenant}.localhost:${server.port}`;
    await visit(page, `${base}/credits/popular`);
    await page.locator('[data-testid="method-sdd"]').click();
    await page.locator('[data-testid="consent"]').check();
    await page.locator('main form[method="post"] button[type="submit"]').click();
    await page.waitForURL(/\/directdebit\?package=popular/);
    await page.locator('[data-testid="mandate-reference"]').waitFor();
    expect(await page.locator('[data-testid="mandate-reference"]').textContent()).toMatch(new RegExp(`^${c.tenant.toUpperCase()}-M\\d{8}$`));
    await shot(page, `${c.tenant}-${c.locale}-form`);

    await page.fill('#account_holder', 'Alex Example');
    await page.fill('#iban', 'NL91 ABNA 0417 1643 01');
    await page.fill('#street', 'Hauptstraße');
    await page.fill('#house_number', '12a');
    await page.fill('#zip', '10119');
    await page.fill('#city', 'Berlin');
    await page.fill('#phone', c.phone);
    await page.locator('[data-testid="authorised"]').check();
    await page.locator('[data-testid="directdebit-form"] button[type="submit"]').click();
    await page.locator('#iban-error').waitFor();
    expect(await page.locator('#iban-error').textContent()).toBe(c.ibanError);
    await shot(page, `${c.tenant}-${c.locale}-error`);

    await page.fill('#iban', c.iban);
    await page.locator('[data-testid="authorised"]').check();
    await page.locator('[data-testid="directdebit-form"] button[type="submit"]').click();
    await page.locator('[data-testid="code-step"]').waitFor();
    const code = await codeFromOutbox(page, base, c.e164);
    await page.fill('#otp', code === '000000' ? '000001' : '000000');
    await page.locator('[data-testid="code-step"] button[value="pay"]').click();
    await page.locator('#otp-error').waitFor();
    expect(await page.locator('#otp-error').textContent()).toBe(c.codeInvalid);
    await shot(page, `${c.tenant}-${c.locale}-code`);

    await page.fill('#otp', code);
    await page.locator('[data-testid="code-step"] button[value="pay"]').click();
    await page.waitForURL(/\/credits\/result\?payment=\d+/);
    await page.locator('[data-testid="result-pending"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe(c.pending);

    // The sandbox bank collects the debit (its test page stands in for the days a bank takes).
    const paymentId = new URL(page.url()).searchParams.get('payment');
    const payment = await page.evaluate(async (url) => (await fetch(url)).json() as Promise<{ payment: { provider_id: string; method: string } }>, `/api/payment.php?id=${paymentId}`);
    expect(payment.payment.method).toBe('sdd');
    await page.goto(`${base}/sandbox/checkout/${payment.payment.provider_id}`);
    await page.locator('[data-testid="outcome-paid"]').click();
    await page.locator('[data-testid="result-completed"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe(c.completed);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each([375, 1280])('has no serious or critical axe violation on /directdebit at %i px (form, errors, code step)', async (width) => {
    const page = await memberPage('bellacurva', 'it', 'IT', width);
    const problems = watchConsole(page);
    const base = `http://bellacurva.localhost:${server.port}`;
    const findings: string[] = [];
    const check = async () => {
      for (const finding of await seriousViolations(page)) findings.push(`${finding.rule} ${finding.targets.join(', ')}`);
    };
    await visit(page, `${base}/directdebit?package=plus&country=IT`);
    await check();
    await shot(page, `bellacurva-it-form-${width}`);
    await page.fill('#account_holder', 'Giulia Bianchi');
    await page.fill('#iban', 'IT60 X054 2811 1010 0000 0123 456');
    await page.fill('#street', 'Via Roma');
    await page.fill('#house_number', '10');
    await page.fill('#zip', '00184');
    await page.fill('#city', 'Roma');
    await page.fill('#phone', '12');
    await page.locator('[data-testid="authorised"]').check();
    await page.locator('[data-testid="directdebit-form"] button[type="submit"]').click();
    await page.locator('#phone-error').waitFor();
    await check();
    await shot(page, `bellacurva-it-error-${width}`);
    await page.fill('#phone', '312 345 6789');
    await page.locator('[data-testid="authorised"]').check();
    await page.locator('[data-testid="directdebit-form"] button[type="submit"]').click();
    await page.locator('[data-testid="code-step"]').waitFor();
    await check();
    await shot(page, `bellacurva-it-code-${width}`);
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
