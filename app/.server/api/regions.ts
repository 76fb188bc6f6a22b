// GET /api/regions.php (docs/product.md §7): region names of the 19 region-label countries of docs/product.md §9,
// optionally one country (?country=NL).
import { z } from 'zod';
import { regionsByCountry } from '~/.server/geo/regions';
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';

const route = apiRoute({
  GET: endpoint({
    query: z.object({ country: z.string().max(2).optional() }),
    handle: ({ query }) => apiJson({ regions: regionsByCountry(query.country || null) }, { headers: { 'Cache-Control': 'public, max-age=3600' } }),
  }),
});

export default route;
