// The request hook that records visits (docs/decisions/0027), in server.ts right after the tenant is
// resolved and BEFORE Remix and any render cache: a lander served from a cache is still counted.
// For every GET of a lander or member landing URL (/landers/*, /members/{id}/landing*), and of any
// other page opened with a traffic source (?network=…/?ref=…), it records the visit (recordVisit:
// bots and repeated hits are not counted), sets the first-party cookies (rdv_vid, rdv_visit) and
// hands Remix what it needs through res.locals → getLoadContext:
//   res.locals.landing  the resolved lander/variant (a split's variant is chosen here, per visitor),
//                       null for a landing URL that is a 404, undefined for other paths;
//   res.locals.clickId  the click id the visitor is attributed to after this request.
// The HTML of a lander depends on the URL and res.locals.landing.variant.slug only, never on the
// visitor: a render cache keys landers by path and that variant.
import type { Kysely } from 'kysely';
import type { Request, RequestHandler } from 'express';
import type { DB } from '../db/schema';
import { SESSION_COOKIE } from '../accounts/sessions';
import { readCookie } from '../i18n/negotiate';
import { OPERATOR_SESSION_COOKIE } from '../operators/sessions';
import { isLandingPath, resolveLanding, type LandingRequest } from '../landers/resolve';
import type { Tenant } from '../tenants/schema';
import { clickIdFromCookie, newId, visitCookie, visitorCookie, visitorIdFromCookie } from '../tracking/cookies';
import { trackingFromQuery } from '../tracking/traffic-source';
import { servingFor } from '../splits/optimise';
import { recordVisit, visitorIdHash } from '../tracking/visits';
import { requestLocals, siteOf } from './locals';

interface Options {
  db: Kysely<DB>;
  /** Salts the stored hashes (SESSION_SECRET). */
  salt: string;
  secure: (req: Request) => boolean;
  country: (req: Request) => string | null;
  /** Whether a visitor may see this profile (a member landing of a hidden or unknown profile is a 404, no visit). */
  profileVisible: (tenant: Tenant, profileId: number) => Promise<boolean>;
  log: (message: string) => void;
}

/** Paths never counted: the API, the console and the developer pages, data requests of the client router, files. */
const NOT_PAGES = /^\/(?:api|assets|media|build|gifts|icons?|operator|dev)(?:\/|\.|$)|\.(?:data|js|css|png|svg|webp|jpg|ico|json|txt|xml|webmanifest|mp4|webm)$/i;

export function visitRecorder(options: Options): RequestHandler {
  return async (req, res, next) => {
    const cookieHeader = req.get('cookie');
    const cookieClickId = clickIdFromCookie(cookieHeader);
    requestLocals(res).clickId = cookieClickId;
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const tenant = siteOf(res);
      // A client-router data request (/landers/video.data) needs the same variant as the page.
      const pathname = req.path.replace(/\.data$/, '');
      const tracking = trackingFromQuery(new URLSearchParams(req.originalUrl.split('?')[1] ?? ''));
      // Neither a landing nor a traffic source (most requests: pages, the API's refresh calls): nothing to count or choose.
      if (!tracking && !isLandingPath(pathname)) return next();
      const knownVisitor = visitorIdFromCookie(cookieHeader);
      const visitorId = knownVisitor ?? newId();
      let resolution = resolveLanding(tenant, pathname, visitorId);
      // Behind a split: the weights every instance serves now, and a returning visitor's first variant (docs/decisions/0064).
      const splitSlug = resolution?.ok ? resolution.landing.split : null;
      const split = splitSlug ? tenant.landers?.splits.find((candidate) => candidate.slug === splitSlug) : undefined;
      if (split) resolution = resolveLanding(tenant, pathname, visitorId, await servingFor(options.db, tenant, split, knownVisitor ? visitorIdHash(options.salt, tenant, knownVisitor) : null));
      let landing: LandingRequest | null | undefined = resolution === null ? undefined : resolution.ok ? resolution.landing : null;
      if (landing?.profileId && !(await options.profileVisible(tenant, landing.profileId))) landing = null;
      requestLocals(res).landing = landing;

      const isPage = !NOT_PAGES.test(req.path);
      // Members (a session cookie) signed up already, and operators (the marketer's previews) are
      // staff: their page views are no marketing visits.
      const member = readCookie(cookieHeader, SESSION_COOKIE) !== null || readCookie(cookieHeader, OPERATOR_SESSION_COOKIE) !== null;
      const counts = req.method === 'GET' && isPage && !member && (landing || (landing === undefined && tracking));
      if (!counts) return next();

      const result = await recordVisit(
        options.db,
        tenant,
        {
          lander: landing?.lander ?? null,
          variant: landing?.variant.slug ?? null,
          profileId: landing?.profileId ?? null,
          path: req.path,
          tracking,
          ip: req.ip ?? null,
          userAgent: req.get('user-agent') ?? null,
          country: options.country(req),
          visitorId,
          visitorCookie: knownVisitor !== null,
          clickId: cookieClickId,
        },
        { salt: options.salt },
      );
      if (result.outcome === 'bot') return next();
      const secure = options.secure(req);
      if (!knownVisitor) res.append('Set-Cookie', visitorCookie(visitorId, secure));
      if (result.attributedClickId !== cookieClickId) res.append('Set-Cookie', visitCookie(result.attributedClickId, secure));
      requestLocals(res).clickId = result.attributedClickId;
      next();
    } catch (error) {
      // A failed count never costs the visitor the page.
      options.log(`recording a visit failed: ${(error as Error).message}`);
      next();
    }
  };
}
