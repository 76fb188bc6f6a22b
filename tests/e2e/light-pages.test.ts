// Issue 22 in Chromium: pages without the catalogue in their data still speak the visitor's
// language after hydration and on client navigation, and a static page's text (sent once, in the
// HTML) stays after hydration and arrives on client navigation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit, watchConsole } from '../support/browser';
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

describe('light pages in Chromium', () => {
  it('keeps a static page’s text after hydration, brings the next one on client navigation, in the visitor’s language', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const url = `http://herzklopfen.localhost:${server.port}`;
    await context.addCookies([{ name: 'entry_warning_dismissed', value: String(Date.now()), url: `${url}/` }]);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await visit(page, `${url}/pages/terms`);
    const terms = page.locator('#page-text');
    expect((await terms.innerText()).length).toBeGreaterThan(500);
    // A visitor's static page sleeps until the visitor acts (docs/decisions/0042): a key wakes the app.
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => (window as unknown as { __rdvHydrated?: boolean }).__rdvHydrated === true);
    // A client-side navigation (no document load) through the footer.
    await page.evaluate(() => ((window as unknown as { __navigated: boolean }).__navigated = true));
    await page.locator('footer a[href="/pages/privacy"]').click();
    await page.waitForURL(`${url}/pages/privacy`);
    await expect.poll(async () => (await page.locator('h1').innerText()).toLowerCase()).toContain('datenschutz');
    expect((await page.locator('#page-text').innerText()).length).toBeGreaterThan(500);
    expect(await page.evaluate(() => (window as unknown as { __navigated?: boolean }).__navigated)).toBe(true);
    // Texts from the catalogue script (the footer's links) are German after the navigation too.
    expect(await page.locator('footer').innerText()).toContain('Datenschutz');
    expect(problems).toEqual([]);
    await context.close();
  });
});
