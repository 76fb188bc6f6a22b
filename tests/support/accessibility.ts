// axe-core in Chromium (docs/architecture.md §12), the shared part of tests/e2e/accessibility*.test.ts: no serious or
// critical violation on a tenant's main pages — visitors' pages, chat pages, and /profile and
// /notifications logged in — at phone and desktop width. One tenant per file, so that the tenants'
// long walks run side by side (docs/decisions/0041, "The suite").
import { seriousViolations, type Finding } from './axe';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser';
import { sessionCookie, signUpMember, type TestMember } from './members';
import { request, startServer, type RunningServer } from './server';

export interface AccessibilityTenant {
  tenant: string;
  country: string;
  locale: string;
}

/** The axe walks of the tenants' pages, with a seeded server and Chromium of the calling file's own. */
export function describeAccessibility(TENANTS: AccessibilityTenant[]): void {
  let server: RunningServer;
  let browser: Browser;
  const url = (tenant: string, path = '/') => `http://${tenant}.localhost:${server.port}${path}`;

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
        await visit(page, url(tenant, path));
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
        const response = await visit(page, url(tenant, path)).catch((error: Error) => {
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
        await visit(page, url(tenant, path));
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
}
