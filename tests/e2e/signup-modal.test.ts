// The signup modal in Chromium: opened by ?signup=1, closable until a signup is in progress, then
// not by Escape; a signup through it goes on to the matches.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from '../support/browser';
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

describe('the signup modal', () => {
  it('opens from ?signup=1, closes with Escape until the visitor starts, then only a signup ends it', async () => {
    const base = `http://rainbowhearts.localhost:${server.port}`;
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await visit(page, `${base}/?signup=1`);
    const modal = page.locator('[data-testid="signup-modal"]');
    await expect.poll(() => modal.locator('[data-testid="signup-form"]').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.isVisible()).toBe(false);

    await visit(page, `${base}/pages/faq?signup=1`);
    await expect.poll(() => modal.locator('[data-testid="signup-form"]').isVisible()).toBe(true);
    await modal.locator('label:has(input[name="gender"][value="male"])').click();
    await modal.locator('label:has(input[name="seeking"][value="male"])').click();
    const next = modal.locator('[data-testid="signup-form"] button[type="button"]').last();
    await next.click();
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);

    await modal.locator('#date_of_birth').fill('1985-01-20');
    await next.click();
    await modal.locator('#country').selectOption('GB');
    await next.click();
    await modal.locator('#name').fill('ModalMan');
    await modal.locator('#email').fill('modal@e2e.example');
    await modal.locator('#password').fill('modal password 1');
    await next.click();
    await modal.locator('input[name="terms"]').check();
    await modal.locator('input[name="orientation_consent"]').check();
    await modal.locator('button[type="submit"]').click();
    await page.waitForURL(`${base}/signup-matches`);
    await expect.poll(() => modal.isVisible()).toBe(false);
    await context.close();
  });
});
