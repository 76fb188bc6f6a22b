// What the brand wizard's preview frames load on the admin host (docs/decisions/0053): the real app's
// page for a draft tenant and the demo pictures it shows. Express middleware, mounted on ADMIN_HOST in
// front of the console's Remix app (console-host.ts routers), because they hand the request to the
// sites' app (server.ts renderDraft) rather than the console's:
//   GET /preview/<token>/<path>  the sites' page for the draft under <token> (this host only, never cached, no script)
//   GET /media/demo/*            the demo pictures those pages show
// The form, its draft and its checks are the console's routes (routes/tenants.*, api/drafts.ts).
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Kysely } from 'kysely';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Locale } from '~/shared/locales';
import type { DB } from '../db/schema';
import { routesOf, type RouteEntry } from './route-list';
import { serverMessage } from '../i18n/messages';
import { localeFromAcceptLanguage } from '../i18n/negotiate';
import { resolveLanding } from '../landers/resolve';
import { iconSvg } from '../tenants/brand-assets';
import { networkGuard } from './network-guard';
import { draftTenant, previewPath } from '../network/wizard';

export interface PreviewOptions {
  db: Kysely<DB>;
  adminHost: string;
  /** Renders a page of the app for res.locals.tenant, without the render cache (server.ts). */
  renderPage: RequestHandler;
  /** Serves /media/demo/* (the demo pictures, the same for every site) for the preview frames. */
  demoMedia: RequestHandler;
}

const OWN_PATHS = /^\/(?:preview\/|media\/demo\/)/;
const localeOf = (req: Request): Locale => localeFromAcceptLanguage(req.get('accept-language'));

/** What a preview frame shows while the draft does not pass tenant:check yet. */
function problemPage(locale: Locale): string {
  const style = { margin: 0, minHeight: '100vh', display: 'grid', placeItems: 'center', font: '600 1.1rem system-ui, sans-serif', color: '#1d2430', background: '#f4f6f9', textAlign: 'center', padding: 24 } as const;
  const page = h(
    'html',
    { lang: locale },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }), h('title', null, serverMessage(locale, 'network.wizard.previewTitle'))),
    h('body', { style }, h('p', null, serverMessage(locale, 'network.wizard.previewInvalid'))),
  );
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}

export function networkPreview(options: PreviewOptions): RequestHandler & { routes: () => RouteEntry[] } {
  const { db } = options;
  const router = express.Router();
  router.use(networkGuard);

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
    if (!draft.tenant) return res.status(200).type('html').send(problemPage(locale));
    // The draft's own icon (its page links it under the frame's path, sleeping-scripts.ts withoutScripts).
    if (rest === '/icon.svg') return res.status(200).type('image/svg+xml').set('Cache-Control', 'no-store').send(iconSvg(draft.tenant));
    res.locals.previewBase = `/preview/${token}`;
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    req.url = `${rest}${query}`;
    req.originalUrl = req.url;
    res.locals.tenant = draft.tenant;
    const landing = resolveLanding(draft.tenant, rest, null);
    res.locals.landing = landing === null ? undefined : landing.ok ? landing.landing : null;
    res.locals.clickId = null;
    options.renderPage(req, res, next);
  });

  // What a previewed page loads from its own host besides /assets and its icon: the demo pictures (it has no script, withoutScripts).
  router.get('/media/demo/{*path}', (req, res, next) => {
    req.url = req.url.slice('/media'.length);
    options.demoMedia(req, res, next);
  });

  const handler = (req: Request, res: Response, next: NextFunction) => {
    if (req.hostname.toLowerCase() !== options.adminHost || !OWN_PATHS.test(req.path)) return next();
    router(req, res, next);
  };
  return Object.assign(handler, { routes: () => routesOf(router) });
}
