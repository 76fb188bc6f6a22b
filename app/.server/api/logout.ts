// /api/logout.php (docs/product.md §7): ends the session. GET as SPEC names it (logging someone out is the only
// effect, see docs/decisions/0007-accounts.md) and POST.
import { clearSessionCookie, destroySession } from '~/.server/accounts/sessions';
import { announceSessionEnd } from '~/.server/events/member-events';
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';

const logout = endpoint({
  async handle({ request, context }) {
    await destroySession(context.db, context.tenant, request.headers.get('Cookie'));
    // This session's event streams (in any tab, on any server) end.
    if (context.user) await announceSessionEnd(context.events, context.tenant.id, context.user.id);
    return apiJson({ user: null }, { headers: { 'Set-Cookie': clearSessionCookie(context.secure) } });
  },
});

const route = apiRoute({ GET: logout, POST: logout });

export default route;
