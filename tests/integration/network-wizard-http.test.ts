// The brand wizard over HTTP (issue 35 item 4, docs/decisions/0053 and 0054) against the built server
// with the demo data and a copy of the tenants folder, on the admin host: the form's draft and its
// problems as JSON; the preview renders the real app's home page and lander for the unsaved draft —
// only on the admin host, only under its token, never from the render cache, framed by the console
// alone; tenant:check's message for a niche of 9 beside the field in the staff member's language; a
// save stores the site's first version in the database and the new host answers; an edit shows the
// diff, refuses a file changed since, stores the next version beside the previous one (the folder is
// never written, docs/decisions/0066) and is audited. An analyst, a member's and an operator's
// session get nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHost, encodeForm as encode, networkSession, siteSession, wizardFormOf as formOf, type Form } from '../support/network';
import { storedSites } from '~/.server/tenants/store';
import { request, startServer, withServerDatabase, type RunningServer } from '../support/server';

let server: RunningServer;
const tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-wizard-tenants-'));
const admin = () => adminHost(server);
let cookie = '';
/** A site's current stored text, or undefined (read through the server's database). */
const stored = async (id: string): Promise<string | undefined> => {
  let sites: Awaited<ReturnType<typeof storedSites>>;
  ({ server, result: sites } = await withServerDatabase(server, (db) => storedSites(db)));
  return sites.get(id)?.text;
};

beforeAll(async () => {
  for (const name of fs.readdirSync('tenants')) fs.copyFileSync(path.join('tenants', name), path.join(tenantsDir, name));
  server = await startServer({ DEMO: '1', TENANTS_DIR: tenantsDir });
  cookie = await networkSession(server);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}, host = admin()) => request(server.port, host, pathname, { headers: { cookie, ...headers } });
