// Live events in Chromium: a page of a logged-in member opens GET /api/events.php by itself
// (app/state/event-stream.ts) and marks <html data-live-events="ready"> once the stream is live.
// Wait for it before making the change the page should receive without a reload:
//   await page.goto(`${base}/chats`);
//   await waitForLiveEvents(page);
//   … another member sends a message / likes through the API or a second browser context …
//   await page.getByTestId('match-modal').waitFor();
import type { Page } from 'playwright-core';

export async function waitForLiveEvents(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForSelector('html[data-live-events="ready"]', { state: 'attached', timeout });
}
