// GET /api/network/overview.php?from=&to=[&format=csv] (docs/api.md "Network console"): the
// overview's figures per site, as JSON or as the CSV the page's "Download CSV" link fetches (each
// export audited). A given from/to that is no day answers 400 naming it; no network role, 403.
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { consoleOf } from '../../network/console-context';
import { networkOverview, overviewCsv } from '../../network/overview';
import { badRange, OverviewQuerySchema, overviewQuery } from '../../network/overview-query';
import { audit } from '../../network/staff';
import { apiRefused } from '../../network/console-route';


const route = apiRoute({
  GET: endpoint({
    query: OverviewQuerySchema,
    async handle({ context, query }) {
      const network = consoleOf(context);
      const { range, csv, malformed } = overviewQuery(query);
      if (malformed.length) return badRange(network.locale, malformed);
      const result = await networkOverview(network.db, network.actor, { tenants: network.sites.tenants(), range, status: network.sites.status });
      if (!result.ok || !network.actor) return apiRefused(network.locale);
      if (!csv) return apiJson({ range, sites: result.value });
      await audit(network.db, network.actor.id, 'export', network.client, { report: 'overview', ...range });
      return new Response(overviewCsv(result.value), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="network-overview-${range.from}-${range.to}.csv"`,
          'Cache-Control': 'private, no-store',
        },
      });
    },
  }),
});

export default route;
