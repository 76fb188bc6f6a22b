// Screenshots of a signed-in demo member's pages at 375 and 1280 px (the production build with the
// demo data, in English), for looking at a page before and after a change: `visit` goes to the pages
// and calls `shoot(name)`; the files are <outDir>/<label>-<name>-<width>.png.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import { startServer } from '../tests/support/server';

export async function demoShots(
  { label, outDir, email = 'premium@flirtlokaal.example' }: { label: string; outDir: string; email?: string },
  visit: (page: Page, base: string, shoot: (name: string) => Promise<void>) => Promise<void>,
): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const [server, browser] = await Promise.all([startServer({ NODE_ENV: 'production', DEMO: '1', DATABASE_URL: '' }), launchBrowser()]);
  try {
    const base = `http://flirtlokaal.localhost:${server.port}`;
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
      await context.addCookies([
        { name: 'locale', value: 'en', url: base },
        { name: 'entry_warning_dismissed', value: String(Date.now()), url: base },
      ]);
      const page = await context.newPage();
      await page.goto(`${base}/pages/faq`, { waitUntil: 'networkidle' });
      const status = await page.evaluate(
        async (login) => (await fetch('/api/user.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) })).status,
        { email, password: 'rendezvous-demo' },
      );
      if (status !== 200) throw new Error(`demo login answered ${status}`);
      await visit(page, base, async (name) => {
        const file = `${outDir}/${label}-${name}-${width}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
