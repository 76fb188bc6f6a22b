// GET /api/lander-profiles.php?variant=<slug> (docs/api.md): the profiles of a lander variant nearest
// to the visitor (offline GeoIP; the tenant's first country when the address tells nothing), for the
// map lander. Per visitor, so never part of a lander's cached HTML; `near` says what the list is around.
import { z } from 'zod';
import { REGION_DATA, type RegionCountry } from '~/.server/geo/region-data';
import { visitorPoint } from '~/.server/geo/visitor-country';
import { apiJson } from '~/.server/http/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { landerProfiles } from '~/.server/landers/lander-profiles';
import { BUILT_IN } from '~/.server/landers/resolve';

const route = apiRoute({
  GET: endpoint({
    query: z.object({ variant: z.string().max(60).optional(), limit: z.coerce.number().int().min(1).max(24).default(10) }),
    async handle({ context, query }) {
      const { tenant, db } = context;
      const variants = tenant.landers?.variants ?? BUILT_IN.variants;
      const variant = variants.find((candidate) => candidate.slug === query.variant) ?? variants[0]!;
      const point = visitorPoint(context.visitor.ip);
      const near = point && tenant.settings.countries.includes(point.country) ? point : fallbackPoint(tenant.settings.countries[0]!);
      const profiles = await landerProfiles(db, tenant, variant, { limit: query.limit, near });
      return apiJson({ near: near ? { lat: near.lat, lon: near.lon } : null, profiles }, { headers: { 'Cache-Control': 'private, no-store' } });
    },
  }),
});

/** The largest city of a country's regions: a fair centre when the visitor's place is unknown. */
function fallbackPoint(country: string): { lat: number; lon: number } | null {
  const regions = REGION_DATA[country as RegionCountry];
  const city = regions?.flatMap((region) => region.cities).sort((a, b) => b.population - a.population)[0];
  return city ? { lat: city.lat, lon: city.lon } : null;
}

export const loader = route.loader;
export const action = route.action;
