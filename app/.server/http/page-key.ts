// The render cache's key of a request (docs/decisions/0025, 0035): everything that changes an
// anonymous page's bytes — the site, the origin it is answered on, the visitor's language and
// country, the URL, the year in the footer, and a lander's variant, landing profile and map centre.
import type { Request, Response } from 'express';
import { now } from '../clock';
import { effectiveCountry } from '../geo/selected-country';
import { requestVisitor } from '../geo/visitor-country';
import { negotiateLocale } from '../i18n/negotiate';
import { mapCentre } from '../landers/lander-profiles';
import type { LandingRequest } from '../landers/resolve';
import type { Tenant } from '../tenants/schema';
import { requestLocals } from './locals';
import { requestedAt, tenantOrigin, type OriginPolicy } from './origin';
import { pageCacheKey } from './render-cache';

export function pageKeyOf(options: { originPolicy: OriginPolicy; countryHeader: string | undefined }) {
  return (req: Request, res: Response, tenant: Tenant): string =>
    pageCacheKey({
      tenant,
      origin: tenantOrigin(tenant, requestedAt(req), options.originPolicy),
      locale: negotiateLocale(req.get('cookie'), tenant),
      country: effectiveCountry(tenant, requestVisitor(req, options.countryHeader).country, req.get('cookie')),
      url: req.originalUrl,
      year: now().getUTCFullYear(),
      landing: landingKey(requestLocals(res).landing, tenant, req.ip ?? null),
    });
}

/** A lander's part of the key: lander, variant, landing profile, and the map lander's centre (a city's point). */
function landingKey(landing: LandingRequest | null | undefined, tenant: Tenant, ip: string | null): string {
  if (!landing) return '';
  const centre = landing.lander === 'maplanding' ? mapCentre(tenant, ip) : null;
  return `${landing.lander}:${landing.variant.slug}:${landing.profileId ?? ''}${centre ? `:${centre.lat},${centre.lon}` : ''}`;
}
