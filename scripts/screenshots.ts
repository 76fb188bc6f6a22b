// npm run screenshots — docs/screenshots/: /, /pages/terms and a 404 for two tenants in two
// languages, at 375 px (mobile) and 1280 px (desktop), from the production build in Chromium.
import fs from 'node:fs';
import { launchBrowser } from '../tests/support/browser';
import { startServer } from '../tests/support/server';

const SHOTS = [
  { tenant: 'flirtlokaal', locales: ['nl', 'en'] },
  { tenant: 'bellacurva', locales: ['es', 'it'] },
];
const PAGES = [
  { name: 'home', path: '/', fullPage: true },
  { name: 'terms', path: '/pages/terms', fullPage: false },
  { name: '404', path: '/this-page-does-not-exist', fullPage: false },
];
const WIDTHS = [375, 1280];

fs.mkdirSync('docs/screenshots', { recursive: true });
const [server, browser] = await Promise.all([startServer({ NODE_ENV: 'production', DEMO: '1', DATABASE_URL: '' }), launchBrowser()]);
try {
  for (const { tenant, locales } of SHOTS) {
    for (const locale of locales) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } });
        const url = `http://${tenant}.localhost:${server.port}/`;
        await context.addCookies([
          { name: 'locale', value: locale, url },
          { name: 'entry_warning_dismissed', value: String(Date.now()), url },
        ]);
        const page = await context.newPage();
        for (const shot of PAGES) {
          await page.goto(`http://${tenant}.localhost:${server.port}${shot.path}`, { waitUntil: 'networkidle' });
          const file = `docs/screenshots/${tenant}-${locale}-${shot.name}-${width}.png`;
          await page.screenshot({ path: file, fullPage: shot.fullPage });
          console.log(file);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
