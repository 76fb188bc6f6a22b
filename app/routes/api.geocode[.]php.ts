// GET /api/geocode.php?lat=&lon= (SPEC §7): { geocode: { country, region, city, lat, lon } }, or
// { geocode: false } for bad input or a point far from any town.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { reverseGeocode } from '~/.server/geo/geocode';
import { apiJson, methodNotAllowed } from '~/.server/http/api';

export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return apiJson({ geocode: reverseGeocode(params.get('lat'), params.get('lon')) }, { headers: { 'Cache-Control': 'public, max-age=3600' } });
}

export function action({ context }: ActionFunctionArgs) {
  return methodNotAllowed(context.locale, ['GET', 'HEAD']);
}
