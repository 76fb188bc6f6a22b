// What the Express middleware hands on per request in res.locals (server.ts's order): typed here once,
// read and written through requestLocals(); a tenant host's site through siteOf().
import type { Response } from 'express';
import type { LandingRequest } from '../landers/resolve';
import type { Tenant } from '../tenants/schema';

export interface RequestLocals {
  /** The request's id (X-Request-Id; a trusted proxy's own kept): http/request-identity.ts. */
  requestId?: string;
  /** The CSP nonce of this request's scripts: http/request-identity.ts. */
  nonce?: string;
  /** The site of a tenant host, once http/tenant-host.ts (or the cached-page lane, or a wizard preview) resolved it. */
  tenant?: Tenant;
  /** The route pattern that answered, for the log line and the metrics (http/observability.ts). */
  route?: string;
  /** Who made the request, for the log line (never the session). */
  memberId?: number;
  operatorId?: number;
  networkStaffId?: number;
  /** A lander or member landing URL's lander and variant, set by the visit recorder (http/visit-recorder.ts). */
  landing?: LandingRequest | null;
  /** The click id the visitor is attributed to after this request (http/visit-recorder.ts). */
  clickId?: string | null;
  /** A wizard preview's path prefix (`/preview/<token>`): the page renders without scripts. */
  previewBase?: string;
}

/** res.locals as the middleware fills it. */
export function requestLocals(res: Response): RequestLocals {
  return res.locals as RequestLocals;
}

/** The site of a request past the tenant resolution; a middleware that runs before it is a wiring mistake. */
export function siteOf(res: Response): Tenant {
  const tenant = requestLocals(res).tenant;
  if (!tenant) throw new Error('a tenant-host middleware ran before the tenant was resolved (server.ts order)');
  return tenant;
}
