import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenants, readTenantFile, TenantFileError } from '~/.server/tenants/registry';
import { scaffoldTenant } from '~/.server/tenants/scaffold';
import { TenantSchema } from '~/.server/tenants/schema';
import { LOCALES } from '~/shared/locales';

const demo = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as Record<string, unknown>;

function writeTenant(dir: string, tenant: unknown, name = 'flirtlokaal') {
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(tenant));
  return path.join(dir, `${name}.json`);
}

function problemsOf(tenant: unknown): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-'));
  try {
    readTenantFile(writeTenant(dir, tenant));
    return [];
  } catch (error) {
    if (error instanceof TenantFileError) return error.problems;
    throw error;
  }
}

function withSettings(patch: Record<string, unknown>) {
  return { ...demo, settings: { ...(demo.settings as object), ...patch } };
}

describe('demo tenants', () => {
  const tenants = loadTenants('tenants');

  it('are all valid, with at least four differing in niche, countries, language and policies', () => {
    expect(tenants.length).toBeGreaterThanOrEqual(4);
    const niches = new Set(tenants.map((t) => t.settings.niche));
    for (const niche of [1, 2, 7]) expect(niches).toContain(niche);
    const countries = new Set(tenants.flatMap((t) => t.settings.countries));
    for (const country of ['NL', 'DE', 'GB', 'DK']) expect(countries).toContain(country);
    expect(new Set(tenants.map((t) => t.settings.domain_language)).size).toBe(tenants.length);
    expect(tenants.some((t) => t.settings.signups === 'with_trafficsource')).toBe(true);
    expect(tenants.some((t) => !t.settings.logged_out_search)).toBe(true);
  });

  it('together offer all eleven languages', () => {
    expect(new Set(tenants.flatMap((t) => t.locales))).toEqual(new Set(LOCALES));
  });
});

describe('tenant file validation names the field', () => {
  it('reports a missing settings field', () => {
    const settings = { ...(demo.settings as Record<string, unknown>) };
    delete settings.refund_days;
    expect(problemsOf({ ...demo, settings })).toEqual([expect.stringMatching(/^settings\.refund_days: /)]);
  });

  it('reports a niche outside 1–7', () => {
    expect(problemsOf(withSettings({ niche: 9 }))).toEqual(['settings.niche: must be a niche from 1 to 7']);
  });

  it('reports an unknown field (a typo is not silently ignored)', () => {
    expect(problemsOf(withSettings({ refund_dayz: 3 }))[0]).toMatch(/^settings: .*refund_dayz/);
  });

  it('reports a settings.domain that is not among the domains', () => {
    expect(problemsOf(withSettings({ domain: 'elsewhere.nl' }))).toEqual(['settings.domain: must be one of the tenant\'s domains']);
  });

  it('reports a shown locale without its texts', () => {
    const problems = problemsOf({ ...demo, locales: ['nl', 'en', 'de'] });
    expect(problems).toContain('settings.description: lacks the "de" text');
    expect(problems).toContain('settings.fictional_warning.plural: lacks the "de" text');
  });

  it('reports a bad company VAT number and phone', () => {
    const company = { ...(demo.company as object), vat_numbers: ['123'], support_phone: 'call us' };
    const problems = problemsOf({ ...demo, company });
    expect(problems).toContain('company.vat_numbers.0: must be a VAT number like NL123456789B01');
    expect(problems).toContain('company.support_phone: must be a phone number like +31 20-123 4567');
  });

  it('reports broken JSON with the file name', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-'));
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, '{ "id": ');
    expect(() => readTenantFile(file)).toThrow(new RegExp(`Invalid tenant file ${file}`));
  });

  it('requires the id to equal the file name', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-'));
    const file = writeTenant(dir, demo, 'other');
    expect(() => readTenantFile(file)).toThrow(/id: must equal the file name "other"/);
  });

  it('refuses two tenants claiming the same domain', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenant-'));
    writeTenant(dir, demo);
    writeTenant(dir, { ...demo, id: 'copycat' }, 'copycat');
    expect(() => loadTenants(dir)).toThrow(/flirtlokaal\.json:\n {2}domains\.0: "flirtlokaal.nl" is already used by copycat/);
  });
});

describe('tenant:new scaffold', () => {
  it('is valid as written', () => {
    const result = TenantSchema.safeParse(scaffoldTenant('liefdesbrief', 'liefdesbrief.nl'));
    expect(result.success).toBe(true);
  });
});

