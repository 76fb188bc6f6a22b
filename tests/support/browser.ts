// Debian's Chromium driven by playwright-core (nothing is downloaded).
import { chromium, type Browser, type ConsoleMessage, type Locator, type Page, type Response } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

/** Collects what a page reports in red (console errors, page errors) and any hydration warning. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    // A data load superseded by a navigation or a submission is aborted, and the router says so on
    // the console ("signal is aborted without reason"): the newer load brings the data; not a fault.
    // When the abort lands while Remix decodes the response's body, Remix logs the error with its
    // stack (single fetch's decoder, console.error(error)): only the first line is the message.
    if (/^(AbortError: )?signal is aborted without reason(\n|$)/.test(text)) return;
    if (message.type() === 'error' || /hydrat|did not match|Minified React error/i.test(text)) problems.push(`${page.url()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

/**
 * Wakes a sleeping visitor page (docs/decisions/0042) as a visitor's first key would, and waits for
 * the app to have hydrated: for tests of what the woken app does (the first tap before it wakes has
 * tests of its own, tests/e2e/first-tap.test.ts).
 */
export async function wakeApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await hydrated(page);
}

/**
 * Waits for the app to have hydrated (the root's first effect; every component's effects, such as a
 * key listener, ran before it). `networkidle` alone does not promise that on a busy machine: the
 * scripts are in, but React may not have run them yet, and a key pressed then goes nowhere.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __rdvHydrated?: boolean }).__rdvHydrated === true);
}

/**
 * Opens a page as the browser tests mean "opened": loaded, the network quiet, and the app ready for
 * what a person does next. A page that runs the app waits until it has hydrated (its key listeners,
 * its controlled inputs); a sleeping visitor page (its scripts asleep, no `__remixContext`) and a page
 * that is not the app's are ready as they are. A busy machine runs React after `networkidle`, and a
 * key pressed or a field typed in between went nowhere (docs/decisions/0041, "The suite").
 */
export async function visit(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => {
    const w = window as unknown as { __rdvHydrated?: boolean; __remixContext?: unknown };
    return w.__rdvHydrated === true || w.__remixContext === undefined;
  });
  return response;
}

/**
 * A screenshot for the docs (docs/screenshots/…), taken only when DOC_SCREENSHOTS is set, as
 * `npm run screenshots:tests` sets it: encoding full-page PNGs was a large share of the browser tests' CPU
 * in every run of the suite, and rewrote the committed pictures each time (docs/decisions/0041).
 */
export async function docScreenshot(target: Page | Locator, options: { path: string; fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } }): Promise<void> {
  if (!process.env.DOC_SCREENSHOTS) return;
  await target.screenshot(options);
}
