// The shell in real Chromium: the language switch, the site-entry warning and the 404 page.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit, wakeApp, watchConsole } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const url = (tenant: string, path = '/') => `http://${tenant}.localhost:${server.port}${path}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SKIP_SEED: '1' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function visitorContext(): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 375, height: 800 } });
}

describe('the language switch', () => {
  it('sets the locale cookie and re-renders the page in the chosen language', async () => {
    const context = await visitorContext();
    // Past the entry warning, as a returning visitor.
    await context.addCookies([{ name: 'entry_warning_dismissed', value: String(Date.now()), url: url('flirtlokaal') }]);
    const page = await context.newPage();
    await visit(page, url('flirtlokaal', '/pages/faq'));
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    await page.locator('[data-testid="language-menu"] summary').click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.waitForURL(url('flirtlokaal', '/pages/faq'));
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('h1').innerText()).toBe('Frequently asked questions');
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('en');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await context.close();
  });
});

describe('the site-entry warning', () => {
  it('greets a new visitor when the tenant enables it, and stays away once dismissed', async () => {
    const context = await visitorContext();
    const page = await context.newPage();
    await visit(page, url('herzklopfen'));
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain('18');
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true); // only the button closes it
    await dialog.getByRole('button').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').isVisible()).toBe(false);
    await context.close();
  });

  it('does not show where the tenant turned it off', async () => {
    const context = await visitorContext();
    const page = await context.newPage();
    await visit(page, url('rainbowhearts'));
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').isVisible()).toBe(false);
    await context.close();
  });
});

describe('the 404 page', () => {
  it('answers 404, says the page could not be found and links back home', async () => {
    const context = await visitorContext();
    await context.addCookies([{ name: 'entry_warning_dismissed', value: String(Date.now()), url: url('bellacurva') }]);
    const page = await context.newPage();
    const response = await visit(page, url('bellacurva', '/no/such/page'));
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('No se ha encontrado esta página');
    await page.getByRole('link', { name: 'Volver a la página de inicio' }).click();
    await page.waitForURL(url('bellacurva', '/'));
    expect(await page.locator('h1').innerText()).toBe('Curvas, sonrisas y citas de verdad');
    await context.close();
  });
});

describe('unhandled rejections', () => {
  it('keeps quiet about an aborted load (a superseded navigation) and reports every other', async () => {
    const context = await visitorContext();
    await context.addCookies([{ name: 'entry_warning_dismissed', value: String(Date.now()), url: url('flirtlokaal') }]);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await visit(page, url('flirtlokaal', '/pages/faq'));
    await wakeApp(page);
    await page.evaluate(() => {
      const aborted = new AbortController();
      aborted.abort();
      void Promise.reject(aborted.signal.reason);
      void Promise.reject(new Error('a real failure'));
    });
    await expect.poll(() => problems.length).toBe(1);
    expect(problems[0]).toContain('a real failure');
    await context.close();
  });
});