const post = (pathname: string, form: Form, headers: Record<string, string> = {}) =>
  request(server.port, admin(), pathname, { method: 'POST', body: encode(form), headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${admin()}`, ...headers } });

describe('the brand wizard', () => {
  it('previews the draft as the real site renders it, only on the admin host under its token, never cached', async () => {
    const page = await get('/tenants/new?from=flirtlokaal', { 'accept-language': 'en' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Launch a new brand');
    const form = { ...formOf(page.text), id: 'previewbrand', name: 'PreviewBrand', domains: 'previewbrand.example', logo_text: 'PreviewBrand' };
    const draft = await post('/api/network/drafts.php', form, { 'accept-language': 'en' });
    expect(draft.status).toBe(200);
    const answer = draft.json<{ token: string; preview: { home: string; lander: string }; valid: boolean; fields: object; contrast: { id: string; ratio: number; pass: boolean }[] }>();
    expect(answer).toMatchObject({ valid: true, fields: {}, preview: { home: `/preview/${answer.token}/`, lander: `/preview/${answer.token}/landers/gallery` } });
    expect(answer.contrast.map((check) => check.id)).toEqual(['button', 'buttonHover', 'text', 'link']);

    for (let i = 0; i < 2; i++) {
      const home = await get(answer.preview.home, { 'accept-language': 'en' });
      expect(home.status).toBe(200);
      expect(home.text).toContain('PreviewBrand');
      expect(home.headers['x-render-cache']).toBeUndefined();
      expect(home.headers['cache-control']).toBe('no-store');
      expect(String(home.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'.*; sandbox allow-same-origin$/);
    }
    const lander = await get(answer.preview.lander, { 'accept-language': 'nl' });
    expect(lander.status).toBe(200);
    expect(lander.text).toContain('Wie is er vanavond vrij?');
    // The draft is no site: not on its own host, not on another's, not under a made-up token.
    expect((await get('/', {}, `previewbrand.localhost:${server.port}`)).status).toBe(404);
    expect((await get(answer.preview.home, {}, `flirtlokaal.localhost:${server.port}`)).status).toBe(404);
    expect((await get(`/preview/${'a'.repeat(32)}/`)).status).toBe(404);

    // Live: the same token shows the next state of the form.
    const again = await post('/api/network/drafts.php', { ...form, name: 'PreviewBrand Two', draft: answer.token });
    expect(again.json()).toMatchObject({ token: answer.token });
    expect((await get(answer.preview.home)).text).toContain('PreviewBrand Two');

    // Without script, the Preview button posts the form and the page comes back with frames of the draft.
    const button = await post('/tenants/new', { ...form, name: 'PreviewBrand Three', intent: 'preview' }, { 'accept-language': 'en' });
    expect(button.status).toBe(200);
    const frame = /<iframe src="(\/preview\/[\w-]+\/)"/.exec(button.text)?.[1];
    expect(frame).toBeDefined();
    expect((await get(frame!)).text).toContain('PreviewBrand Three');
    expect(await stored('previewbrand')).toBeUndefined();
  });

  it('refuses a niche of 9 naming the field beside it, in the staff member language, and saves a valid brand whose host answers', async () => {
    const form = { ...formOf((await get('/tenants/new?from=flirtlokaal')).text), id: 'wizardbrand', name: 'WizardBrand', domains: 'wizardbrand.example\nwizardbrand.be', niche: '9' };
    const refused = await post('/tenants/new', { ...form, intent: 'save' }, { 'accept-language': 'de' });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/<div class="field-error" id="error-niche"[^>]*><span>settings\.niche: muss eine Nische von 1 bis 7 sein<\/span>/);
    expect(refused.text).toContain('aria-invalid="true"');
    const json = await post('/api/network/drafts.php', form, { 'accept-language': 'en' });
    expect(json.json()).toMatchObject({ valid: false, problems: ['settings.niche: must be a niche from 1 to 7'], fields: { niche: ['settings.niche: must be a niche from 1 to 7'] } });
    expect(await stored('wizardbrand')).toBeUndefined();

    const taken = await post('/tenants/new', { ...form, niche: '1', domains: 'flirtlokaal.nl', intent: 'save' }, { 'accept-language': 'en' });
    expect(taken.text).toContain('domains.0: &quot;flirtlokaal.nl&quot; is already used by flirtlokaal');

    const saved = await post('/tenants/new', { ...form, niche: '1', intent: 'save' });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/tenants?created=wizardbrand');
    const file = JSON.parse((await stored('wizardbrand'))!) as { domains: string[]; settings: { name: string; domain: string } };
    expect(file).toMatchObject({ domains: ['wizardbrand.example', 'wizardbrand.be'], settings: { name: 'WizardBrand', domain: 'wizardbrand.example' } });
    const home = await get('/', {}, `wizardbrand.localhost:${server.port}`);
    expect(home.status).toBe(200);
    expect(home.text).toContain('WizardBrand');
    expect((await get('/tenants?created=wizardbrand', { 'accept-language': 'en' })).text).toContain('WizardBrand is live: it answers on wizardbrand.example now.');
  });

  it('edits a site through the same form: the diff first, a file changed since refused, the previous file kept, audited', async () => {
    const before = (await stored('herzklopfen'))!;
    const page = await get('/tenants/herzklopfen/edit', { 'accept-language': 'en' });
    expect(page.status).toBe(200);
    const form = { ...formOf(page.text), name: 'Herzklopfen Neu', countries: 'DE, AT' };
    const review = await post('/tenants/herzklopfen/edit', { ...form, intent: 'review' }, { 'accept-language': 'en' });
    expect(review.status).toBe(200);
    expect(review.text).toContain('Changes to the tenant file');
    expect(review.text).toMatch(/<tr class="del">[^]*?− {5}&quot;name&quot;: &quot;Herzklopfen&quot;,/);
    expect(review.text).toMatch(/<tr class="add">[^]*?\+ {5}&quot;name&quot;: &quot;Herzklopfen Neu&quot;,/);
    expect(review.text).toMatch(/<tr class="add">[^]*?&quot;countries&quot;: \[&quot;DE&quot;, &quot;AT&quot;\],/);
    // Nothing is written by a review.
    expect(await stored('herzklopfen')).toBe(before);

    const stale = await post('/tenants/herzklopfen/edit', { ...form, intent: 'save', base_hash: 'f'.repeat(64) }, { 'accept-language': 'en' });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('the file changed after you saw the changes; check them again');
    expect(await stored('herzklopfen')).toBe(before);

    const saved = await post('/tenants/herzklopfen/edit', { ...form, intent: 'save' });
    expect(saved.status).toBe(303);
    const after = (await stored('herzklopfen'))!;
    // Only the changed lines differ: the file keeps its hand-written layout.
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed).toEqual(['    "name": "Herzklopfen Neu",', '    "countries": ["DE", "AT"],']);
    // The folder is never written: its file is the release's, the database has both versions.
    expect(fs.readFileSync(path.join(tenantsDir, 'herzklopfen.json'), 'utf8')).toBe(before);
    let versions: { version: number; text: string }[];
    ({ server, result: versions } = await withServerDatabase(server, (db) => db.selectFrom('tenant_versions').select(['version', 'text']).where('tenant_id', '=', 'herzklopfen').orderBy('version').execute()));
    expect(versions).toEqual([
      { version: 1, text: before },
      { version: 2, text: after },
    ]);
    expect((await get('/', {}, `herzklopfen.localhost:${server.port}`)).text).toContain('Herzklopfen Neu');
    // The edit page lists every version, with who saved it (the first came from the folder at the start).
    const versionsPage = await get('/tenants/herzklopfen/edit', { 'accept-language': 'en' });
    expect(versionsPage.text).toMatch(/<li data-version="2">Version 2: [^<]*UTC, network@rendezvous\.example<\/li><li data-version="1">Version 1: [^<]*UTC, the tenant file at a start<\/li>/);
    let actions: unknown;
    ({ server, result: actions } = await withServerDatabase(server, (db) => db.selectFrom('network_audit').select(['action', 'detail']).where('action', 'in', ['tenant_create', 'tenant_update']).orderBy('id').execute()));
    expect(actions).toEqual([
      { action: 'tenant_create', detail: { tenant: 'wizardbrand', domains: ['wizardbrand.example', 'wizardbrand.be'], version: 1 } },
      expect.objectContaining({ action: 'tenant_update', detail: expect.objectContaining({ tenant: 'herzklopfen', version: 2 }) }),
    ]);
  });

  it('refuses at Check and save, naming the field, every file that would break the network, and every site keeps serving (issue 43 item 5)', async () => {
    const base = formOf((await get('/tenants/new?from=flirtlokaal')).text);
    const form = { ...base, id: 'rulesbrand', name: 'RulesBrand', domains: 'rulesbrand.example' };
    const cases: [Form, string][] = [
      [{ ...form, domains: 'rulesbrand.example\nrulesbrand.example' }, 'domains.1: is used twice'],
      [{ ...form, domains: 'rulesbrand.example\nflirtlokaal.localhost' }, 'domains.1: "flirtlokaal.localhost" is the demo host of flirtlokaal'],
      [{ ...form, domains: 'rulesbrand.example\nadmin.localhost' }, 'domains.1: "admin.localhost" is the network console\'s host (ADMIN_HOST)'],
      [{ ...form, id: 'admin' }, 'id: "admin" would answer on admin.localhost'],
      // A control character in a text the form does not ask for, typed in the advanced file.
      [{ ...form, file: String((base as Form).file).replace('"Lokaal Media B.V."', '"Bell\\u0007 B.V."') }, 'company.name: holds a control character'],
    ];
    for (const [sent, problem] of cases) {
      const refused = await post('/tenants/new', { ...sent, intent: 'save' }, { 'accept-language': 'en' });
      expect(refused.status, problem).toBe(400);
      expect(refused.text.replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&amp;/g, '&')).toContain(problem);
    }
    expect(await stored('rulesbrand')).toBeUndefined();
    expect(await stored('admin')).toBeUndefined();
    for (const id of ['flirtlokaal', 'herzklopfen', 'bellacurva']) expect((await get('/', {}, `${id}.localhost:${server.port}`)).status, id).toBe(200);

    // A draft under another site's id is not stored, so nothing previews that site's data.
    const stolen = await post('/api/network/drafts.php', { ...form, id: 'flirtlokaal' }, { 'accept-language': 'en' });
    expect(stolen.json()).toMatchObject({ token: null, preview: null, valid: false });
    // A preview frame renders pages, never the API through an encoded path.
    const draft = (await post('/api/network/drafts.php', form)).json<{ token: string }>().token;
    expect((await get(`/preview/${draft}/`)).status).toBe(200);
    for (const rest of ['..%2fapi%2fuser.php', '%2e%2e/api/user.php', '..%2f..%2fapi%2fsettings.php', 'api/settings.php']) expect((await get(`/preview/${draft}/${rest}`)).status, rest).toBe(404);
  });

  it('with a bad file in the folder serves every save at once, never two saves of one domain, shows brand texts as plain text, and starts again (issue 43 items 5 and 6)', async () => {
    const flirt = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as { settings: object; company: object };
    const demoIds = fs.readdirSync('tenants').filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5));
    const herzklopfen = (JSON.parse(fs.readFileSync('tenants/herzklopfen.json', 'utf8')) as { domains: string[] }).domains[0]!;
    const brand = (id: string, domains: string[], change: object = {}) => ({ ...flirt, id, domains, settings: { ...flirt.settings, domain: domains[0], name: id }, ...change });
    const home = (host: string) => get('/', {}, `${host}:${server.port}`);
    const everySiteServes = async (ids: string[]) => {
      for (const id of ids) expect((await home(`${id}.localhost`)).status, id).toBe(200);
      expect((await home(herzklopfen)).text).toContain('Herzklopfen');
    };

    // A file written beside the console, taking herzklopfen's domain: the watcher refuses it alone, naming file and field.
    fs.writeFileSync(path.join(tenantsDir, 'copycat.json'), JSON.stringify(brand('copycat', ['copycat.example', herzklopfen])));
    for (let i = 0; i < 100 && !server.output().includes('copycat.json'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const logged = server.output().split('\n').filter((line) => line.includes('copycat.json')).map((line) => (JSON.parse(line) as { level: string; msg: string }));
    expect(logged).toEqual([expect.objectContaining({ level: 'error', msg: expect.stringContaining(`copycat.json:\n  domains.1: "${herzklopfen}" is already used by herzklopfen`) })]);
    expect((await home('copycat.localhost')).status).toBe(404);
    await everySiteServes(demoIds);

    // Check and save still serves a new brand before its redirect.
    const form = { ...formOf((await get('/tenants/new?from=flirtlokaal')).text), id: 'afterbad', name: 'AfterBad', domains: 'afterbad.example' };
    const saved = await post('/tenants/new', { ...form, intent: 'save' });
    expect(saved.status).toBe(303);
    expect((await home('afterbad.localhost')).status).toBe(200);

    // The JSON API: 201 once the site serves; its brand texts are plain text on the legal pages and /complaints.
    const api = (body: unknown) => request(server.port, admin(), '/api/network/tenants.php', { method: 'POST', body: JSON.stringify(body), headers: { cookie, 'content-type': 'application/json', origin: `http://${admin()}` } });
    const hostile = brand('plainbrand', ['plainbrand.example'], { company: { ...flirt.company, name: '[x](javascript:alert(8))', address: '![](https://evil.example/a.png)', city: '<img src=x onerror=alert(1)>' } });
    expect((await api(hostile)).status).toBe(201);
    for (const page of ['/pages/terms', '/pages/privacy', '/complaints']) {
      const res = await get(page, { cookie: 'locale=en' }, `plainbrand.localhost:${server.port}`);
      expect(res.status, page).toBe(200);
      expect(res.text, page).not.toMatch(/href="javascript:/i);
      expect(res.text, page).not.toMatch(/<img[^>]+evil\.example/);
      expect(res.text, page).not.toContain('<img src=x');
      expect(res.text, page).toContain('[x](javascript:alert(8))');
      expect(res.text, page).toContain('![](https://evil.example/a.png)');
    }

    // Two saves of one domain at once: one 201 that serves, the other 400 naming the field.
    const answers = await Promise.all(['racerone', 'racertwo'].map((id) => api(brand(id, ['race.example']))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const winner = answers[0]!.status === 201 ? 'racerone' : 'racertwo';
    expect(answers.find((answer) => answer.status === 400)!.json()).toMatchObject({ fields: { 'domains.0': `"race.example" is already used by ${winner}` } });
    expect((await home('race.example')).text).toContain(winner);
    await everySiteServes([...demoIds, 'afterbad', 'plainbrand', winner]);

    // The next start takes the folder as the saves left it (the file written beside the console gone).
    fs.rmSync(path.join(tenantsDir, 'copycat.json'));
    server = await server.restart();
    await everySiteServes([...demoIds, 'afterbad', 'plainbrand', winner]);
    cookie = await networkSession(server);
  });

  it("gives an analyst, a member's and an operator's session nothing, and takes no post from another origin", async () => {
    const analyst = await networkSession(server, 'analyst@rendezvous.example');
    const site = `flirtlokaal.localhost:${server.port}`;
    const member = await siteSession(server, site, '/login', 'member@flirtlokaal.example', 'rdv_session');
    const operator = await siteSession(server, site, '/operator/login', 'operator@flirtlokaal.example', 'rdv_operator');
    const form = formOf((await get('/tenants/new?from=flirtlokaal')).text);
    expect((await get('/tenants/new', { cookie: analyst })).status).toBe(403);
    expect((await get('/tenants/flirtlokaal/edit', { cookie: analyst })).status).toBe(403);
    expect((await post('/api/network/drafts.php', form, { cookie: analyst })).status).toBe(403);
    expect((await post('/tenants/new', { ...form, id: 'analystbrand', domains: 'analystbrand.example', intent: 'save' }, { cookie: analyst })).status).toBe(403);
    // The analyst sees the sites, without the way to change them.
    const sites = await get('/tenants', { cookie: analyst, 'accept-language': 'en' });
    expect(sites.text).toContain('Only network admins can launch or edit sites.');
    expect(sites.text).not.toContain('/tenants/new');
    for (const other of [member, operator, '']) {
      expect((await post('/api/network/drafts.php', form, { cookie: other })).status).toBe(403);
      const page = await get('/tenants/new', { cookie: other });
      expect(page.status).toBe(303);
      expect(page.headers.location).toBe('/login');
    }
    expect((await post('/api/network/drafts.php', form, { origin: 'http://evil.example' })).status).toBe(403);
    expect(await stored('analystbrand')).toBeUndefined();
  });
});