describe('TenantRegistry', () => {
  it('re-reads a changed tenant file and flushes what was cached from it', async () => {
    const { TenantRegistry } = await import('~/.server/tenants/registry');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'));
    writeTenant(dir, demo);
    const registry = TenantRegistry.load(dir, () => {});
    const tenant = registry.resolve('flirtlokaal.nl')!;
    expect(registry.cached(tenant, 'name', () => tenant.settings.name)).toBe('FlirtLokaal');
    writeTenant(dir, withSettings({ name: 'FlirtLokaal Plus' }));
    expect(registry.reload().refused.size).toBe(0);
    const changed = registry.resolve('flirtlokaal.nl')!;
    expect(registry.cached(changed, 'name', () => changed.settings.name)).toBe('FlirtLokaal Plus');
  });

  it('keeps the last good tenants when a file turns invalid while running, and says why', async () => {
    const { TenantRegistry } = await import('~/.server/tenants/registry');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'));
    writeTenant(dir, demo);
    const logged: string[] = [];
    const registry = TenantRegistry.load(dir, (message) => logged.push(message));
    writeTenant(dir, withSettings({ niche: 12 }));
    expect([...registry.reload().refused.keys()]).toEqual(['flirtlokaal']);
    expect(registry.resolve('flirtlokaal.nl')?.settings.niche).toBe(1);
    expect(logged[0]).toMatch(/settings\.niche/);
  });
});

describe('issue 11 settings', () => {
  it('accepts signups "others" (docs/product.md §3), which closes signups like "none"', async () => {
    const { signupsOpen } = await import('~/.server/accounts/signup');
    for (const signups of ['others', 'none']) {
      expect(problemsOf(withSettings({ signups }))).toEqual([]);
      const tenant = TenantSchema.parse(withSettings({ signups }));
      expect(signupsOpen(tenant, { network: 'partner', ref: '7' } as never)).toBe(false);
    }
    expect(problemsOf(withSettings({ signups: 'some' }))[0]).toMatch(/^settings\.signups/);
  });

  it('takes the entry warning countries per layout, validated, with defaults', async () => {
    const { entryWarningCountries } = await import('~/.server/tenants/schema');
    const plain = TenantSchema.parse(demo);
    expect(entryWarningCountries(plain.settings, 'default')).toEqual(['NL', 'BE']);
    expect(entryWarningCountries(plain.settings, 'chat')).toEqual(['NL', 'DE']);
    const set = TenantSchema.parse(withSettings({ entry_warning_countries: { default: 'all', chat: ['NL'] } }));
    expect(entryWarningCountries(set.settings, 'default')).toBeNull();
    expect(entryWarningCountries(set.settings, 'chat')).toEqual(['NL']);
    expect(problemsOf(withSettings({ entry_warning_countries: { chat: ['nl'] } }))[0]).toMatch(/^settings\.entry_warning_countries\.chat/);
    expect(problemsOf(withSettings({ entry_warning_countries: { lander: ['NL'] } }))).not.toEqual([]);
    expect(problemsOf(withSettings({ entry_warning_countries: { default: [] } }))).not.toEqual([]);
  });
});

describe('region labels (docs/product.md §9)', () => {
  it('names a label for each of the 19 countries, not "Region" everywhere, and none for others', async () => {
    const { regionLabel, REGION_LABELS } = await import('~/shared/region-labels');
    const { REGION_LABEL_COUNTRIES } = await import('~/shared/catalogue');
    const en = JSON.parse(fs.readFileSync('locales/en.json', 'utf8')) as Record<string, string>;
    expect(Object.keys(REGION_LABELS).sort()).toEqual([...REGION_LABEL_COUNTRIES].sort());
    const labels = Object.fromEntries(REGION_LABEL_COUNTRIES.map((c) => [c, en[regionLabel(c)!.id!]]));
    expect(labels).toMatchObject({ NL: 'Province', DE: 'State', US: 'State', CH: 'Canton', ES: 'Autonomous community', PL: 'Voivodeship', SE: 'County' });
    expect(Object.values(labels).filter((l) => l === 'Region').length).toBeLessThan(6);
    const de = JSON.parse(fs.readFileSync('locales/de.json', 'utf8')) as Record<string, string>;
    expect(de[regionLabel('DE')!.id!]).toBe('Bundesland');
    expect(regionLabel('PT')).toBeNull();
    expect(regionLabel('')).toBeNull();
  });
});
