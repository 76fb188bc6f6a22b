// Buying credits in Chromium (issue 13): a free member picks a bundle and a method, pays on the
// sandbox checkout, sees the completed screen, the credits in the top navigation instead of Get
// Premium, and the purchase among the transactions — in two tenants and two languages, without a
// console error or hydration warning.
import { seriousViolations } from '../support/axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit, watchConsole } from '../support/browser';
import { memberPage as signedInPage } from '../support/members';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SKIP_SEED: '1' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});


/** A member signed up over the API, logged in in a fresh browser context. */
const memberPage = async (tenant: string, locale: string, country: string, width = 1280): Promise<Page> =>
  (await signedInPage(server, browser, tenant, { locale, country, width, name: 'Buyer', seeking: 'female' })).page;

describe('buying credits in Chromium', () => {
  it.each([
    ['flirtlokaal', 'en', 'NL', 'ideal', 'Payment completed', 'Transactions'],
    ['herzklopfen', 'de', 'DE', 'sofort', 'Zahlung abgeschlossen', 'Transaktionen'],
  ])('on %s in %s: bundle, sandbox checkout, completed screen, credits badge and transaction', async (tenant, locale, country, method, completed, transactions) => {
    const page = await memberPage(tenant, locale, country);
    const problems = watchConsole(page);
    const base = `http://${tenant}.localhost:${server.port}`;
    await visit(page, `${base}/credits`);
    // A free member sees Get Premium, not credits.
    expect(await page.locator('header a[href="/premium"]').count()).toBe(1);
    expect(await page.locator('header a[href="/credits"]').count()).toBe(0);

    await page.locator('[data-testid="bundle-popular"] a').click();
    await page.waitForURL(/\/credits\/popular/);
    await page.locator(`[data-testid="method-${method}"]`).click();
    await page.locator('[data-testid="consent"]').check();
    await page.locator('main form[method="post"] button[type="submit"]').click();
    await page.waitForURL(/\/sandbox\/checkout\/tr_/);
    expect(await page.locator('[role="note"]').textContent()).toMatch(/TEST/);
    await page.locator('[data-testid="outcome-paid"]').click();

    await page.waitForURL(/\/credits\/result\?payment=\d+/);
    await page.locator('[data-testid="result-completed"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe(completed);
    const order = (await page.locator('[data-testid="order-number"]').textContent())!;
    expect(order).toMatch(/^\d{4}-\d{6}$/);
    // Premium now: the navigation shows the credits (signup credits + 50) instead of Get Premium.
    const credits = page.locator('header a[href="/credits"]');
    await credits.waitFor();
    expect(await credits.textContent()).toMatch(/5\d/);
    expect(await page.locator('header a[href="/premium"]').count()).toBe(0);

    await visit(page, `${base}/transactions`);
    expect(await page.locator('h1').textContent()).toBe(transactions);
    const row = page.locator('[data-testid="transactions"] tbody tr').first();
    expect(await row.textContent()).toContain(order);
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('paid');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the failed screen with the other methods and no credits after a cancelled payment', async () => {
    const page = await memberPage('flirtlokaal', 'en', 'NL');
    const problems = watchConsole(page);
    const base = `http://flirtlokaal.localhost:${server.port}`;
    await visit(page, `${base}/credits/starter/ideal`);
    await page.locator('[data-testid="consent"]').check();
    await page.locator('main form[method="post"] button[type="submit"]').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.locator('[data-testid="outcome-canceled"]').click();
    await page.locator('[data-testid="result-failed"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Payment failed or has been cancelled');
    expect(await page.locator('[data-testid="result-failed"] a[href^="/credits/starter/creditcard"]').count()).toBe(1);
    expect(await page.locator('header a[href="/premium"]').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.each([375, 1280])('has no serious or critical axe violation on the credits pages at %i px', async (width) => {
    const page = await memberPage('solvhjerter', 'da', 'DK', width);
    const base = `http://solvhjerter.localhost:${server.port}`;
    const findings: string[] = [];
    const check = async () => {
      for (const finding of await seriousViolations(page)) findings.push(`${new URL(page.url()).pathname}: ${finding.rule} ${finding.targets.join(', ')}`);
    };
    await visit(page, `${base}/credits`);
    await check();
    await visit(page, `${base}/credits/plus/mobilepay`);
    await check();
    await page.locator('[data-testid="consent"]').check();
    await page.locator('main form[method="post"] button[type="submit"]').click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await check();
    await page.locator('[data-testid="outcome-paid"]').click();
    await page.locator('[data-testid="result-completed"]').waitFor();
    await check();
    await visit(page, `${base}/transactions`);
    await check();
    await page.locator('[data-testid="transactions"] tbody a').first().click();
    await page.locator('[data-testid="transaction"]').waitFor();
    await check();
    for (const path of ['/credits/repeat-order', '/premium', '/pricing']) {
      await visit(page, `${base}${path}`);
      await check();
    }
    expect(findings).toEqual([]);
    await page.context().close();
  });
});
