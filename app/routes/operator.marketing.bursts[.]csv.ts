// GET /operator/marketing/bursts.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the funnel report's suspicious
// bursts (docs/decisions/0055) as CSV (docs/api.md) for the marketing role on this site; members 404,
// visitors the console's login (decision 0070), other operators 403. Formula-safe (app/.server/marketing/csv.ts).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { burstsCsv, suspiciousBursts } from '~/.server/marketing/reports';
import { csvDownload } from '~/.server/marketing/csv';
import { reportRange } from '~/.server/marketing/range';
import { requireTenantRole } from '~/.server/operators/console';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const operator = requireTenantRole(context, 'marketing');
  const range = reportRange(new URL(request.url).searchParams);
  const result = await suspiciousBursts(context.db, context.tenant, operator, range);
  if (!result.ok) throw new Response('Forbidden', { status: 403 });
  return csvDownload(burstsCsv(result.value), `bursts-${context.tenant.id}-${range.from}-${range.to}.csv`);
}
