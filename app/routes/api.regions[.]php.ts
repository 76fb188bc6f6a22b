// GET /api/regions.php (SPEC §7): region names of the 19 region-label countries of SPEC §9,
// optionally one country (?country=NL).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { regionsByCountry } from '~/.server/geo/regions';
import { apiJson, methodNotAllowed } from '~/.server/http/api';

export function loader({ request }: LoaderFunctionArgs) {
  const country = new URL(request.url).searchParams.get('country');
  return apiJson({ regions: regionsByCountry(country) }, { headers: { 'Cache-Control': 'public, max-age=3600' } });
}

export function action({ context }: ActionFunctionArgs) {
  return methodNotAllowed(context.locale, ['GET', 'HEAD']);
}
