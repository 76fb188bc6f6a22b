// The brand wizard's domain on PGlite and PostgreSQL (issue 35 item 4, docs/decisions/0053 and 0054):
// a network admin's form becomes a tenant file checked with tenant:check's rules and messages (a niche
// of 9 refused naming settings.niche, in the staff member's language too); drafts are kept under a
// token only its admin can change and render the draft tenant; an analyst, and nobody signed in, may
// neither keep a draft nor save; editing replaces a site's file only against the version the reviewer
// saw, stores the new one as the site's next version in the database (every earlier one kept,
// docs/decisions/0066) and is audited; the line diff shows what goes and comes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/.server/db/database';
import { createNetworkStaff, type NetworkActor } from '~/.server/network/staff';
import { createTenantFile, type TenantSource } from '~/.server/network/tenants';
import {
  contrasts,
  draftTenant,
  fileFromForm,
  fileText,
  formValues,
  lineDiff,
  localizedProblems,
  saveDraft,
  startingFile,
  textHash,
  updateTenantFile,
  type FileObject,
} from '~/.server/network/wizard';
import { loadTenants } from '~/.server/tenants/registry';
import { NetworkSites } from '~/.server/tenants/sites';
import { exportFolder, saveVersion, siteVersions, storedSites } from '~/.server/tenants/store';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const client = { ip: '192.0.2.1', userAgent: 'test' };
const flirtFile = () => JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as FileObject;

/** The form a person fills for a file: its values as the page shows them, plus what they type. */
function form(file: FileObject, typed: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  const values = formValues(file);
  return {
    file: fileText(file),
    id: values.id,
    name: values.name,
    domains: values.domains,
    domain_language: values.domain_language,
    niche: values.niche,
    countries: values.countries,
    locales: values.locales,
    signups: values.signups,
    ...Object.fromEntries(Object.entries(values.colours).map(([name, value]) => [`color_${name}`, value])),
    logo_text: values.logo_text,
    logo_tagline: values.logo_tagline,
    bundle_id: values.bundles.map((b) => b.id),
    bundle_credits: values.bundles.map((b) => b.credits),
    bundle_prices: values.bundles.map((b) => b.prices),
    variant_slug: values.variants.map((v) => v.slug),
    variant_headline: values.variants.map((v) => v.headline),
    variant_subline: values.variants.map((v) => v.subline),
    variant_cta: values.variants.map((v) => v.cta),
    variant_accent: values.variants.map((v) => v.accent),
    split_slug: values.splits.map((s) => s.slug),
    split_variants: values.splits.map((s) => s.variants),
    ...typed,
  };
}

describe('the wizard form and its file', () => {
  it('keeps a copied site whole when nothing is typed but its new id, name and domain', () => {
    const start = startingFile(flirt, flirtFile());
    expect(start).toMatchObject({ id: '', domains: [] });
    const { file } = fileFromForm(form(start, { id: 'zomerliefde', name: 'ZomerLiefde', domains: 'zomerliefde.nl\nzomerliefde.be' }), null);
    const expected = { ...flirtFile(), id: 'zomerliefde', domains: ['zomerliefde.nl', 'zomerliefde.be'] } as FileObject;
    expect(file.settings).toMatchObject({ name: 'ZomerLiefde', domain: 'zomerliefde.nl', niche: 1, countries: ['NL', 'BE'] });
    // Bundles, landers and splits come back exactly as the file had them.
    expect(file.credit_packages).toEqual(expected.credit_packages);
    expect(file.landers).toEqual(expected.landers);
    expect(file.company).toEqual(expected.company);
    // The checkboxes come in the catalogue's order; the file keeps its own.
    expect(fileFromForm(form(start, { locales: ['en', 'fr', 'nl'] }), null).file.locales).toEqual(['nl', 'en', 'fr']);
  });

  it('reads prices in major units per currency and keeps a price that is no number for the schema to name', () => {
    const { file } = fileFromForm(form(flirtFile(), { bundle_id: ['starter', 'big', ''], bundle_credits: ['20', '500', ''], bundle_prices: ['EUR 19.95', 'EUR 9.50, GBP abc', ''] }), 'flirtlokaal');
    expect(file.credit_packages).toEqual([
      expect.objectContaining({ id: 'starter', credits: 20, prices: { EUR: 1995 } }),
      expect.objectContaining({ id: 'big', credits: 500, prices: { EUR: 950, GBP: 'abc' } }),
    ]);
  });

  it('names the field as tenant:check does, next to it, in the staff member language', () => {
    const { file } = fileFromForm(form(startingFile(flirt, flirtFile()), { id: 'nine', name: 'Nine', domains: 'nine.example', niche: '9' }), null);
    const problems = ['settings.niche: must be a niche from 1 to 7'];
    expect(localizedProblems('en', file, problems)).toEqual({ niche: ['settings.niche: must be a niche from 1 to 7'] });
    expect(localizedProblems('de', file, problems)).toEqual({ niche: ['settings.niche: muss eine Nische von 1 bis 7 sein'] });
    expect(localizedProblems('fr', { ...file, settings: { ...(file.settings as object), niche: 'x' } }, [])).toMatchObject({ niche: [expect.stringMatching(/^settings\.niche: /)] });
    const bundle = localizedProblems('nl', file, ['credit_packages.1.prices: lacks a price in GBP']);
    expect(bundle).toEqual({ niche: ['settings.niche: moet een niche van 1 tot 7 zijn'] });
  });

  it('checks the contrast of the colours against WCAG AA', () => {
    const [button, , text] = contrasts({ primary: '#e6317a', primaryHover: '#c41f63', onPrimary: '#ffffff', text: '#1d2430', background: '#ffffff' });
    expect(button).toMatchObject({ id: 'button', pass: false });
    expect(button!.ratio).toBe(4.13);
    expect(text).toMatchObject({ id: 'text', pass: true });
    expect(contrasts({ primary: 'pink' })[0]).toMatchObject({ ratio: null, pass: false });
  });

  it('diffs the lines of two files, what goes and what comes', () => {
    const diff = lineDiff('a\nb\nc\nd\n', 'a\nB\nc\nd\ne\n');
    expect(diff.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'del', text: 'b', old: 2, new: null },
      { kind: 'add', text: 'B', old: null, new: 2 },
      { kind: 'add', text: 'e', old: null, new: 5 },
    ]);
    expect(lineDiff('x\n', 'x\n').every((line) => line.kind === 'same')).toBe(true);
  });
});

