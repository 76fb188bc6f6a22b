// GET /api/network/series.php?from=&to=&bucket=day|week|month (docs/api.md "Network console"): signups
// and revenue per site and bucket, what the overview's charts draw. The overview's query and refusals.
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { consoleOf } from '../../network/console-context';
import { networkSeries } from '../../network/overview';
import { badRange, OverviewQuerySchema, overviewQuery } from '../../network/overview-query';
import { apiRefused } from '../../network/console-route';


const route = apiRoute({
  GET: endpoint({
    query: OverviewQuerySchema,
    async handle({ context, query }) {
      const network = consoleOf(context);
      const { range, bucket, malformed } = overviewQuery(query);
      if (malformed.length) return badRange(network.locale, malformed);
      const result = await networkSeries(network.db, network.actor, { tenants: network.sites.tenants(), range, bucket });
      if (!result.ok) return apiRefused(network.locale);
      return apiJson({ range, bucket, points: result.value });
    },
  }),
});

export default route;
