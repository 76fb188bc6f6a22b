// The live reload of the tenant files (app/.server/tenants/registry.ts, issue 43 item 5,
// docs/decisions/0068): it refuses what the start would refuse, with checkTenantFile's rules, one
// file at a time — a bad file is refused alone, logged with its file and field, the sites that
// were serving keep serving (an edited site its previous version), and a later good save serves:
// the registry never freezes on one bad file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TenantRegistry } from '~/.server/tenants/registry';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TenantJson = Record<string, any>;
const DEMO = ['bellacurva', 'flirtlokaal', 'herzklopfen'];
const demoFile = (id: string) => JSON.parse(fs.readFileSync(`tenants/${id}.json`, 'utf8')) as TenantJson;
/** A copy of FlirtLokaal under a new id and domain: valid as it is. */
const brand = (id: string, change: (file: TenantJson) => void = () => {}) => {
  const file = demoFile('flirtlokaal');
  file.id = id;
  file.domains = [`${id}.example`];
  file.settings.domain = `${id}.example`;
  file.settings.name = id;
  change(file);
  if (!file.domains.includes(file.settings.domain)) file.settings.domain = file.domains[0];
  return file;
};

let dir: string;
let logged: string[];
let registry: TenantRegistry;
const write = (id: string, file: TenantJson | string) => fs.writeFileSync(path.join(dir, `${id}.json`), typeof file === 'string' ? file : JSON.stringify(file, null, 2));
const servedAt = (host: string) => registry.resolve(host)?.id ?? null;
/** Every demo site answers on its domain and its demo host, with the name it had. */
const demoSitesServe = () => {
  for (const id of DEMO) {
    const file = demoFile(id);
    expect(servedAt(file.domains[0]), `${id} on ${file.domains[0]}`).toBe(id);
    expect(servedAt(`${id}.localhost`), `${id}.localhost`).toBe(id);
    expect(registry.get(id)?.settings.name, `${id}'s name`).toBe(file.settings.name);
  }
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-reload-'));
  for (const id of DEMO) write(id, demoFile(id));
  logged = [];
  registry = TenantRegistry.load(dir, (message) => logged.push(message));
});

