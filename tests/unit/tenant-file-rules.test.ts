// One checkTenantFile (app/.server/tenants/check.ts, issue 43 items 5 and 6, docs/decisions/0068):
// every file the wizard would save with one of these problems is refused with the field named,
// through the wizard's own check (network/tenants.ts, which POST /api/network/tenants.php, Check and
// save and the drafts use); the start and tenant:check refuse the same (loadTenants).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTenantFile as checkRules } from '~/.server/tenants/check';
import { checkTenantFile, fieldsOf } from '~/.server/network/tenants';
import { loadTenants, TenantFileError } from '~/.server/tenants/registry';
import { fileFromForm, lineDiff, localizedProblems, MAX_FILE_CHARS, previewPath } from '~/.server/network/wizard';
import { InviteSchema } from '~/.server/network/staff-admin';

/** A tenant file as JSON, changed freely by each case (no type could describe the broken ones). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TenantJson = Record<string, any>;
const tenants = loadTenants('tenants');
const flirtFile = () => JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as TenantJson;
/** A copy of a demo site under a new id and domain: valid as it is. */
const brand = (change: (file: TenantJson) => void = () => {}) => {
  const file = flirtFile();
  file.id = 'newbrand';
  file.domains = ['newbrand.example'];
  file.settings.domain = 'newbrand.example';
  change(file);
  return file;
};
const refusal = (file: unknown, editing?: string) => {
  const checked = checkTenantFile(file, { existing: tenants, ...(editing ? { editing } : {}) });
  return checked.ok ? {} : fieldsOf(checked.problems);
};

