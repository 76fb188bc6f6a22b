// The network console's host (docs/decisions/0050, 0072): ADMIN_HOST, which no tenant may claim,
// answered by http/console-host.ts with the console's Remix app and the routers that still own some
// of its paths. The brand wizard's preview renders a draft through the sites' app (`renderDraft`).
import type { RequestHandler } from 'express';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { tenantHome, type OriginPolicy } from '../http/origin';
import { mediaHandler } from '../http/media-handler';
import { localMediaDir } from '../media/open-storage';
import type { MediaStorage } from '../media/storage';
import { consoleHost } from '../http/console-host';
import { networkPreview } from '../http/network-preview';
import type { Tenant } from '../tenants/schema';
import type { NetworkSites } from '../tenants/sites';
import type { RemixApp } from './remix-apps';
import type { Services } from './services';

export interface NetworkConsoleWiring {
  config: Config;
  adminHost: string;
  database: Database;
  sites: NetworkSites;
  media: MediaStorage;
  originPolicy: OriginPolicy;
  services: Services;
  app: RemixApp;
  /** Renders a page of the sites' app for res.locals.tenant without the render cache (the wizard's preview). */
  renderDraft: RequestHandler;
}

export function networkConsoleHost({ config, adminHost, database, sites, media, originPolicy, services, app, renderDraft }: NetworkConsoleWiring): RequestHandler {
  const claimed = sites.registry.resolve(adminHost, { override: null, allowOverride: false });
  if (claimed) throw new Error(`ADMIN_HOST: ${adminHost} is a host of tenants/${claimed.id}.json; the network console needs a host of its own`);
  const { db } = database;
  const siteHome = (tenant: Tenant) => tenantHome(tenant, originPolicy);
  const adminOrigin = () => (originPolicy.devHosts ? `http://${adminHost}:${originPolicy.port()}` : `https://${adminHost}`);
  const pokeMail = () => services.mail.poke();
  return consoleHost({
    db,
    adminHost,
    build: app.build,
    devMiddlewares: config.NODE_ENV === 'development' ? app.files : undefined,
    mode: config.NODE_ENV === 'development' ? 'development' : 'production',
    sites,
    siteHome,
    limits: services.limits,
    secure: (req) => req.secure,
    adminOrigin,
    pokeMail,
    devOutbox: !config.realProduction,
    render: { abortMs: config.RENDER_ABORT_MS, retryAfterS: config.OVERLOAD_RETRY_AFTER_S },
    routers: [
      // The brand wizard's preview frames (docs/decisions/0053).
      networkPreview({ db, adminHost, renderPage: renderDraft, demoMedia: mediaHandler({ storage: media, demoDir: localMediaDir(config), db }) }),
    ],
  });
}