describe.each(databaseKinds)('the brand wizard on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: NetworkActor;
  let otherAdmin: NetworkActor;
  let analyst: NetworkActor;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-wizard-'));
  const db = () => database.db;
  /** The sites as an instance serving them sees them (server.ts gives the routes the same). */
  const instance = async (): Promise<NetworkSites> => (await NetworkSites.load(db(), dir, () => {})).sites;
  let folder: NetworkSites;
  const currentFile = (id: string) => folder.text(id);

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    const staff = async (email: string, role: NetworkActor['role']) => ({ id: await createNetworkStaff(db(), { email, name: email, password: 'a good password', role }), email, name: email, role });
    admin = await staff('admin@example.com', 'network_admin');
    otherAdmin = await staff('other@example.com', 'network_admin');
    analyst = await staff('analyst@example.com', 'network_analyst');
    for (const name of fs.readdirSync('tenants')) fs.copyFileSync(path.join('tenants', name), path.join(dir, name));
    folder = await instance();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a draft under a token only its admin changes, renders it, and refuses an analyst and nobody', async () => {
    const drafting = { existing: tenants.map((t) => t.id), editing: null };
    const file = { ...flirtFile(), id: 'draftbrand', domains: ['draftbrand.example'], settings: { ...(flirtFile().settings as object), domain: 'draftbrand.example', name: 'DraftBrand' } };
    const first = await saveDraft(db(), admin, { token: null, file, ...drafting });
    expect(first.ok).toBe(true);
    const token = first.ok ? first.value : '';
    expect((await draftTenant(db(), token))?.tenant).toMatchObject({ id: 'draftbrand', settings: { name: 'DraftBrand' } });
    // The same admin updates it under the same token; another admin's write with that token is a new draft.
    expect(await saveDraft(db(), admin, { token, file: { ...file, settings: { ...file.settings, name: 'DraftBrand 2' } }, ...drafting })).toEqual({ ok: true, value: token });
    expect((await draftTenant(db(), token))?.tenant?.settings.name).toBe('DraftBrand 2');
    const other = await saveDraft(db(), otherAdmin, { token, file: { ...file, settings: { ...file.settings, name: 'Hijacked' } }, ...drafting });
    expect(other.ok && other.value).not.toBe(token);
    expect((await draftTenant(db(), token))?.tenant?.settings.name).toBe('DraftBrand 2');
    // A draft that does not pass is kept but renders nothing; an unknown token is nothing.
    const bad = await saveDraft(db(), admin, { token: null, file: { ...file, settings: { ...file.settings, niche: 9 } }, ...drafting });
    expect(await draftTenant(db(), bad.ok ? bad.value : '')).toEqual({ tenant: null });
    expect(await draftTenant(db(), 'x'.repeat(32))).toBeNull();

    // Only a new id or the edited site's own is stored (issue 43 item 6): a draft under another site's id would preview that site's real data.
    expect(await saveDraft(db(), admin, { token: null, file: { ...file, id: 'flirtlokaal' }, ...drafting })).toEqual({ ok: false, error: 'taken' });
    expect(await saveDraft(db(), admin, { token: null, file: { ...file, id: 'flirtlokaal' }, existing: drafting.existing, editing: 'herzklopfen' })).toEqual({ ok: false, error: 'taken' });
    expect((await saveDraft(db(), admin, { token: null, file: { ...file, id: 'flirtlokaal' }, existing: drafting.existing, editing: 'flirtlokaal' })).ok).toBe(true);

    expect(await saveDraft(db(), analyst, { token: null, file, ...drafting })).toEqual({ ok: false, error: 'forbidden' });
    expect(await saveDraft(db(), null, { token: null, file, ...drafting })).toEqual({ ok: false, error: 'forbidden' });
  });

  it('answers a save only once the site serves (issue 43 item 5): two instances saving one domain at once, one wins and the other is refused naming the field', async () => {
    const other = await instance();
    const brand = (id: string, domain: string) => ({ ...flirtFile(), id, domains: [domain], settings: { ...(flirtFile().settings as object), domain, name: id } });
    const results = await Promise.all([
      createTenantFile(db(), admin, { file: brand('racea', 'race.example'), source: folder }, client),
      createTenantFile(db(), admin, { file: brand('raceb', 'race.example'), source: other }, client),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const winner = results[0]!.ok ? 'racea' : 'raceb';
    const loser = winner === 'racea' ? 'raceb' : 'racea';
    expect(results.find((result) => !result.ok)).toMatchObject({ ok: false, error: 'validation', fields: { 'domains.0': `"race.example" is already used by ${winner}` } });
    // The instance that saved serves it already; the other once it reads the sites again (sites.ts follows the bus and the table).
    const saver = winner === 'racea' ? folder : other;
    expect(saver.registry.resolve('race.example')?.id).toBe(winner);
    await other.refresh();
    await folder.refresh();
    for (const one of [folder, other]) {
      expect(one.registry.resolve('race.example')?.id).toBe(winner);
      expect(one.registry.resolve(`${loser}.localhost`)).toBeNull();
      for (const tenant of tenants) expect(one.registry.resolve(`${tenant.id}.localhost`)?.id, tenant.id).toBe(tenant.id);
    }
    expect([...(await storedSites(db())).keys()]).not.toContain(loser);
    // The next start serves the database as the saves left it; the folder itself is untouched.
    expect((await instance()).tenants().map((tenant) => tenant.id)).toContain(winner);
    expect(fs.existsSync(path.join(dir, `${winner}.json`))).toBe(false);
    other.close();
  });

  it('rolls back a save this instance refuses once stored (another version raced it into the transaction), and every site serves as before', async () => {
    const domain = 'raced.example';
    const brand = { ...flirtFile(), id: 'racedbrand', domains: [domain], settings: { ...(flirtFile().settings as object), domain, name: 'RacedBrand' } };
    // A version claiming the same domain (sorting first) lands between the check and the read after the store.
    let reloads = 0;
    const racing = (id: string, file: object): TenantSource => ({
      tenants: folder.tenants,
      text: folder.text,
      announce: () => {},
      refresh: async (trx) => {
        if (++reloads === 2) await saveVersion(trx, { id, text: JSON.stringify(file), source: 'file', staffId: null });
        return folder.refresh(trx);
      },
    });
    const created = await createTenantFile(db(), admin, { file: brand, source: racing('aaracer', { ...brand, id: 'aaracer', settings: { ...brand.settings, name: 'Racer' } }) }, client);
    expect(created).toMatchObject({ ok: false, error: 'validation', fields: { 'domains.0': '"raced.example" is already used by aaracer' } });
    // Nothing of the transaction stays: neither site is stored nor served.
    expect([...(await storedSites(db())).keys()]).not.toContain('racedbrand');
    expect([...(await storedSites(db())).keys()]).not.toContain('aaracer');
    expect(folder.registry.resolve(domain)).toBeNull();
    for (const tenant of tenants) expect(folder.registry.resolve(`${tenant.id}.localhost`)?.id, tenant.id).toBe(tenant.id);
    expect(await db().selectFrom('network_audit').select('detail').where('action', '=', 'tenant_create').execute()).not.toContainEqual({ detail: expect.objectContaining({ tenant: 'racedbrand' }) });

    // An edit refused the same way: the previous version serves, no new version is stored.
    const before = currentFile('herzklopfen')!;
    const versionsBefore = (await siteVersions(db(), 'herzklopfen')).length;
    const edit = { ...(JSON.parse(before) as FileObject), domains: [...(JSON.parse(before) as { domains: string[] }).domains, 'edited.example'] };
    reloads = 0;
    const editor = { ...brand, id: 'aaeditor', domains: ['edited.example'], settings: { ...brand.settings, domain: 'edited.example' } };
    const updated = await updateTenantFile(db(), admin, { id: 'herzklopfen', file: edit, expected: textHash(before), source: racing('aaeditor', editor) }, client);
    expect(updated).toMatchObject({ ok: false, error: 'validation', fields: { [`domains.${edit.domains.length - 1}`]: '"edited.example" is already used by aaeditor' } });
    expect(currentFile('herzklopfen')).toBe(before);
    expect(await siteVersions(db(), 'herzklopfen')).toHaveLength(versionsBefore);
    expect(folder.registry.resolve('herzklopfen.localhost')?.settings.name).toBe(JSON.parse(before).settings.name);
  });

  it('lets no analyst create or edit a site', async () => {
    const file = { ...flirtFile(), id: 'analystbrand', domains: ['analystbrand.example'], settings: { ...(flirtFile().settings as object), domain: 'analystbrand.example' } };
    expect(await createTenantFile(db(), analyst, { file, source: folder }, client)).toEqual({ ok: false, error: 'forbidden' });
    const before = currentFile('flirtlokaal')!;
    expect(await updateTenantFile(db(), analyst, { id: 'flirtlokaal', file: flirtFile(), expected: textHash(before), source: folder }, client)).toEqual({ ok: false, error: 'forbidden' });
    expect([...(await storedSites(db())).keys()]).not.toContain('analystbrand');
  });

  it('replaces a site file only against the file the reviewer saw, keeps the previous one and audits it', async () => {
    const before = currentFile('flirtlokaal')!;
    const { file } = fileFromForm(form(flirtFile(), { name: 'FlirtLokaal Plus', niche: '9' }), 'flirtlokaal');
    const refused = await updateTenantFile(db(), admin, { id: 'flirtlokaal', file, expected: textHash(before), source: folder }, client);
    expect(refused).toMatchObject({ ok: false, error: 'validation', fields: { 'settings.niche': 'must be a niche from 1 to 7' } });

    const fixed = fileFromForm(form(flirtFile(), { name: 'FlirtLokaal Plus' }), 'flirtlokaal').file;
    // Its own domains are no conflict when a site is edited.
    expect(await updateTenantFile(db(), admin, { id: 'flirtlokaal', file: fixed, expected: textHash('something else'), source: folder }, client)).toEqual({ ok: false, error: 'changed' });
    const saved = await updateTenantFile(db(), admin, { id: 'flirtlokaal', file: fixed, expected: textHash(before), source: folder }, client);
    expect(saved).toMatchObject({ ok: true, id: 'flirtlokaal', version: 2 });
    // Every version stays, newest first, with who saved it and from where.
    const versions = await siteVersions(db(), 'flirtlokaal');
    expect(versions.map((v) => [v.version, v.source, v.staff_email])).toEqual([
      [2, 'console', admin.email],
      [1, 'file', null],
    ]);
    expect(versions[1]!.text).toBe(before);
    expect(JSON.parse(currentFile('flirtlokaal')!).settings.name).toBe('FlirtLokaal Plus');
    const diff = lineDiff(before, currentFile('flirtlokaal')!).filter((line) => line.kind !== 'same');
    expect(diff.map((line) => line.text.trim())).toEqual(['"name": "FlirtLokaal",', '"name": "FlirtLokaal Plus",']);
    const row = await db().selectFrom('network_audit').selectAll().where('action', '=', 'tenant_update').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ staff_id: admin.id, ip: '192.0.2.1', detail: { tenant: 'flirtlokaal', version: 2, before: textHash(before), after: textHash(currentFile('flirtlokaal')!) } });
    // The file in TENANTS_DIR is untouched; an export writes the database's version.
    expect(fs.readFileSync(path.join(dir, 'flirtlokaal.json'), 'utf8')).toBe(before);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-export-'));
    await exportFolder(db(), out, ['flirtlokaal']);
    expect(fs.readFileSync(path.join(out, 'flirtlokaal.json'), 'utf8')).toBe(currentFile('flirtlokaal'));
    fs.rmSync(out, { recursive: true, force: true });
    expect(await updateTenantFile(db(), admin, { id: 'nosuchsite', file: fixed, expected: '', source: folder }, client)).toEqual({ ok: false, error: 'not_found' });
  });
});
