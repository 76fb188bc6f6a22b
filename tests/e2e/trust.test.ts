// Trust and safety in Chromium (issue 25, decision 0029), two tenants in two languages at 375 and
// 1280 px: a visitor files a complaint about a profile on /complaints and sees the reference; the
// demo moderator finds it in /operator/complaints, claims and decides it; the admin's team page.
// No console error, no serious axe violation; screenshots go to docs/screenshots/.
import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchConsole } from '../support/browser';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const base = (tenant: string) => `http://${tenant}.localhost:${server.port}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO: '1' }), launchBrowser()]);
  fs.mkdirSync('docs/screenshots', { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

async function profileOf(tenant: string): Promise<number> {
  const login = await request(server.port, `${tenant}.localhost:${server.port}`, '/login', {
    method: 'POST',
    body: new URLSearchParams({ email: `member@${tenant}.example`, password: 'rendezvous-demo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base(tenant) },
  });
  const cookie = [login.headers['set-cookie']].flat().map(String).find((c) => c.startsWith('rdv_session='))!.split(';')[0]!;
  const res = await request(server.port, `${tenant}.localhost:${server.port}`, '/api/members.php', { headers: { cookie } });
  return res.json<{ results: { id: number }[] }>().results[0]!.id;
}

describe('trust and safety in Chromium', () => {
  it.each([
    ['flirtlokaal', 'nl', 'Klacht indienen', 'Je klacht heeft kenmerk'],
    ['herzklopfen', 'de', 'Beschwerde einreichen', 'Deine Beschwerde hat die Referenz'],
  ])('on %s (%s): a visitor complains about a profile and the moderator decides it', async (tenant, locale, heading, thanks) => {
    const profile = await profileOf(tenant);
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
      await context.addCookies([
        { name: 'locale', value: locale, url: base(tenant) },
        { name: 'entry_warning_dismissed', value: String(Date.now()), url: base(tenant) },
      ]);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`${base(tenant)}/complaints?profile=${profile}`, { waitUntil: 'networkidle' });
      expect(await page.locator('#complaint-form').textContent()).toBe(heading);
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator('#category').selectOption('fake_profile');
      await page.locator('#description').fill('The photos of this profile belong to someone else.');
      await page.locator('#email').fill(`visitor${width}@example.org`);
      await page.locator('[data-testid="complaint-form"], #complaint-form').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `docs/screenshots/${tenant}-${locale}-complaints-${width}.png`, fullPage: false });
      await page.locator('[data-testid="complaint-submit"]').click();
      const done = page.locator('[data-testid="complaint-reference"]');
      await done.waitFor();
      expect(await done.textContent()).toContain(thanks);
      const reference = /R-[A-Z2-9]{8}/.exec((await done.textContent()) ?? '')![0];
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);

      // The moderator of the tenant.
      const console = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
      const staff = await console.newPage();
      const staffProblems = watchConsole(staff);
      await staff.goto(`${base(tenant)}/operator/login`, { waitUntil: 'networkidle' });
      await staff.locator('#email').fill(`moderator@${tenant}.example`);
      await staff.locator('#password').fill('rendezvous-demo');
      await staff.locator('main button[type="submit"]').click();
      await staff.waitForURL(`${base(tenant)}/operator/complaints`);
      const card = staff.locator('[data-testid^="complaint-"]', { hasText: reference }).first();
      await card.waitFor();
      expect(await seriousViolations(staff)).toEqual([]);
      await card.locator('[data-testid="complaint-claim-button"]').click();
      await card.locator('[data-testid="complaint-reasons"]').waitFor();
      await card.locator('[data-testid="complaint-reasons"]').fill('The photos are the member\'s own; nothing breaks our rules.');
      await staff.screenshot({ path: `docs/screenshots/${tenant}-${locale}-moderation-${width}.png`, fullPage: false });
      await card.locator('[data-testid="complaint-decide-button"]').click();
      await staff.locator('[data-testid="moderation-result"]').waitFor();
      expect(await seriousViolations(staff)).toEqual([]);
      expect(staffProblems).toEqual([]);
      await console.close();
      await context.close();
    }
  });

  it("shows the admin's team page without axe violations at both widths", async () => {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`${base('flirtlokaal')}/operator/login`, { waitUntil: 'networkidle' });
      await page.locator('#email').fill('admin@flirtlokaal.example');
      await page.locator('#password').fill('rendezvous-demo');
      await page.locator('main button[type="submit"]').click();
      await page.waitForURL(`${base('flirtlokaal')}/operator`);
      await page.goto(`${base('flirtlokaal')}/operator/team`, { waitUntil: 'networkidle' });
      await page.locator('[data-testid="team-list"]').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `docs/screenshots/flirtlokaal-nl-team-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
