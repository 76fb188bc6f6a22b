// GET /operator/marketing/funnel.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the funnel report as CSV
// (docs/api.md, docs/decisions/0028) for the marketing role on this site; members 404,
// visitors the console's login (decision 0070), other operators 403. Formula-safe (app/.server/marketing/csv.ts).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { funnelCsv, funnelReport } from '~/.server/marketing/reports';
import { csvDownload } from '~/.server/marketing/csv';
import { reportRange } from '~/.server/marketing/range';
import { requireTenantRole } from '~/.server/operators/console';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const operator = requireTenantRole(context, 'marketing');
  const range = reportRange(new URL(request.url).searchParams);
  const result = await funnelReport(context.db, context.tenant, operator, range);
  if (!result.ok) throw new Response('Forbidden', { status: 403 });
  return csvDownload(funnelCsv(result.value), `funnel-${context.tenant.id}-${range.from}-${range.to}.csv`);
}
