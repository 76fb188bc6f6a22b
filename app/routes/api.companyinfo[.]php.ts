// GET /api/companyinfo.php (SPEC §3, §7): the company behind the tenant's domain.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiJson, methodNotAllowed } from '~/.server/http/api';
import { companyInfo } from '~/.server/tenants/public-settings';

export function loader({ context }: LoaderFunctionArgs) {
  return apiJson(companyInfo(context.tenant), { headers: { 'Cache-Control': 'public, max-age=300' } });
}

export function action({ context }: ActionFunctionArgs) {
  return methodNotAllowed(context.locale, ['GET', 'HEAD']);
}
