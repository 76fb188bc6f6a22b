// GET /account/export/{token}: the member's data as a zip (docs/decisions/0029) — only for the member
// the link was made for, in their own session, within 24 hours; anyone else gets 404.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { claimExport, exportZip } from '~/.server/trust/export';

export async function loader({ context, params }: LoaderFunctionArgs) {
  const notFound = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  if (!context.user || !(await claimExport(context.db, context.tenant, context.user, params.token ?? ''))) return notFound();
  const stream = await exportZip(context.db, context.tenant, context.user, context.media);
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${context.tenant.id}-my-data.zip"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
