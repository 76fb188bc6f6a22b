// /api/logout.php (SPEC §7): ends the session. GET as SPEC names it (logging someone out is the only
// effect, see docs/decisions/0007-accounts.md) and POST.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { clearSessionCookie, destroySession } from '~/.server/accounts/sessions';
import { apiJson } from '~/.server/http/api';

async function logout({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  await destroySession(context.db, context.tenant, request.headers.get('Cookie'));
  return apiJson({ user: null }, { headers: { 'Set-Cookie': clearSessionCookie(context.secure) } });
}

export const loader = logout;
export const action = logout;
