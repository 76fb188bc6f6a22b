// GET /api/network/health.php (docs/api.md "Network console", docs/decisions/0052): site health now,
// per site, for any network role; 403 without a network session. The same function as /health.
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { now } from '../../clock';
import { consoleOf } from '../../network/console-context';
import { apiRefused } from '../../network/console-route';
import { networkHealth } from '../../network/health';

const route = apiRoute({
  GET: endpoint({
    async handle({ context }) {
      const network = consoleOf(context);
      const at = now();
      const result = await networkHealth(network.db, network.actor, { tenants: network.sites.tenants(), at, siteHome: network.siteHome, status: network.sites.status });
      if (!result.ok) return apiRefused(network.locale);
      return apiJson({ at: at.toISOString(), sites: result.value });
    },
  }),
});

export default route;