afterEach(() => {
  registry.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the live reload refuses a bad file alone', () => {
  it.each([
    ["a domain of another file (herzklopfen's)", 'copycat', brand('copycat', (f) => (f.domains = ['copycat.example', demoFile('herzklopfen').domains[0]])), /domains\.1: "[^"]+" is already used by herzklopfen/],
    ["another tenant's demo host", 'hostgrab', brand('hostgrab', (f) => (f.domains = ['hostgrab.example', 'flirtlokaal.localhost'])), /domains\.1: "flirtlokaal\.localhost" is the demo host of flirtlokaal/],
    ['ADMIN_HOST as a domain', 'consolegrab', brand('consolegrab', (f) => (f.domains = ['consolegrab.example', 'admin.localhost'])), /domains\.1: "admin\.localhost" is the network console's host \(ADMIN_HOST\)/],
    ['admin as its id', 'admin', brand('admin'), /id: "admin" would answer on admin\.localhost/],
    ['the same domain twice', 'twice', brand('twice', (f) => (f.domains = ['twice.example', 'twice.example'])), /domains\.1: is used twice/],
    ['a control character in a text', 'bell', brand('bell', (f) => (f.company.name = 'Bell\u0007 B.V.')), /company\.name: holds a control character/],
    ['half a file (no JSON)', 'halfway', '{ "id": "halfway", "domains": [', /\(file\): /],
  ])('%s: refused and logged with its file and field, every other site serves, and the next good save serves', (_case, id, bad, problem) => {
    write(id, bad);
    const report = registry.reload();
    expect(report.refused.get(id)?.join('\n')).toMatch(problem);
    expect([...report.refused.keys()]).toEqual([id]);
    expect(registry.get(id)).toBeUndefined();
    expect(servedAt(`${id}.example`)).toBeNull();
    expect(servedAt('admin.localhost')).toBeNull();
    demoSitesServe();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(path.join(dir, `${id}.json`));
    expect(logged[0]).toMatch(problem);

    // Not frozen: with the bad file still there, a new site and an edit of another serve.
    write('goodbrand', brand('goodbrand'));
    const flirt = demoFile('flirtlokaal');
    flirt.settings.name = 'FlirtLokaal Plus';
    write('flirtlokaal', flirt);
    const next = registry.reload();
    expect([...next.refused.keys()]).toEqual([id]);
    expect(servedAt('goodbrand.example')).toBe('goodbrand');
    expect(servedAt('goodbrand.localhost')).toBe('goodbrand');
    expect(registry.get('flirtlokaal')?.settings.name).toBe('FlirtLokaal Plus');
    expect(servedAt('herzklopfen.localhost')).toBe('herzklopfen');
    // The same bad file is not logged again at every reload.
    expect(logged).toHaveLength(1);

    // Once it is fixed, it serves (no file named admin ever can).
    if (id === 'admin') return;
    write(id, brand(id));
    expect(registry.reload().refused.size).toBe(0);
    expect(servedAt(`${id}.example`)).toBe(id);
  });

  it('keeps the previous version of a serving site whose file turns bad, and serves the others', () => {
    const herz = demoFile('herzklopfen');
    const taken = demoFile('flirtlokaal').domains[0];
    write('herzklopfen', { ...herz, domains: [...herz.domains, taken] });
    const report = registry.reload();
    expect(report.refused.get('herzklopfen')?.join('\n')).toMatch(new RegExp(`"${taken.replace(/\./g, '\\.')}" is already used by flirtlokaal`));
    expect(logged[0]).toContain(path.join(dir, 'herzklopfen.json'));
    expect(logged[0]).toMatch(/previous version/);
    expect(servedAt(taken)).toBe('flirtlokaal');
    demoSitesServe();
  });

  it('lets a serving site keep its domain when a new file that sorts before it claims that domain', () => {
    // The start would report the later file; a running network keeps the site it serves.
    write('aaa', brand('aaa', (f) => (f.domains = [demoFile('flirtlokaal').domains[0]])));
    const report = registry.reload();
    expect(report.refused.get('aaa')?.join('\n')).toMatch(/already used by flirtlokaal/);
    expect([...report.refused.keys()]).toEqual(['aaa']);
    demoSitesServe();
  });

  it('takes two good changes and one bad in one reload, the bad one alone refused', () => {
    write('one', brand('one'));
    write('two', brand('two', (f) => (f.domains = ['two.example', 'one.example'])));
    write('three', brand('three'));
    const report = registry.reload();
    expect([...report.refused.keys()]).toEqual(['two']);
    expect(servedAt('one.example')).toBe('one');
    expect(servedAt('three.example')).toBe('three');
    expect(servedAt('two.localhost')).toBeNull();
    demoSitesServe();
  });

  it('gives a domain a serving site lets go to a file earlier in the order, in the same reload', () => {
    const herz = demoFile('herzklopfen');
    const [given, ...kept] = herz.domains as string[];
    write('aaa', brand('aaa', (f) => (f.domains = [given])));
    write('herzklopfen', { ...herz, domains: kept, settings: { ...herz.settings, domain: kept[0] } });
    expect(registry.reload().refused.size).toBe(0);
    expect(servedAt(given!)).toBe('aaa');
    expect(servedAt(kept[0]!)).toBe('herzklopfen');
  });

  it('stops serving a site whose file is removed, and frees its domain for another', () => {
    const domain = demoFile('bellacurva').domains[0];
    fs.rmSync(path.join(dir, 'bellacurva.json'));
    write('newbella', brand('newbella', (f) => (f.domains = [domain])));
    expect(registry.reload().refused.size).toBe(0);
    expect(servedAt(domain)).toBe('newbella');
    expect(registry.get('bellacurva')).toBeUndefined();
  });

  it('refuses what the start refuses: the folder as the reload left it starts once the bad file is gone', () => {
    write('copycat', brand('copycat', (f) => (f.domains = [demoFile('herzklopfen').domains[0]])));
    registry.reload();
    // The start names one of the two files (the later one); it refuses either way.
    expect(() => TenantRegistry.load(dir, () => {})).toThrow(/"[^"]+" is already used by (herzklopfen|copycat)/);
    fs.rmSync(path.join(dir, 'copycat.json'));
    expect(registry.reload().refused.size).toBe(0);
    expect(TenantRegistry.load(dir, () => {}).all().map((t) => t.id).sort()).toEqual(DEMO);
  });

  it('reloads on its own when a file changes (the watcher), refusing a bad file and serving a later good one', async () => {
    registry.watch();
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      return done();
    };
    write('copycat', brand('copycat', (f) => (f.domains = ['copycat.example', demoFile('herzklopfen').domains[0]])));
    expect(await until(() => logged.length > 0)).toBe(true);
    expect(logged[0]).toContain('copycat.json');
    write('goodbrand', brand('goodbrand'));
    expect(await until(() => servedAt('goodbrand.example') === 'goodbrand')).toBe(true);
    expect(servedAt('copycat.example')).toBeNull();
    demoSitesServe();
  });
});
