// The brand wizard on the admin host (issue 35 item 4, docs/decisions/0053-brand-wizard.md), mounted
// in server.ts just before the network console's router, answering only its own paths:
//   GET  /tenants                 the sites, and where a new brand starts
//   GET  /tenants/new[?from=id]   the form from an empty file or a copy of a site's
//   POST /tenants/new             intent=preview (no script) or save
//   GET  /tenants/<id>/edit       the same form for a site's file
//   POST /tenants/<id>/edit       intent=preview, review (the diff) or save (the previous file kept)
//   POST /api/network/drafts.php  the form as it is: its draft, problems and contrast as JSON (the script's)
//   GET  /preview/<token>/<path>  the real app's page for a draft tenant (only on this host, never cached)
//   GET  /wizard.js               the form's script
// Routes stay thin: permissions, checks and files are in wizard.ts and tenants.ts.
import { parsedInputGuard } from '../http/input-guard';
import { routesOf, type RouteEntry } from '../http/route-list';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { localeFromAcceptLanguage } from '../i18n/negotiate';
import { serverMessage } from '../i18n/messages';
import { wakeAsset } from '../http/wake-asset';
import { resolveLanding } from '../landers/resolve';
import { LANDERS } from '../landers/catalogue';
import type { ReloadReport } from '../tenants/registry';
import type { Tenant } from '../tenants/schema';
import type { Locale } from '~/shared/locales';
import { networkGuard } from './http';
import { networkActorForSession, networkCan, type Client, type NetworkActor } from './staff';
import { checkTenantFile, createTenantFile } from './tenants';
import {
  contrasts,
  currentFile,
  draftTenant,
  fileFromForm,
  fileSizeProblem,
  fileText,
  formValues,
  lineDiff,
  localizedProblems,
  previewPath,
  saveDraft,
  startingFile,
  textHash,
  updateTenantFile,
  type FileObject,
} from './wizard';
import { frameUrls, previewProblemPage, sitesPage, wizardMessage, wizardPage } from './wizard-page';
import { WIZARD_SCRIPT } from './wizard-script';

export interface WizardOptions {
  db: Kysely<DB>;
  adminHost: string;
  tenants: () => Tenant[];
  tenantsDir: string;
  reloadTenants: () => ReloadReport;
  /** Renders a page of the app for res.locals.tenant, without the render cache (server.ts). */
  renderPage: RequestHandler;
  /** Serves /media/demo/* (the demo pictures, the same for every site) for the preview frames. */
  demoMedia: RequestHandler;
}

const OWN_PATHS = /^\/(?:tenants(?:\/|$)|preview\/|api\/network\/drafts\.php$|wizard\.js$|media\/demo\/|wake\/)/;
const localeOf = (req: Request): Locale => localeFromAcceptLanguage(req.get('accept-language'));
const clientOf = (req: Request): Client => ({ ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });
type Form = Record<string, string | string[] | undefined>;
const formOf = (req: Request): Form => (typeof req.body === 'object' && req.body !== null ? (req.body as Form) : {});
const field = (form: Form, name: string) => String([form[name] ?? ''].flat()[0] ?? '');
const landerOf = (value: string) => ((LANDERS as readonly string[]).includes(value) ? value : 'gallery');