describe('the wizard refuses, naming the field, every file the start would refuse or that would break a site', () => {
  it('accepts a copy of a demo site under its own id and domain', () => {
    expect(refusal(brand())).toEqual({});
  });

  it.each([
    ['a domain twice in the file', (f: TenantJson) => (f.domains = ['newbrand.example', 'newbrand.example']), 'domains.1', /used twice/],
    ["another tenant's domain", (f: TenantJson) => (f.domains = ['newbrand.example', 'flirtlokaal.nl']), 'domains.1', /already used by flirtlokaal/],
    ["another tenant's demo host", (f: TenantJson) => (f.domains = ['newbrand.example', 'flirtlokaal.localhost']), 'domains.1', /demo host of flirtlokaal/],
    ['ADMIN_HOST as a domain', (f: TenantJson) => (f.domains = ['newbrand.example', 'admin.localhost']), 'domains.1', /ADMIN_HOST/],
    ['admin as the id (admin.localhost)', (f: TenantJson) => (f.id = 'admin'), 'id', /ADMIN_HOST/],
    ['a NUL byte in the name', (f: TenantJson) => (f.settings.name = 'Bad\u0000Name'), 'settings.name', /control character/],
    ['a lone surrogate in the name', (f: TenantJson) => (f.settings.name = 'Bad\ud800Name'), 'settings.name', /not valid Unicode/],
    ['a control character in a lander text', (f: TenantJson) => (f.landers.variants[0].headline.nl = 'Kop\u001b[31m'), 'landers.variants.0.headline.nl', /control character/],
    ['a 200 KB brand name', (f: TenantJson) => (f.settings.name = 'x'.repeat(200_000)), 'settings.name', /too long \(at most 60/],
    ['a 400-character logo text', (f: TenantJson) => (f.theme.logo = { text: 'L'.repeat(400) }), 'theme.logo.text', /too long \(at most 30/],
    ['SESSION_SECRET as the Mollie key variable', (f: TenantJson) => (f.payments = { ...f.payments, provider: 'mollie', mollie_api_key_env: 'SESSION_SECRET' }), 'payments.mollie_api_key_env', /MOLLIE/],
    ['a postback to a private address', (f: TenantJson) => (f.postbacks = { adnet: { lead: 'http://10.0.0.5/pb?c={click_id}' } }), 'postbacks.adnet.lead', /private/],
    ['a postback to the metadata service', (f: TenantJson) => (f.postbacks = { adnet: { lead: 'http://169.254.169.254/latest/meta-data?c={click_id}' } }), 'postbacks.adnet.lead', /private, local or metadata/],
    ['a postback path out of /dev/postbacks', (f: TenantJson) => (f.postbacks = { demo: { lead: '/dev/postbacks/../../api/user.php?c={click_id}' } }), 'postbacks.demo.lead', /stay under \/dev\/postbacks/],
    ['an encoded postback path', (f: TenantJson) => (f.postbacks = { demo: { lead: '/dev/postbacks/%2e%2e/x?c={click_id}' } }), 'postbacks.demo.lead', /stay under \/dev\/postbacks/],
  ])('refuses %s', (_name, change, field, message) => {
    const fields = refusal(brand(change));
    expect(Object.keys(fields)).toContain(field);
    expect(fields[field]).toMatch(message);
  });

  it("says each problem in the staff member's language beside its field", () => {
    const file = brand((f) => {
      f.settings.name = 'Bad\u0000Name';
    });
    const checked = checkTenantFile(file, { existing: tenants });
    expect(checked.ok).toBe(false);
    expect(localizedProblems('de', file, checked.ok ? [] : checked.problems).name).toEqual(['settings.name: enthält ein Steuerzeichen']);
    const taken = brand((f) => (f.domains = ['newbrand.example', 'flirtlokaal.localhost']));
    const again = checkTenantFile(taken, { existing: tenants });
    expect(localizedProblems('nl', taken, again.ok ? [] : again.problems).domains).toEqual(['domains.1: "flirtlokaal.localhost" is de demohost van flirtlokaal']);
  });

  it("lets an edited site keep its own domains, never take another's", () => {
    const own = flirtFile();
    expect(refusal(own, 'flirtlokaal')).toEqual({});
    own.domains = [...own.domains, 'herzklopfen.localhost'];
    expect(refusal(own, 'flirtlokaal')['domains.2']).toMatch(/demo host of herzklopfen/);
  });

  it('refuses the sandbox provider in a real production start, as the start does', () => {
    const file = brand();
    expect(file.payments.provider).toBe('sandbox');
    const production = checkRules(file, { others: tenants, rules: { adminHost: 'console.example', realProduction: true } });
    expect(production.ok ? [] : production.problems.join('\n')).toMatch(/^payments\.provider: /m);
    expect(checkRules(file, { others: tenants, rules: { adminHost: 'console.example', realProduction: false } }).ok).toBe(true);
  });

  it('makes the start and tenant:check refuse the same set (a demo host taken by another file)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-rules-'));
    try {
      for (const name of fs.readdirSync('tenants').filter((n) => n.endsWith('.json'))) fs.copyFileSync(path.join('tenants', name), path.join(dir, name));
      fs.writeFileSync(path.join(dir, 'zz-taker.json'), JSON.stringify({ ...brand(), id: 'zz-taker', domains: ['flirtlokaal.localhost'], settings: { ...brand().settings, domain: 'flirtlokaal.localhost' } }));
      expect(() => loadTenants(dir)).toThrow(TenantFileError);
      expect(() => loadTenants(dir)).toThrow(/domains\.0: "flirtlokaal\.localhost" is the demo host of flirtlokaal/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('smaller rules of the console', () => {
  it('lets a preview frame render pages only, never the API through ..%2f', () => {
    expect(previewPath('/')).toBe('/');
    expect(previewPath('/landers/gallery')).toBe('/landers/gallery');
    for (const path of ['/..%2fapi%2fuser.php', '/%2e%2e/api/user.php', '/../api/user.php', '/api/user.php', '/landers/..', '/x\\..\\api', '/dev/outbox']) expect(previewPath(path), path).toBeNull();
  });

  it('refuses control characters and U+202E in a staff name', () => {
    const invite = (name: string) => InviteSchema.safeParse({ email: 'new@rendezvous.example', name, role: 'network_analyst' }).success;
    expect(invite('Anna Jansen')).toBe(true);
    expect(invite('Zoë Ångström-Ł')).toBe(true);
    expect(invite('Anna\u0000')).toBe(false);
    expect(invite('Anna\u0007Jansen')).toBe(false);
    expect(invite('nimda\u202Eadmin')).toBe(false);
    expect(invite('a\u2066b')).toBe(false);
  });

  it('diffs a 10,000-line file in linear time and refuses a file above the cap', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `  "line${i}": ${i},`);
    const changed = [...lines];
    changed[5_000] = '  "changed": true,';
    const before = lines.join('\n');
    const started = performance.now();
    const diff = lineDiff(before, changed.join('\n'));
    // The quadratic table took seconds and ~400 MB here; Myers' diff needs milliseconds.
    expect(performance.now() - started).toBeLessThan(500);
    expect(diff.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'del', text: '  "line5000": 5000,', old: 5001, new: null },
      { kind: 'add', text: '  "changed": true,', old: null, new: 5001 },
    ]);
    expect(fileFromForm({ file: 'x'.repeat(MAX_FILE_CHARS + 1) }, null).tooLong).toBe(true);
    expect(fileFromForm({ file: '{}' }, null).tooLong).toBe(false);
  });
});
