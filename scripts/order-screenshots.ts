// node --import tsx scripts/order-screenshots.ts <label> — the order summary pages (checkout, /directdebit,
// /credits/result, /transactions/{id}) of the FlirtLokaal premium demo member at 375 and 1280 px, into
// /tmp/order-shots/<label>-<page>-<width>.png (issue 27: look before and after changing the summary).
import fs from 'node:fs';
import { launchBrowser } from '../tests/support/browser';
import { startServer } from '../tests/support/server';

const label = process.argv[2] ?? 'now';
const outDir = '/tmp/order-shots';
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
    const status = await page.evaluate(async () => (await fetch('/api/user.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'premium@flirtlokaal.example', password: 'rendezvous-demo' }) })).status);
    if (status !== 200) throw new Error(`demo login answered ${status}`);
    await page.goto(`${base}/credits`, { waitUntil: 'networkidle' });
    const checkout = (await page.locator('a[href^="/credits/"]').filter({ hasNotText: /transactions/i }).first().getAttribute('href')) ?? '/credits';
    const bundleId = checkout.split('/')[2]?.split('?')[0] ?? '';
    await page.goto(`${base}/transactions`, { waitUntil: 'networkidle' });
    const transaction = (await page.locator('[data-testid="transactions"] a[href^="/transactions/"]').first().getAttribute('href')) ?? '/transactions';
    const paymentId = transaction.split('/')[2] ?? '';
    const pages = [
      { name: 'checkout', path: `/credits/${bundleId}` },
      { name: 'directdebit', path: `/directdebit?package=${bundleId}&country=NL` },
      { name: 'result', path: `/credits/result?payment=${paymentId}` },
      { name: 'transactions', path: '/transactions' },
      { name: 'transaction', path: transaction },
    ];
    for (const shot of pages) {
      await page.goto(`${base}${shot.path}`, { waitUntil: 'networkidle' });
      const file = `${outDir}/${label}-${shot.name}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file, shot.path);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
