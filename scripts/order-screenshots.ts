// node --import tsx scripts/order-screenshots.ts <label> — the order summary pages (checkout, /directdebit,
// /credits/result, /transactions/{id}) of the FlirtLokaal premium demo member at 375 and 1280 px, into
// /tmp/order-shots/<label>-<page>-<width>.png (issue 27: look before and after changing the summary).
import { demoShots } from './demo-shots';

await demoShots({ label: process.argv[2] ?? 'now', outDir: '/tmp/order-shots' }, async (page, base, shoot) => {
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
    await shoot(shot.name);
  }
});
