// The network console in Chromium at 375 and 1280 px (issue 35 "Done when", docs/network-console.md):
// the demo network account logs in on the admin host with the code from the admin host's outbox; the
// overview lists every demo site with its chart and CSV link; the brand wizard refuses a niche of 9
// naming the field beside it, shows the new site live in its preview frames, and saves a valid new
// brand whose host then answers 200 with its name; editing a site shows the diff of its file before
// saving and keeps the previous version (sites are versioned rows, docs/decisions/0066). axe finds nothing on any console page; screenshots go to
// docs/screenshots/network-*.png.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { axeFor } from '../support/axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenants } from '~/.server/tenants/registry';
import { docScreenshot, launchBrowser, watchConsole } from '../support/browser';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const SHOTS = 'docs/screenshots';
const DEMO = { email: 'network@rendezvous.example', password: 'rendezvous-demo' };
const tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-console-tenants-'));
const demoSites = loadTenants('tenants');
const admin = () => `http://admin.localhost:${server.port}`;

beforeAll(async () => {
  for (const name of fs.readdirSync('tenants')) fs.copyFileSync(path.join('tenants', name), path.join(tenantsDir, name));
  [server, browser] = await Promise.all([startServer({ DEMO: '1', TENANTS_DIR: tenantsDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

/** Every axe violation of the console page itself (the preview frames show the sites' own pages, which have their own checks). */
async function axe(page: Page): Promise<{ rule: string; targets: string[] }[]> {
  const result = await axeFor(page).exclude('.frame iframe').analyze();
  return result.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`) }));
}

async function consoleContext(width: number): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 }, locale: 'en-GB', extraHTTPHeaders: { 'accept-language': 'en' } });
}

/** Logs in as a person would: e-mail and password, then the code the admin host's outbox shows. */
async function logIn(page: Page): Promise<void> {
  await page.goto(`${admin()}/login`);
  await page.getByLabel('E-mail address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code from the e-mail').waitFor();
  const outbox = await page.context().newPage();
  let code: string | undefined;
  for (let tries = 0; !code && tries < 50; tries++) {
    await outbox.goto(`${admin()}/dev/outbox`);
    code = (await outbox.locator(`[data-testid="mail"][data-to="${DEMO.email}"] pre`).first().textContent({ timeout: 2000 }).catch(() => null))?.match(/\b(\d{6})\b/)?.[1];
    if (!code) await outbox.waitForTimeout(200);
  }
  await outbox.close();
  expect(code, 'the code is in the admin host outbox').toBeDefined();
  await page.getByLabel('Code from the e-mail').fill(code!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Sites side by side' }).waitFor();
}

/** The site's edit page as the logged-in admin's browser gets it (the page is on the admin host; its host names resolve in Chromium only). */
const editPage = (page: Page, id: string) => page.evaluate(async (path) => (await fetch(path, { headers: { 'accept-language': 'en' } })).text(), `/tenants/${id}/edit`);

describe.each([375, 1280])('the network console at %i px', (width) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const id = `launch${width}`;

  beforeAll(async () => {
    context = await consoleContext(width);
    page = await context.newPage();
    problems = watchConsole(page);
    await logIn(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows every demo site in the overview, with its charts and a CSV of the table', async () => {
    await page.goto(`${admin()}/?from=2026-01-01&to=2026-11-27&bucket=month`);
    for (const site of demoSites) await expect.poll(() => page.locator(`tr[data-site="${site.id}"] th`).textContent()).toBe(site.settings.name);
    expect(await page.locator('figure svg[role="img"]').count()).toBeGreaterThanOrEqual(2);
    const csv = page.getByRole('link', { name: 'Download CSV' });
    const href = await csv.getAttribute('href');
    expect(href).toContain('format=csv');
    const answer = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    }, href!);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/csv/);
    for (const site of demoSites) expect(answer.text).toContain(site.settings.name);
    expect(await axe(page)).toEqual([]);
    await docScreenshot(page, { path: `${SHOTS}/network-overview-${width}.png`, fullPage: width > 600 });
  });

  it('lists the sites, where a new brand starts', async () => {
    await page.getByRole('link', { name: 'Sites', exact: true }).click();
    await page.getByRole('heading', { name: 'Sites of the network' }).waitFor();
    expect(await page.locator('li[data-site]').count()).toBeGreaterThanOrEqual(demoSites.length);
    expect(await axe(page)).toEqual([]);
    await docScreenshot(page, { path: `${SHOTS}/network-sites-${width}.png`, fullPage: true });
  });

  it('refuses a niche of 9 naming the field beside it, then launches the brand, whose host answers with its name', async () => {
    await page.getByRole('link', { name: 'Copy of FlirtLokaal' }).click();
    await page.getByRole('heading', { name: 'Launch a new brand' }).waitFor();
    await page.getByLabel('Site id').fill(id);
    await page.getByLabel('Site name').fill(`Launch ${width}`);
    await page.getByLabel('Domains').fill(`${id}.example`);
    await page.getByLabel('Niche (1–7)').fill('9');
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.locator('#summary').waitFor();
    expect(await page.locator('#error-niche').textContent()).toBe('settings.niche: must be a niche from 1 to 7');
    expect(await page.getByLabel('Niche (1–7)').getAttribute('aria-invalid')).toBe('true');
    // Nothing stored: the site's host is still unknown (sites are rows in the database, docs/decisions/0066).
    expect((await request(server.port, `${id}.localhost:${server.port}`, '/')).status).toBe(404);
    expect(await axe(page)).toEqual([]);
    await page.locator('#field-niche').scrollIntoViewIfNeeded();
    await docScreenshot(page, { path: `${SHOTS}/network-wizard-niche-${width}.png` });

    // As the form changes, the preview frames show the real site rendered from the draft.
    await page.getByLabel('Niche (1–7)').fill('1');
    await page.getByLabel('Site name').fill(`Launch ${width} Live`);
    await page.getByLabel('Logo text').fill(`Launch ${width}`);
    await expect.poll(() => page.locator('#error-niche').textContent()).toBe('');
    const home = page.frameLocator('.frames[data-page="home"] .desktop iframe');
    await expect.poll(() => home.locator('body').textContent({ timeout: 2000 }).catch(() => ''), { timeout: 20_000 }).toContain(`Launch ${width} Live`);
    const lander = page.frameLocator('.frames[data-page="lander"] .phone iframe');
    await expect.poll(() => lander.locator('body').textContent({ timeout: 2000 }).catch(() => ''), { timeout: 20_000 }).toMatch(/free tonight|vanavond vrij/);
    await page.getByLabel('Main colour', { exact: true }).fill('#ff9ec7');
    await expect.poll(() => page.locator('[data-contrast="button"] .fail').textContent()).toBe('Fails AA');
    await page.getByLabel('Main colour', { exact: true }).fill('#b0124f');
    await expect.poll(() => page.locator('[data-contrast="button"] .pass').textContent()).toBe('Passes AA');
    await page.locator('.preview').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    await docScreenshot(page, { path: `${SHOTS}/network-wizard-preview-${width}.png`, fullPage: width > 600 });

    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.getByText(`Launch ${width} Live is live: it answers on ${id}.example now.`).waitFor();
    // Stored as the site's first version, saved by the admin from the console; the release's folder is never written.
    const versions = await editPage(page, id);
    expect(versions).toMatch(/<li data-version="1">Version 1: [^<]*UTC, network@rendezvous\.example<\/li>/);
    expect(fs.existsSync(path.join(tenantsDir, `${id}.json`))).toBe(false);
    const site = await request(server.port, `${id}.localhost:${server.port}`, '/');
    expect(site.status).toBe(200);
    expect(site.text).toContain(`Launch ${width} Live`);
    expect(await axe(page)).toEqual([]);
    // The refusal is a 400 by design; the preview frames get the server's render with no script in it (issue 48 item 18).
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
    // The next tests watch their own pages only.
    problems.length = 0;
  });

  /** Nothing of the page scrolls sideways (a wide table scrolls in its own box), and every control of the page is at least 44 px high. */
  async function fitsAndReaches(): Promise<void> {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const small = await page.locator('main button, main select, main input:not([type="hidden"]), main a[href]').evaluateAll((nodes) =>
      nodes.filter((node) => node.getBoundingClientRect().height < 44).map((node) => node.outerHTML.slice(0, 80)),
    );
    expect(small).toEqual([]);
  }

  it('shows site health per site, each figure linking to the site console', async () => {
    await page.getByRole('link', { name: 'Site health', exact: true }).click();
    await page.getByRole('heading', { name: 'Site health' }).waitFor();
    for (const site of demoSites) expect(await page.locator(`[data-site="${site.id}"] h2`).textContent()).toContain(site.settings.name);
    const photos = page.getByRole('link', { name: `Open Photos waiting for moderation on ${demoSites[0]!.settings.name}` });
    expect(await photos.getAttribute('href')).toMatch(/\/operator\/photos$/);
    await fitsAndReaches();
    expect(await axe(page)).toEqual([]);
    await docScreenshot(page, { path: `${SHOTS}/network-health-${width}.png`, fullPage: width > 600 });
  });

  it('lists the staff, whose table scrolls in its box on a phone, and invites a colleague with the form', async () => {
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    expect(await page.locator('tr[data-staff="analyst@rendezvous.example"]').count()).toBe(1);
    if (width < 600) {
      const box = page.getByRole('region', { name: 'Staff' });
      expect(await box.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    }
    await fitsAndReaches();
    expect(await axe(page)).toEqual([]);
    await page.getByLabel('Name', { exact: true }).fill(`Colleague ${width}`);
    await page.getByLabel('E-mail address').fill(`colleague${width}@rendezvous.example`);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent. The link in it is valid for 72 hours.').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/staff?done=invited');
    await page.locator(`tr[data-staff="colleague${width}@rendezvous.example"]`).waitFor();
    expect(await axe(page)).toEqual([]);
    await docScreenshot(page, { path: `${SHOTS}/network-staff-${width}.png`, fullPage: width > 600 });
  });

  it('filters the audit log by action, with its CSV', async () => {
    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByLabel('Action').selectOption('staff_invite');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('staff_invite');
    await page.locator('tr[data-action="staff_invite"]').first().waitFor();
    expect(await page.locator('tbody tr:not([data-action="staff_invite"])').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/network/audit.php?action=staff_invite&format=csv');
    await fitsAndReaches();
    expect(await axe(page)).toEqual([]);
    await docScreenshot(page, { path: `${SHOTS}/network-audit-${width}.png`, fullPage: width > 600 });
  });

  it('starts setting up an authenticator app on the security page', async () => {
    await page.getByRole('link', { name: 'Your sign-in', exact: true }).click();
    await page.getByRole('heading', { name: 'Your sign-in' }).waitFor();
    // The same demo admin at both widths: the first run started the set-up, the second finds it pending.
    const pending = page.getByRole('heading', { name: 'Add the console to your authenticator app' });
    if (!(await pending.isVisible())) await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await pending.waitFor();
    expect(await page.getByTestId('totp-key').textContent()).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(await page.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href')).toMatch(/^otpauth:\/\/totp\//);
    await fitsAndReaches();
    expect(await axe(page)).toEqual([]);
    await docScreenshot(page, { path: `${SHOTS}/network-security-${width}.png`, fullPage: width > 600 });
    expect(problems).toEqual([]);
  });

  it.runIf(width === 1280)('edits a site through the same form, with the diff of its file before saving, and keeps the previous version', async () => {
    await page.goto(`${admin()}/tenants/${id}/edit`);
    await page.getByLabel('Site name').fill(`Launch ${width} Renamed`);
    await page.getByRole('button', { name: 'Review changes' }).click();
    await page.getByRole('heading', { name: 'Changes to the tenant file' }).waitFor();
    const removed = await page.locator('.diff tr.del').allTextContents();
    const added = await page.locator('.diff tr.add').allTextContents();
    expect(removed.join('\n')).toContain(`"name": "Launch ${width} Live"`);
    expect(added.join('\n')).toContain(`"name": "Launch ${width} Renamed"`);
    expect(await axe(page)).toEqual([]);
    await docScreenshot(page, { path: `${SHOTS}/network-wizard-diff-${width}.png` });
    await page.getByRole('button', { name: 'Save these changes' }).click();
    await page.getByText(`The changes to Launch ${width} Renamed are live.`, { exact: false }).waitFor();
    // The previous version is kept beside the new one (docs/decisions/0066).
    const versions = await editPage(page, id);
    expect(versions).toMatch(/<li data-version="2">Version 2: [^<]*<\/li><li data-version="1">Version 1: /);
    expect((await request(server.port, `${id}.localhost:${server.port}`, '/')).text).toContain(`Launch ${width} Renamed`);
  });
});
