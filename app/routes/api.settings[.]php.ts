// GET /api/settings.php (SPEC §7): the tenant's settings for the request host, never a domain from the query.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiJson, methodNotAllowed } from '~/.server/http/api';
import { SELECTED_COUNTRY_COOKIE } from '~/.server/geo/selected-country';
import { readCookie } from '~/.server/i18n/negotiate';
import { publicSettings } from '~/.server/tenants/public-settings';

export function loader({ request, context }: LoaderFunctionArgs) {
  const selected = readCookie(request.headers.get('Cookie'), SELECTED_COUNTRY_COOKIE)?.toUpperCase() ?? null;
  const settings = publicSettings(context.tenants, context.tenant, context.locale, {
    detected: context.visitor.country,
    selected,
  });
  return apiJson(settings, { headers: { 'Cache-Control': 'private, max-age=60', Vary: 'Cookie' } });
}

export function action({ context }: ActionFunctionArgs) {
  return methodNotAllowed(context.locale, ['GET', 'HEAD']);
}
