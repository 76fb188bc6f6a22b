// A tenant host's first step (docs/decisions/0066): which site the Host names. An unknown host gets the
// unknown-site page and never another site's content; a paused or archived site answers "closed for
// now" (503) or "closed" (410) before anything else runs; any other request goes on with its site in
// res.locals.tenant (http/locals.ts).
import type { Request, RequestHandler } from 'express';
import { negotiateLocale } from '../i18n/negotiate';
import type { Tenant } from '../tenants/schema';
import type { SiteStatus } from '../tenants/store';
import { closedSiteResponse } from './closed-site';
import { requestLocals } from './locals';
import { unknownHostResponse } from './unknown-host';

export function tenantHost(options: { tenantOf: (req: Request) => Tenant | null; status: (id: string) => SiteStatus }): RequestHandler {
  return (req, res, next) => {
    const tenant = options.tenantOf(req);
    if (!tenant) {
      const page = unknownHostResponse(req.path, req.get('accept-language'));
      res.status(page.status).type(page.type).set('Cache-Control', 'no-store').send(page.body);
      return;
    }
    requestLocals(res).tenant = tenant;
    const closed = closedSiteResponse(options.status(tenant.id), req.path, tenant.settings.name, negotiateLocale(req.get('cookie'), tenant));
    if (closed) {
      res.status(closed.status).type(closed.type).set(closed.headers).send(closed.body);
      return;
    }
    next();
  };
}
