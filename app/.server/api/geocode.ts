// GET /api/geocode.php?lat=&lon= (docs/product.md §7): { geocode: { country, region, city, lat, lon } }, or
// { geocode: false } for a point far from any town or numbers that are no coordinates.
import { z } from 'zod';
import { reverseGeocode } from '~/.server/geo/geocode';
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';

const coordinate = z.string().max(32).optional();

const route = apiRoute({
  GET: endpoint({
    query: z.object({ lat: coordinate, lon: coordinate }),
    handle: ({ query }) =>
      apiJson({ geocode: reverseGeocode(query.lat ?? null, query.lon ?? null) }, { headers: { 'Cache-Control': 'public, max-age=3600' } }),
  }),
});

export default route;
