// Issue 31 item 5 (docs/decisions/0039): the event-loop monitor sees a blocked loop, a render past
// its abort delay answers 503 with Retry-After (never React's 500), and the settings are validated.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '~/.server/config';
import { overloadedResponse, startLoadMonitor } from '~/.server/http/admission';
import { renderDocument } from '~/.server/http/render-document';
import { loadTenants } from '~/.server/tenants/registry';

const tenant = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-'));

/** Keeps the event loop busy: `rounds` turns of `ms` of synchronous work each, the loop getting a turn in between. */
async function blockLoop(rounds: number, ms: number): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // busy
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the event-loop monitor', () => {
  it('reports overload while the loop is blocked, and not while it is idle', async () => {
    const monitor = startLoadMonitor({ maxDelayMs: 80, windowMs: 100 });
    try {
      await blockLoop(6, 150);
      // Each tick of the loop waited about 150 ms: the window's mean is over the limit.
      expect(monitor.delayMs()).toBeGreaterThan(80);
      expect(monitor.overloaded()).toBe(true);
      await wait(350);
      expect(monitor.overloaded()).toBe(false);
    } finally {
      monitor.stop();
    }
  });

  it('is off at 0, and reports a forced delay in tests', () => {
    const off = startLoadMonitor({ maxDelayMs: 0, forcedDelayMs: 10_000 });
    const forced = startLoadMonitor({ maxDelayMs: 250, forcedDelayMs: 300 });
    expect(off.overloaded()).toBe(false);
    expect(forced.delayMs()).toBe(300);
    expect(forced.overloaded()).toBe(true);
    off.stop();
    forced.stop();
  });
});

function Never(): never {
  throw new Promise(() => {});
}

const documentOptions = (abortMs: number) => ({
  nonce: 'n',
  status: 200,
  headers: new Headers(),
  signal: new AbortController().signal,
  abortMs,
  rewrite: null,
  aborted: () => overloadedResponse(tenant, 'en', 9),
  log: () => {
    throw new Error('an aborted render logs nothing');
  },
});

describe('the document render', () => {
  it('answers a render past its abort delay with the 503 page and Retry-After, not a 500', async () => {
    const response = await renderDocument(
      <html>
        <body>
          <Suspense fallback={<p>loading</p>}>
            <Never />
          </Suspense>
        </body>
      </html>,
      documentOptions(30),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('9');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('The site is very busy right now. Please try again in a moment');
    expect(html).not.toContain('loading');
  });

  it('answers a render that finishes in time with the page', async () => {
    const response = await renderDocument(
      <html>
        <body>
          <p>hello</p>
        </body>
      </html>,
      documentOptions(5_000),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<p>hello</p>');
  });
});

describe('the settings', () => {
  it('have defaults and are validated', () => {
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', DEMO: '1' })).toMatchObject({ OVERLOAD_DELAY_MS: 250, OVERLOAD_RETRY_AFTER_S: 5, RENDER_ABORT_MS: 6_000 });
    // Off in development and tests unless told (a shared machine's load is not the server's).
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'test' }).OVERLOAD_DELAY_MS).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp() }).OVERLOAD_DELAY_MS).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'test', OVERLOAD_DELAY_MS: '100' }).OVERLOAD_DELAY_MS).toBe(100);
    expect(() => loadConfig({ DATA_DIR: tmp(), OVERLOAD_DELAY_MS: 'busy' })).toThrow(/OVERLOAD_DELAY_MS: /);
    expect(() => loadConfig({ DATA_DIR: tmp(), OVERLOAD_RETRY_AFTER_S: '0' })).toThrow(/OVERLOAD_RETRY_AFTER_S: /);
    expect(() => loadConfig({ DATA_DIR: tmp(), RENDER_ABORT_MS: '-1' })).toThrow(/RENDER_ABORT_MS: /);
  });

  it('take the forced delay only in tests', () => {
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'test', OVERLOAD_TEST_DELAY_MS: '300' }).OVERLOAD_TEST_DELAY_MS).toBe(300);
    expect(() => loadConfig({ DATA_DIR: tmp(), OVERLOAD_TEST_DELAY_MS: '300' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), OVERLOAD_TEST_DELAY_MS: '300' })).toThrow(/OVERLOAD_TEST_DELAY_MS: only for NODE_ENV=test/);
  });
});
