// Web push in Chromium (issue 24 item 4): /sw-push.js registers as a real service worker on a tenant
// host, and a push delivered to it (through the DevTools protocol, as the push service would; headless
// Chromium has no push service of its own) is shown with the payload's title, body and tag and keeps
// the URL a click opens. The payload is what the notification round sends (notifications/push.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchConsole } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
const HOST = 'flirtlokaal.localhost';
const base = () => `http://${HOST}:${server.port}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('web push in Chromium', () => {
  it('shows a push through the registered /sw-push.js with title, body, tag and click URL', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: base() });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${base()}/`, { waitUntil: 'load' });
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/sw-push.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(scope).toBe(`${base()}/`);
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${base()}/`)).toBeTruthy();
    const payload = { title: 'DemoPremium wil met je chatten', body: 'Tik om het te bekijken.', icon: `${base()}/icons/192.png`, url: `${base()}/chats/41`, tag: 'chat-41' };
    // The open page hears of the push too (state/push.ts keeps it as lastMessage and refreshes).
    const heard = page.evaluate(() => new Promise<unknown>((resolve) => navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data), { once: true })));
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: base(), registrationId: registrations.find((r) => r.scopeURL === `${base()}/`)!.registrationId, data: JSON.stringify(payload) });
    // Chromium shows the notification only once it has fetched its icon from the test server, and the
    // worker's thread may have to start first: on a machine busy with other browser files that took
    // longer than the suite's 5 s poll (seen in CI), so this one waits up to 20 s.
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }))), { timeout: 20_000 })
      .toEqual([{ title: payload.title, body: payload.body, tag: 'chat-41', data: { url: payload.url } }]);
    expect(await heard).toEqual({ type: 'push', payload });
    expect(errors).toEqual([]);
    await context.close();
  });
});
