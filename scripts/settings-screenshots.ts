// node --import tsx scripts/settings-screenshots.ts <label> — the settings forms (/notifications and
// /profile) of the FlirtLokaal premium demo member at 375 and 1280 px, as loaded and with a refused
// save (field errors shown), into /tmp/settings-shots/<label>-<page>-<width>.png (issue 27: look
// before and after changing the field rows).
import fs from 'node:fs';
import { launchBrowser } from '../tests/support/browser';
import { startServer } from '../tests/support/server';

const label = process.argv[2] ?? 'now';
const outDir = '/tmp/settings-shots';
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
    const shoot = async (name: string) => {
      const file = `${outDir}/${label}-${name}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    };
    await page.goto(`${base}/notifications`, { waitUntil: 'networkidle' });
    await shoot('notifications');
    // A refused password change: the note above the form.
    await page.fill('#old_password', 'not-the-password');
    await page.fill('#password', 'short');
    await page.locator('form:has(#old_password) button[type=submit]').click();
    await page.waitForSelector('[role=alert]');
    await page.waitForTimeout(600);
    await shoot('notifications-refused');
    await page.goto(`${base}/profile`, { waitUntil: 'networkidle' });
    await shoot('profile');
    // A refused profile: a field error under the name.
    await page.fill('#name', 'x');
    await page.locator('form:has(#name) button[type=submit]').click();
    await page.waitForSelector('#name-error', { timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(600);
    await shoot('profile-refused');
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
