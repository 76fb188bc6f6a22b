// GET /api/lander-profiles.php?variant=<slug> (docs/api.md): the profiles of a lander variant nearest
// to the visitor (offline GeoIP; the tenant's first country when the address tells nothing), for the
// map lander. Per visitor, so never part of a lander's cached HTML; `near` says what the list is around.
import { z } from 'zod';
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { landerProfiles, mapCentre } from '~/.server/landers/lander-profiles';
import { BUILT_IN } from '~/.server/landers/resolve';

const route = apiRoute({
  GET: endpoint({
    query: z.object({ variant: z.string().max(60).optional(), limit: z.coerce.number().int().min(1).max(24).default(10) }),
    async handle({ context, query }) {
      const { tenant, db } = context;
      const variants = tenant.landers?.variants ?? BUILT_IN.variants;
      const variant = variants.find((candidate) => candidate.slug === query.variant) ?? variants[0]!;
      const near = mapCentre(tenant, context.visitor.ip);
      const profiles = await landerProfiles(db, tenant, variant, { limit: query.limit, near });
      return apiJson({ near, profiles }, { headers: { 'Cache-Control': 'private, no-store' } });
    },
  }),
});

export default route;
