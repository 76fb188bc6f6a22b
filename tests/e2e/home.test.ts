// Opens the home page of two tenants in real Chromium and sees each one's name and theme colour.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTheme } from '../../themes';
import { launchBrowser, visit } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe.each([
  { id: 'flirtlokaal', name: 'FlirtLokaal', title: 'Flirten en daten bij jou in de buurt', lang: 'nl', niche: 1 },
  { id: 'rainbowhearts', name: 'Rainbow Hearts', title: 'Gay dating in the UK and Ireland', lang: 'en', niche: 7 },
])('the home page of $name', ({ id, name, title, lang, niche }) => {
  it('shows the tenant\'s name and title in its theme colour, and hydrates without errors', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await visit(page, `http://${id}.localhost:${server.port}/`);

    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
    expect(await page.locator('main header').innerText()).toContain(name);
    expect(await page.locator('h1').innerText()).toBe(title);
    const background = await page.locator('main header').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(background).toContain(rgb(buildTheme(niche).colors.primary));
    expect(await page.locator('img[src^="/media/demo/"]').count()).toBeGreaterThan(0);
    const firstImageLoaded = await page.locator('img[src^="/media/demo/"]').first().evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(firstImageLoaded).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
