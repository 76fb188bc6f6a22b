// axe-core in Chromium (DESIGN §12): no serious or critical violation on the main pages of two
// tenants — visitors' pages, and /profile and /notifications logged in — at phone and desktop width.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { sessionCookie, signUpMember, type TestMember } from '../support/members';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const url = (tenant: string, path = '/') => `http://${tenant}.localhost:${server.port}${path}`;

// FlirtLokaal (base pink on navy, Dutch) and Sølvhjerter (its own pink on a dark nav, Danish).
const TENANTS = [
  { tenant: 'flirtlokaal', country: 'NL', locale: 'nl' },
  { tenant: 'solvhjerter', country: 'DK', locale: 'da' },
] as const;
const members: Record<string, TestMember> = {};
const profiles: Record<string, number> = {};

beforeAll(async () => {
  // The demo profiles are seeded: the member list and a profile page have real content.
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  for (const { tenant, country } of TENANTS) {
    members[tenant] = await signUpMember(server, tenant, { name: `Axe${tenant}`, country, gender: 'female', seeking: 'male' });
    const list = await request(server.port, `${tenant}.localhost:${server.port}`, '/api/members.php', { headers: { cookie: members[tenant].session } });
    profiles[tenant] = list.json<{ results: { id: number }[] }>().results[0]!.id;
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Finding {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** The serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

async function contextFor(tenant: string, locale: string, width: number, member?: TestMember): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([
    { name: 'entry_warning_dismissed', value: String(Date.now()), url: url(tenant) },
    { name: 'locale', value: locale, url: url(tenant) },
    ...(member ? [sessionCookie(server, tenant, member)] : []),
  ]);
  return context;
}

describe.each(TENANTS)('accessibility of $tenant', ({ tenant, locale }) => {
  it.each([375, 1280])('chat pages at %i px (/chats, a conversation with its composer and the gift picker) have no serious or critical axe violation', async (width) => {
    const context = await contextFor(tenant, locale, width, members[tenant]);
    const page = await context.newPage();
    const found: Record<string, Finding[]> = {};
    for (const path of ['/chats', `/members/${profiles[tenant]}/chat`]) {
      await page.goto(url(tenant, path), { waitUntil: 'networkidle' });
      expect(await page.locator('[data-layout="chat"]').count(), path).toBe(1);
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    await page.getByTestId('gift-button').click();
    await page.getByTestId('gift-picker').waitFor();
    const picker = await seriousViolations(page);
    if (picker.length) found['gift picker'] = picker;
    expect(found).toEqual({});
    await context.close();
  });

  it.each([375, 1280])('visitors\' pages at %i px have no serious or critical axe violation', async (width) => {
    const context = await contextFor(tenant, locale, width);
    const page = await context.newPage();
    const found: Record<string, Finding[]> = {};
    for (const path of ['/', '/members', `/members/${profiles[tenant]}`, '/signup', '/login', '/pages/terms', '/no/such/page']) {
      const response = await page.goto(url(tenant, path), { waitUntil: 'networkidle' }).catch((error: Error) => {
        throw new Error(`${path}: ${error.message}`);
      });
      expect(response?.status(), path).toBe(path === '/no/such/page' ? 404 : 200);
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
    await context.close();
  });

  it.each([375, 1280])('member pages at %i px (/profile, /notifications, the member list) have no serious or critical axe violation', async (width) => {
    const context = await contextFor(tenant, locale, width, members[tenant]);
    const page = await context.newPage();
    const found: Record<string, Finding[]> = {};
    for (const path of ['/profile', '/notifications', '/members', '/']) {
      await page.goto(url(tenant, path), { waitUntil: 'networkidle' });
      expect(await page.locator('[data-testid="account-menu"]').count(), path).toBe(1);
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    // With the account menu open, too.
    await page.locator('[data-testid="account-menu"] summary').click();
    const open = await seriousViolations(page);
    if (open.length) found['/ (account menu open)'] = open;
    expect(found).toEqual({});
    await context.close();
  });
});
