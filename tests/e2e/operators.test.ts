// The operator console in Chromium (issue 15): the demo operator logs in, sees the waiting members,
// claims a conversation and answers it as the fictional profile; a second console of the same team
// sees the claim appear live; no console error or hydration warning, and no serious axe violation on
// the console's pages at phone and desktop width; the member, whose chat is open, sees the answer
// arrive without a reload, marked as from a fictional profile.
import { seriousViolations } from '../support/axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit, watchConsole } from '../support/browser';
import { waitForLiveEvents } from '../support/live';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const base = (tenant: string) => `http://${tenant}.localhost:${server.port}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO: '1' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});


async function operatorPage(tenant: string, width = 1280, prepare?: (context: BrowserContext) => Promise<unknown>): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await prepare?.(context);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await visit(page, `${base(tenant)}/operator`);
  // A visitor lands on the console's own login.
  expect(new URL(page.url()).pathname).toBe('/operator/login');
  await page.locator('#email').fill(`operator@${tenant}.example`);
  await page.locator('#password').fill('rendezvous-demo');
  await page.locator('main button[type="submit"]').click();
  await page.waitForURL(`${base(tenant)}/operator`);
  await page.locator('[data-testid="queue"]').waitFor();
  return { context, page, problems };
}

describe('the operator console in Chromium', () => {
  it.each([
    ['flirtlokaal', 'Wachtende leden', 'Verstuurd. Het lid ziet het meteen.'],
    ['herzklopfen', 'Wartende Mitglieder', 'Gesendet. Das Mitglied sieht es sofort.'],
  ])('on %s: logs in, claims the oldest waiting member and answers as the fictional profile', async (tenant, title, sent) => {
    const { context, page, problems } = await operatorPage(tenant);
    expect(await page.locator('h1').textContent()).toBe(title);
    const items = page.locator('[data-testid^="queue-item-"]');
    const before = await items.count();
    expect(before).toBeGreaterThanOrEqual(3);
    const first = await items.first().getAttribute('data-testid');
    await items.first().click();
    await page.waitForURL(/\/operator\/conversations\/\d+$/);
    // Before the claim the composer is closed.
    expect(await page.locator('[data-testid="composer-send"]').isDisabled()).toBe(true);
    await page.locator('[data-testid="claim"]').click();
    await page.locator('[data-testid="release"]').waitFor();
    await page.locator('[data-testid="composer-textarea"]').fill('Wat leuk dat je schrijft! Zondag wandel ik graag langs het water.');
    await page.locator('[data-testid="composer-send"]').click();
    await page.locator('[data-testid="action-result"]', { hasText: sent }).waitFor();
    expect(await page.locator('[data-testid="message-profile"]').last().textContent()).toContain('Zondag wandel ik graag');
    // The composer is empty again, and the answered conversation left the queue.
    expect(await page.locator('[data-testid="composer-textarea"]').inputValue()).toBe('');
    await page.locator('a[href="/operator"]').first().click();
    await page.waitForURL(`${base(tenant)}/operator`);
    await page.locator('[data-testid="queue"]').waitFor();
    expect(await page.locator(`[data-testid="${first}"]`).count()).toBe(0);
    expect(await items.count()).toBe(before - 1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('answers with one of the persona\'s own photos', async () => {
    const { context, page, problems } = await operatorPage('bellacurva');
    await page.locator('[data-testid^="queue-item-"]').first().click();
    await page.waitForURL(/\/operator\/conversations\/\d+$/);
    await page.locator('[data-testid="claim"]').click();
    await page.locator('[data-testid="release"]').waitFor();
    await page.locator('[data-testid="composer-photo"]').click();
    await page.locator('[data-testid="composer"] input[name="photo"]').first().check();
    await page.locator('[data-testid="composer-send"]').click();
    await page.locator('[data-testid="message-profile"] img').last().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a claim made in another console live, without a reload', async () => {
    const watcher = await operatorPage('solvhjerter');
    const worker = await operatorPage('solvhjerter');
    const item = watcher.page.locator('[data-testid^="queue-item-"]').first();
    const id = (await item.getAttribute('data-testid'))!.replace('queue-item-', '');
    await waitForLiveEvents(watcher.page);
    expect(await item.locator('[data-testid="queue-claim"]').count()).toBe(0);
    await visit(worker.page, `${base('solvhjerter')}/operator/conversations/${id}`);
    await worker.page.locator('[data-testid="claim"]').click();
    await worker.page.locator('[data-testid="release"]').waitFor();
    // The watcher's queue reloads its data on the stream's queue event.
    await watcher.page.locator(`[data-testid="queue-item-${id}"] [data-testid="queue-claim"]`).waitFor({ timeout: 10_000 });
    expect(watcher.problems).toEqual([]);
    expect(worker.problems).toEqual([]);
    await watcher.context.close();
    await worker.context.close();
  });

  it('catches up on a claim made between the page\'s load and its stream\'s connection', async () => {
    // The watcher's stream is held back until the other console has claimed: the event of that claim
    // went out before the watcher listened, so only a reload of the data on connecting shows it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const watcher = await operatorPage('herzklopfen', 1280, (context) =>
      context.route('**/operator/events', async (route) => {
        await held;
        await route.continue();
      }),
    );
    const worker = await operatorPage('herzklopfen');
    const item = watcher.page.locator('[data-testid^="queue-item-"]').last();
    const id = (await item.getAttribute('data-testid'))!.replace('queue-item-', '');
    expect(await item.locator('[data-testid="queue-claim"]').count()).toBe(0);
    await visit(worker.page, `${base('herzklopfen')}/operator/conversations/${id}`);
    await worker.page.locator('[data-testid="claim"]').click();
    await worker.page.locator('[data-testid="release"]').waitFor();
    release();
    await waitForLiveEvents(watcher.page);
    await watcher.page.locator(`[data-testid="queue-item-${id}"] [data-testid="queue-claim"]`).waitFor({ timeout: 10_000 });
    expect(watcher.problems).toEqual([]);
    expect(worker.problems).toEqual([]);
    await watcher.context.close();
    await worker.context.close();
  });

  it('shows the answer in the member\'s open chat at once, marked as from a fictional profile', async () => {
    const tenant = 'solvhjerter';
    const memberContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await memberContext.addCookies([
      { name: 'locale', value: 'en', url: base(tenant) },
      { name: 'entry_warning_dismissed', value: String(Date.now()), url: base(tenant) },
    ]);
    const member = await memberContext.newPage();
    const memberProblems = watchConsole(member);
    await member.goto(`${base(tenant)}/pages/faq`, { waitUntil: 'load' });
    const login = await member.evaluate(
      async (email) => (await fetch('/api/user.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'rendezvous-demo' }) })).status,
      `member@${tenant}.example`,
    );
    expect(login).toBe(200);
    // A conversation with a fictional profile in which the member wrote last: it waits in the queue.
    const waiting = await member.evaluate(async () => {
      const me = (await (await fetch('/api/user.php')).json()) as { user: { profile: { id: number } } };
      const { chats } = (await (await fetch('/api/chats.php')).json()) as { chats: { conversation: { id: number }; profile: { fictional: boolean }; last_message: { sender: number } | null }[] };
      return chats.find((c) => c.profile.fictional && c.last_message?.sender === me.user.profile.id)?.conversation.id ?? null;
    });
    expect(waiting).not.toBeNull();
    await member.goto(`${base(tenant)}/chats/${waiting}`, { waitUntil: 'load' });
    await member.getByTestId('thread').waitFor();
    await waitForLiveEvents(member);
    const fromProfileBefore = await member.locator('[data-testid="message"][data-fictional="true"]').count();

    const { context, page, problems } = await operatorPage(tenant);
    await page.goto(`${base(tenant)}/operator/conversations/${waiting}`, { waitUntil: 'load' });
    await page.locator('[data-testid="claim"]').click();
    await page.locator('[data-testid="release"]').waitFor();
    await page.locator('[data-testid="composer-textarea"]').fill('Hej! Thank you for writing, tell me about your weekend.');
    await page.locator('[data-testid="composer-send"]').click();

    // No reload on the member's side: the stream brings the answer.
    const answer = member.locator('[data-testid="message"][data-fictional="true"]', { hasText: 'tell me about your weekend' });
    await answer.waitFor({ timeout: 15_000 });
    expect(await member.locator('[data-testid="message"][data-fictional="true"]').count()).toBe(fromProfileBefore + 1);
    expect(await answer.getAttribute('data-mine')).toBe('false');
    expect(problems).toEqual([]);
    expect(memberProblems).toEqual([]);
    await context.close();
    await memberContext.close();
  });

  it.each([375, 1280])('has no serious axe violation on the console pages at %i px', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await visit(page, `${base('rainbowhearts')}/operator/login`);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
    const { context: ctx, page: console_ } = await operatorPage('rainbowhearts', width);
    expect(await seriousViolations(console_)).toEqual([]);
    await console_.locator('[data-testid^="queue-item-"]').first().click();
    await console_.waitForURL(/\/operator\/conversations\/\d+$/);
    await console_.waitForLoadState('networkidle');
    expect(await seriousViolations(console_)).toEqual([]);
    await visit(console_, `${base('rainbowhearts')}/operator/stats`);
    expect(await seriousViolations(console_)).toEqual([]);
    await ctx.close();
  });
});
