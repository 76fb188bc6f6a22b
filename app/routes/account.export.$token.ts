// GET /account/export/{token}: the member's data as a zip (docs/decisions/0029) — only for the member
// the link was made for, in their own session, within 24 hours; anyone else gets 404. A large export
// is prepared by the job queue: until it is ready the link answers 202 with Retry-After.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Readable } from 'node:stream';
import { serverMessage } from '~/.server/i18n/messages';
import { claimExport, exportZip } from '~/.server/trust/export';

export async function loader({ context, params }: LoaderFunctionArgs) {
  const text = (status: number, body: string, headers: Record<string, string> = {}) =>
    new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });
  const download = context.user ? await claimExport(context.db, context.tenant, context.user, params.token ?? '') : null;
  if (!download) return text(404, 'Not Found');
  if (download.kind === 'preparing') return text(202, serverMessage(context.locale, 'export.notYet'), { 'Retry-After': '30' });
  if (download.kind === 'failed') return text(410, serverMessage(context.locale, 'export.failed'));
  const zip = { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${context.tenant.id}-my-data.zip"`, 'Cache-Control': 'private, no-store' };
  if (download.kind === 'stream') return new Response(await exportZip(context.db, context.tenant, context.user!, context.media), { headers: zip });
  const stored = await context.media.get(download.key);
  if (!stored || stored === 'not_modified') return text(404, 'Not Found');
  return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, { headers: { ...zip, 'Content-Length': String(stored.size) } });
}