export function networkWizard(options: WizardOptions): RequestHandler & { routes: () => RouteEntry[] } {
  const { db } = options;
  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 2000 }));
  router.use(networkGuard);
  // NUL bytes, control characters, lone surrogates, deep nesting: refused here with the field named (decision 0061).
  router.use(parsedInputGuard(localeOf));

  const actorOf = async (req: Request, res: Response): Promise<NetworkActor | null> => {
    const actor = await networkActorForSession(db, req.get('cookie'));
    if (actor) res.locals.networkStaffId = actor.id;
    return actor;
  };
  const forbiddenPage = (req: Request, res: Response) => res.status(403).type('text/plain').send(serverMessage(localeOf(req), 'network.error.forbidden'));
  /** The signed-in staff member who may change sites; else the login (no session) or a 403 has been sent. */
  const adminFor = async (req: Request, res: Response): Promise<NetworkActor | null> => {
    const actor = await actorOf(req, res);
    if (!actor) res.redirect(303, '/login');
    else if (!networkCan(actor, 'tenants')) forbiddenPage(req, res);
    return actor && networkCan(actor, 'tenants') ? actor : null;
  };

  /** Renders the form for a file: its draft kept (or refreshed), its problems by tenant:check, its contrast. */
  const showForm = async (
    req: Request,
    res: Response,
    actor: NetworkActor,
    state: { file: FileObject; editing: { id: string; name: string; hash: string } | null; problems: string[] | null; like?: string | null; diff?: boolean; status?: number },
  ) => {
    const locale = localeOf(req);
    const form = formOf(req);
    const draft = await saveDraft(db, actor, { token: field(form, 'draft') || null, file: state.file, existing: options.tenants().map((t) => t.id), editing: state.editing?.id ?? null });
    if (!draft.ok && draft.error !== 'taken') return forbiddenPage(req, res);
    const values = formValues(state.file);
    res
      .status(state.status ?? (state.problems?.length ? 400 : 200))
      .type('html')
      .send(
        wizardPage(locale, {
          actor,
          nonce: res.locals.nonce as string,
          editing: state.editing,
          values,
          fileText: fileText(state.file, state.like ?? null),
          problems: state.problems?.length ? localizedProblems(locale, state.file, state.problems) : {},
          contrast: contrasts(values.colours),
          draft: draft.ok ? draft.value : '',
          lander: landerOf(field(form, 'lander') || String(req.query.lander ?? '')),
          diff: state.diff && state.like ? lineDiff(state.like, fileText(state.file, state.like)) : null,
        }),
      );
  };

  /** The problems tenant:check finds in a posted form's file (a base that is no JSON is one). */
  /** TENANTS_DIR as this instance serves it, for a save (network/tenants.ts). */
  const folder = () => ({ dir: options.tenantsDir, tenants: options.tenants, reload: options.reloadTenants });

  const check = (form: Form, editing: string | null) => {
    const { file, jsonError, tooLong } = fileFromForm(form, editing);
    const checked = checkTenantFile(file, { dir: options.tenantsDir, existing: options.tenants(), ...(editing ? { editing } : {}) });
    const problems = [...(tooLong ? [fileSizeProblem(field(form, 'file'))!] : jsonError ? ['(file): is not valid JSON'] : []), ...(checked.ok ? [] : checked.problems)];
    return { file, problems };
  };

  router.get('/wizard.js', (_req, res) => {
    res.type('text/javascript; charset=utf-8').set('Cache-Control', 'no-cache').send(WIZARD_SCRIPT);
  });

  router.get('/tenants', async (req, res) => {
    const actor = await actorOf(req, res);
    if (!actor) return res.redirect(303, '/login');
    const locale = localeOf(req);
    const created = typeof req.query.created === 'string' ? options.tenants().find((t) => t.id === req.query.created) : undefined;
    const saved = typeof req.query.saved === 'string' ? options.tenants().find((t) => t.id === req.query.saved) : undefined;
    const notice = created
      ? serverMessage(locale, 'network.wizard.created', { name: created.settings.name, host: created.domains[0] ?? '' })
      : saved
        ? serverMessage(locale, 'network.wizard.saved', { name: saved.settings.name })
        : null;
    res.type('html').send(sitesPage(locale, { actor, tenants: options.tenants(), canEdit: networkCan(actor, 'tenants'), notice }));
  });

  router.get('/tenants/new', async (req, res) => {
    const actor = await adminFor(req, res);
    if (!actor) return;
    const from = options.tenants().find((tenant) => tenant.id === req.query.from) ?? null;
    const raw = from ? currentFile(options.tenantsDir, from.id) : null;
    await showForm(req, res, actor, { file: startingFile(from, raw === null ? null : (JSON.parse(raw) as FileObject)), editing: null, problems: null });
  });

  router.post('/tenants/new', async (req, res) => {
    const actor = await adminFor(req, res);
    if (!actor) return;
    const form = formOf(req);
    const { file, problems } = check(form, null);
    if (field(form, 'intent') !== 'save' || problems.length) return showForm(req, res, actor, { file, editing: null, problems });
    const result = await createTenantFile(db, actor, { file, folder: folder() }, clientOf(req));
    if (!result.ok) return showForm(req, res, actor, { file, editing: null, problems: result.error === 'validation' ? result.problems : [] });
    // This instance answers on the new hosts already (createTenantFile); others load the file from their watcher.
    res.redirect(303, `/tenants?created=${encodeURIComponent(result.id)}`);
  });

  const editing = (id: string) => {
    const tenant = options.tenants().find((t) => t.id === id);
    const text = tenant ? currentFile(options.tenantsDir, id) : null;
    return tenant && text !== null ? { tenant, text, info: { id, name: tenant.settings.name, hash: textHash(text) } } : null;
  };

  router.get('/tenants/:id/edit', async (req, res) => {
    const actor = await adminFor(req, res);
    if (!actor) return;
    const site = editing(req.params.id ?? '');
    if (!site) return res.status(404).type('text/plain').send(serverMessage(localeOf(req), 'error.notFound'));
    await showForm(req, res, actor, { file: JSON.parse(site.text) as FileObject, editing: site.info, problems: null, like: site.text });
  });

  router.post('/tenants/:id/edit', async (req, res) => {
    const actor = await adminFor(req, res);
    if (!actor) return;
    const site = editing(req.params.id ?? '');
    if (!site) return res.status(404).type('text/plain').send(serverMessage(localeOf(req), 'error.notFound'));
    const form = formOf(req);
    const intent = field(form, 'intent');
    const { file, problems } = check(form, site.info.id);
    const like = site.text;
    if (intent === 'preview' || problems.length) return showForm(req, res, actor, { file, editing: site.info, problems, like });
    if (intent === 'save') {
      const result = await updateTenantFile(db, actor, { id: site.info.id, file, expected: field(form, 'base_hash'), folder: folder() }, clientOf(req));
      if (result.ok) {
        return res.redirect(303, `/tenants?saved=${encodeURIComponent(result.id)}`);
      }
      if (result.error === 'forbidden') return forbiddenPage(req, res);
      if (result.error === 'validation') return showForm(req, res, actor, { file, editing: site.info, problems: result.problems, like });
      // The file changed since the diff was shown (or is gone): the diff against what is there now.
      return showForm(req, res, actor, { file, editing: site.info, problems: ['(file): changed since the diff was shown; review it again'], like, diff: true, status: 409 });
    }
    await showForm(req, res, actor, { file, editing: site.info, problems: [], like, diff: true });
  });

  router.post('/api/network/drafts.php', async (req, res) => {
    const actor = await actorOf(req, res);
    const locale = localeOf(req);
    const form = formOf(req);
    const edited = field(form, 'editing') ? editing(field(form, 'editing')) : null;
    const { file, problems } = check(form, edited?.info.id ?? null);
    const draft = await saveDraft(db, actor, { token: field(form, 'draft') || null, file, existing: options.tenants().map((t) => t.id), editing: edited?.info.id ?? null });
    if (!draft.ok && draft.error !== 'taken') return res.status(403).json({ error: 'forbidden', message: serverMessage(locale, 'network.error.forbidden') });
    const values = formValues(file);
    // A draft under another site's id is not stored: no token, no preview; the id's problem says why.
    res.json({
      token: draft.ok ? draft.value : null,
      preview: draft.ok ? frameUrls(draft.value, landerOf(field(form, 'lander'))) : null,
      valid: problems.length === 0,
      problems,
      fields: localizedProblems(locale, file, problems),
      contrast: contrasts(values.colours),
      message: wizardMessage(locale, problems.length ? 'network.wizard.previewWithProblems' : 'network.wizard.previewUpdated', { count: problems.length }),
    });
  });

  // The real app's page for a draft: this host only, GET only, no render cache, in a frame of this host only, no script.
  router.get(/^\/preview\/([\w-]{20,100})(\/.*)?$/, async (req, res, next) => {
    const token = (req.params as Record<string, string | undefined>)[0] ?? '';
    const rest = previewPath((req.params as Record<string, string | undefined>)[1] ?? '/');
    const draft = rest === null ? null : await draftTenant(db, token);
    const locale = localeOf(req);
    const policy = String(res.getHeader('Content-Security-Policy') ?? '').replace(/frame-ancestors [^;]*/, "frame-ancestors 'self'");
    // Sandboxed without scripts: the page is the server's render only (its own origin kept, so its assets load under their CORP).
    res.set('Content-Security-Policy', `${policy}; sandbox allow-same-origin`).set('X-Robots-Tag', 'noindex');
    if (!draft || rest === null) return res.status(404).type('text/plain').send(serverMessage(locale, 'error.notFound'));
    if (!draft.tenant) return res.status(200).type('html').send(previewProblemPage(locale));
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    req.url = `${rest}${query}`;
    req.originalUrl = req.url;
    res.locals.tenant = draft.tenant;
    const landing = resolveLanding(draft.tenant, rest, null);
    res.locals.landing = landing === null ? undefined : landing.ok ? landing.landing : null;
    res.locals.clickId = null;
    options.renderPage(req, res, next);
  });

  // What a previewed page loads from its own host besides /assets: the demo pictures and the sleeping page's wake script.
  router.get('/media/demo/{*path}', (req, res, next) => {
    req.url = req.url.slice('/media'.length);
    options.demoMedia(req, res, next);
  });
  router.get(/^\/wake\/[0-9a-f]{12}\.js$/, (_req, res) => {
    res.type('text/javascript; charset=utf-8').set('Cache-Control', 'public, max-age=0, must-revalidate').send(wakeAsset.body);
  });

  const handler = (req: Request, res: Response, next: NextFunction) => {
    if (req.hostname.toLowerCase() !== options.adminHost || !OWN_PATHS.test(req.path)) return next();
    router(req, res, next);
  };
  return Object.assign(handler, { routes: () => routesOf(router) });
}

