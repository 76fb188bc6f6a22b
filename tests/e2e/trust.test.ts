// Trust and safety in Chromium (issue 25, decision 0029), two tenants in two languages at 375 and
// 1280 px: a visitor files a complaint about a profile on /complaints and sees the reference; the
// demo moderator finds it in /operator/complaints, claims and decides it; the admin's team page.
// No console error, no serious axe violation; screenshots go to docs/screenshots/.
import fs from 'node:fs';
import { seriousViolations } from '../support/axe';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docScreenshot, launchBrowser, visit, watchConsole } from '../support/browser';
import { buyCredits, sessionCookie, signUpMember, type TestMember } from '../support/members';
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
      await visit(page, `${base(tenant)}/complaints?profile=${profile}`);
      expect(await page.locator('#complaint-form').textContent()).toBe(heading);
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator('#category').selectOption('fake_profile');
      await page.locator('#description').fill('The photos of this profile belong to someone else.');
      await page.locator('#email').fill(`visitor${width}@example.org`);
      await page.locator('[data-testid="complaint-form"], #complaint-form').first().scrollIntoViewIfNeeded();
      await docScreenshot(page, { path: `docs/screenshots/${tenant}-${locale}-complaints-${width}.png`, fullPage: false });
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
      await visit(staff, `${base(tenant)}/operator/login`);
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
      await docScreenshot(staff, { path: `docs/screenshots/${tenant}-${locale}-moderation-${width}.png`, fullPage: false });
      await card.locator('[data-testid="complaint-decide-button"]').click();
      await staff.locator('[data-testid="moderation-result"]').waitFor();
      expect(await seriousViolations(staff)).toEqual([]);
      expect(staffProblems).toEqual([]);
      await console.close();
      await context.close();
    }
  });

  let n = 0;
  async function uploadPhoto(tenant: string, who: TestMember) {
    const sharp = (await import('sharp')).default;
    const image = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#c0392b' } }).png().toBuffer();
    const boundary = `----e2e${Date.now()}`;
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`), image, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await request(server.port, `${tenant}.localhost:${server.port}`, '/api/photos.php', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: base(tenant), cookie: who.session } });
    expect(res.status).toBe(201);
    return res.json<{ photo: { id: number } }>().photo.id;
  }

  it.each([
    ['flirtlokaal', 'nl', 'NL', 'Contactgegevens, links of reclame', 'Dit bericht van'],
    ['herzklopfen', 'de', 'DE', 'Kontaktdaten, Links oder Werbung', 'Diese Nachricht von'],
  ])('on %s (%s): the moderator rejects a photo, its owner reads why, and a received message is reported from the chat', async (tenant, locale, country, reason, reportTitle) => {
    for (const width of [375, 1280]) {
      n++;
      const viewport = { width, height: width < 500 ? 812 : 900 };
      const owner = await signUpMember(server, tenant, { name: `Photo${locale}${n}`, country, gender: 'female', seeking: 'male' });
      const writer = await signUpMember(server, tenant, { name: `Writer${locale}${n}`, country, gender: 'male', seeking: 'female' });
      const photo = await uploadPhoto(tenant, owner);

      // The moderator's photo queue.
      const console = await browser.newContext({ viewport });
      const staff = await console.newPage();
      const staffProblems = watchConsole(staff);
      await visit(staff, `${base(tenant)}/operator/login`);
      await staff.locator('#email').fill(`moderator@${tenant}.example`);
      await staff.locator('#password').fill('rendezvous-demo');
      await staff.locator('main button[type="submit"]').click();
      await staff.waitForURL(`${base(tenant)}/operator/complaints`);
      await visit(staff, `${base(tenant)}/operator/photos`);
      const card = staff.locator(`[data-testid="photo-${photo}"]`);
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      await card.locator('[data-testid="photo-reason"]').selectOption('contact_details');
      expect(await seriousViolations(staff)).toEqual([]);
      await docScreenshot(staff, { path: `docs/screenshots/${tenant}-${locale}-photo-moderation-${width}.png`, fullPage: false });
      await card.locator('[data-testid="photo-reject"]').click();
      await staff.locator('[data-testid="photo-review-result"]').waitFor();
      await expect.poll(() => staff.locator(`[data-testid="photo-${photo}"]`).count()).toBe(0);
      expect(staffProblems).toEqual([]);
      await console.close();

      // The owner reads why on My profile.
      const context = await browser.newContext({ viewport });
      await context.addCookies([
        { name: 'locale', value: locale, url: base(tenant) },
        { name: 'entry_warning_dismissed', value: String(Date.now()), url: base(tenant) },
        sessionCookie(server, tenant, owner),
      ]);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await visit(page, `${base(tenant)}/profile`);
      const notice = page.locator('[data-testid="photo-rejections"]');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(reason);
      expect(await seriousViolations(page)).toEqual([]);
      await notice.scrollIntoViewIfNeeded();
      await docScreenshot(page, { path: `docs/screenshots/${tenant}-${locale}-photo-rejected-${width}.png`, fullPage: false });

      // A message arrives; the owner reports it from the chat.
      await buyCredits(server, tenant, writer, 'popular', tenant === 'herzklopfen' ? 'sofort' : 'ideal');
      const sent = await request(server.port, `${tenant}.localhost:${server.port}`, '/api/message.php', {
        method: 'POST',
        body: JSON.stringify({ profile: owner.profileId, text: 'Answer me right now or you will regret it.' }),
        headers: { 'content-type': 'application/json', origin: base(tenant), cookie: writer.session },
      });
      expect(sent.status).toBe(201);
      await visit(page, `${base(tenant)}/members/${writer.profileId}/chat`);
      await page.locator('[data-testid="report-message"]').first().click();
      const dialog = page.locator('[data-testid="report-message-dialog"]');
      await dialog.waitFor();
      expect(await dialog.locator('h2').textContent()).toContain(reportTitle);
      await dialog.locator('#message-report-reason').selectOption('harassment');
      await dialog.locator('#message-report-text').fill('Threatens me.');
      expect(await seriousViolations(page)).toEqual([]);
      await docScreenshot(page, { path: `docs/screenshots/${tenant}-${locale}-report-message-${width}.png`, fullPage: false });
      await dialog.locator('[data-testid="message-report-submit"]').click();
      await dialog.locator('[data-testid="message-report-reference"]').waitFor();
      expect(await dialog.locator('[data-testid="message-report-reference"]').textContent()).toMatch(/R-[A-Z2-9]{8}/);
      await dialog.locator('[data-testid="report-message-close"]').click();
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("shows the admin's team page without axe violations at both widths", async () => {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await visit(page, `${base('flirtlokaal')}/operator/login`);
      await page.locator('#email').fill('admin@flirtlokaal.example');
      await page.locator('#password').fill('rendezvous-demo');
      await page.locator('main button[type="submit"]').click();
      await page.waitForURL(`${base('flirtlokaal')}/operator`);
      await visit(page, `${base('flirtlokaal')}/operator/team`);
      await page.locator('[data-testid="team-list"]').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await docScreenshot(page, { path: `docs/screenshots/flirtlokaal-nl-team-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
