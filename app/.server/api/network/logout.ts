// POST /api/network/logout.php (docs/api.md "Network console"): ends the staff member's session.
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { consoleOf } from '../../network/console-context';
import { clearNetworkSessionCookie, networkLogout } from '../../network/staff';

const route = apiRoute({
  POST: endpoint({
    async handle({ request, context }) {
      const network = consoleOf(context);
      if (network.actor) await networkLogout(network.db, network.actor, request.headers.get('Cookie'), network.client);
      return apiJson({ ok: true }, { headers: { 'Set-Cookie': clearNetworkSessionCookie(network.secure) } });
    },
  }),
});

export default route;
