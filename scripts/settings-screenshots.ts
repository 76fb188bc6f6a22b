// node --import tsx scripts/settings-screenshots.ts <label> — the settings forms (/notifications and
// /profile) of the FlirtLokaal premium demo member at 375 and 1280 px, as loaded and with a refused
// save (the note, a field error), into /tmp/settings-shots/<label>-<page>-<width>.png (issue 27: look
// before and after changing the field rows).
import { demoShots } from './demo-shots';

await demoShots({ label: process.argv[2] ?? 'now', outDir: '/tmp/settings-shots' }, async (page, base, shoot) => {
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
});
