// Two instances that share no folder (issue 44 item 1, docs/decisions/0066-brands-as-data.md): one
// PostgreSQL and one Redis, each instance with its own copy of the release's tenant files, as two
// machines have. A brand launched on one (POST /api/network/tenants.php) serves on the other within
// 10 s; an edit from the console's wizard on the other reaches both; and both, started again from the
// release's files, still serve the brand and the edit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHost, encodeForm, networkSession, wizardFormOf } from '../support/network';
import { request, startServer, type RunningServer } from '../support/server';

const sharedDatabase = Boolean(process.env.DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` for up to `ms`; true as soon as it holds. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > end) return false;
    await sleep(100);
  }
}

describe.skipIf(!sharedDatabase)('two instances with their own tenant folders on one database', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-sites-fleet-'));
  const folders = [path.join(root, 'a'), path.join(root, 'b')];
  let a: RunningServer;
  let b: RunningServer;
  const flirt = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as { settings: Record<string, unknown> };
  const brand = { ...flirt, id: 'twinbrand', domains: ['twinbrand.example'], settings: { ...flirt.settings, name: 'TwinBrand', domain: 'twinbrand.example' } };
  const home = (server: RunningServer, host: string) => request(server.port, `${host}:${server.port}`, '/', { headers: { 'accept-language': 'en' } });

  beforeAll(async () => {
    for (const folder of folders) fs.cpSync('tenants', folder, { recursive: true });
    a = await startServer({ DEMO: '1', TENANTS_DIR: folders[0] });
    b = await startServer({ DEMO: '1', TENANTS_DIR: folders[1], DATABASE_URL: a.databaseUrl });
  });
  afterAll(async () => {
    await b?.stop('SIGTERM', { keepData: true });
    await a?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves a brand launched on one instance on the other within 10 s, an edit from the console on both, and both after a restart from the release files', async () => {
    const cookieA = await networkSession(a);
    const created = await request(a.port, adminHost(a), '/api/network/tenants.php', { method: 'POST', body: JSON.stringify(brand), headers: { cookie: cookieA, 'content-type': 'application/json', origin: `http://${adminHost(a)}` } });
    expect(created.status).toBe(201);
    expect((await home(a, 'twinbrand.localhost')).text).toContain('TwinBrand');
    expect(await within(10_000, async () => (await home(b, 'twinbrand.localhost')).text.includes('TwinBrand'))).toBe(true);

    // The wizard on the other instance edits it: both serve the edit.
    const cookieB = await networkSession(b);
    const edit = await request(b.port, adminHost(b), '/tenants/twinbrand/edit', { headers: { cookie: cookieB } });
    expect(edit.status).toBe(200);
    const form = { ...wizardFormOf(edit.text), name: 'TwinBrand Edited', intent: 'save' };
    const saved = await request(b.port, adminHost(b), '/tenants/twinbrand/edit', { method: 'POST', body: encodeForm(form), headers: { cookie: cookieB, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${adminHost(b)}` } });
    expect(saved.status).toBe(303);
    expect((await home(b, 'twinbrand.localhost')).text).toContain('TwinBrand Edited');
    expect(await within(10_000, async () => (await home(a, 'twinbrand.localhost')).text.includes('TwinBrand Edited'))).toBe(true);
    // Neither folder was written.
    for (const folder of folders) expect(fs.existsSync(path.join(folder, 'twinbrand.json'))).toBe(false);

    // A deploy: both started again from the release's files (fresh copies).
    for (const folder of folders) {
      fs.rmSync(folder, { recursive: true, force: true });
      fs.cpSync('tenants', folder, { recursive: true });
    }
    a = await a.restart();
    b = await b.restart();
    for (const server of [a, b]) {
      const page = await home(server, 'twinbrand.localhost');
      expect(page.status).toBe(200);
      expect(page.text).toContain('TwinBrand Edited');
      expect((await home(server, 'flirtlokaal.localhost')).status).toBe(200);
    }
  }, 120_000);
});
