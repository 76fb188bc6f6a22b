// The tenant files as the sites' source (docs/decisions/0066-brands-as-data.md) on PGlite and
// PostgreSQL, through the commands themselves: `npm run tenant:import` into an empty database names
// each site it adds, `npm run tenant:export` gives back the same files byte for byte, `tenant:check
// -- --database` validates the stored versions; an import over a site changed from the console names
// what it overwrites and hands the site back to its file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/.server/db/database';
import { saveVersion, storedSites } from '~/.server/tenants/store';
import { databaseKinds } from '../support/databases';

const demoFiles = fs.readdirSync('tenants').filter((name) => name.endsWith('.json') && !name.startsWith('_')).sort();

describe.each(databaseKinds)('tenant:import and tenant:export on $name', (kind) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-tenant-io-'));
  const source = path.join(root, 'source');
  const out = path.join(root, 'out');
  let url: string | undefined;
  let drop: () => Promise<void> = async () => {};
  const run = (script: string, args: string[] = []) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: path.join(root, 'data'), TENANTS_DIR: source, DATABASE_URL: url ?? '', SESSION_SECRET: 'test-secret-test-secret-test-secret-0123' },
      encoding: 'utf8',
    });
    return { status: result.status, out: `${result.stdout}${result.stderr}` };
  };
  const open = () => openDatabase(url ? { databaseUrl: url, poolSize: 1 } : { dataDir: path.join(root, 'data', 'pglite') });

  beforeAll(async () => {
    fs.cpSync('tenants', source, { recursive: true });
    const created = await kind.create();
    url = created.url;
    drop = created.drop;
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('imports into an empty database naming each site, exports the same bytes, checks the stored versions', () => {
    const imported = run('tenant-import');
    expect(imported.status, imported.out).toBe(0);
    for (const name of demoFiles) expect(imported.out).toContain(`added        ${path.basename(name, '.json')}`);
    const exported = run('tenant-export', [out]);
    expect(exported.status, exported.out).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(demoFiles);
    for (const name of demoFiles) expect(fs.readFileSync(path.join(out, name)), name).toEqual(fs.readFileSync(path.join(source, name)));
    const checked = run('tenant-check', ['--database']);
    expect(checked.status, checked.out).toBe(0);
    expect(checked.out).toContain('ok    database: site flirtlokaal (version 1, active');
    // A second import finds nothing to take.
    expect(run('tenant-import').out).toContain('the database already holds every file');
  });

  it('names the site it overwrites when the console changed it, and hands it back to its file', async () => {
    const database = await open();
    try {
      const text = (await storedSites(database.db)).get('flirtlokaal')!.text;
      await saveVersion(database.db, { id: 'flirtlokaal', text: text.replace('"FlirtLokaal"', '"FlirtLokaal Console"'), source: 'console', staffId: null });
      expect((await storedSites(database.db)).get('flirtlokaal')).toMatchObject({ version: 2, managedBy: 'console' });
    } finally {
      await database.close();
    }
    const exported = run('tenant-export', [out]);
    expect(exported.status).toBe(0);
    expect(fs.readFileSync(path.join(out, 'flirtlokaal.json'), 'utf8')).toContain('"FlirtLokaal Console"');
    const imported = run('tenant-import', ['flirtlokaal']);
    expect(imported.status, imported.out).toBe(0);
    expect(imported.out).toContain('overwrote    flirtlokaal (its version 2, changed from the console)');
    const again = await open();
    try {
      expect((await storedSites(again.db)).get('flirtlokaal')).toMatchObject({ version: 3, managedBy: 'file', text: fs.readFileSync(path.join(source, 'flirtlokaal.json'), 'utf8') });
    } finally {
      await again.close();
    }
    // A file the start would refuse is named with its field, and nothing of it is taken.
    fs.writeFileSync(path.join(source, 'brokenbrand.json'), JSON.stringify({ id: 'brokenbrand' }));
    const refused = run('tenant-import', ['brokenbrand']);
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/FAIL .*brokenbrand\.json\n[^]*\n\s+settings: /);
    fs.rmSync(path.join(source, 'brokenbrand.json'));
  });
});
