// Debian's Chromium driven by playwright-core (nothing is downloaded).
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

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
  await page.waitForFunction(() => (window as unknown as { __rdvHydrated?: boolean }).__rdvHydrated === true);
}
