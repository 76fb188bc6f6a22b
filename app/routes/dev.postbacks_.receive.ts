// /dev/postbacks/receive: the demo network's postback endpoint (docs/decisions/0028). A GET is a
// postback: its query is recorded for this tenant and answered "OK" in plain text, as a network
// would; /dev/postbacks lists them. Served in development, tests and the demo; real production: 404.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { now } from '~/.server/clock';

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.devOutbox) throw new Response('Not Found', { status: 404 });
  const query = new URL(request.url).search.slice(1, 2001);
  await context.db.insertInto('dev_postbacks').values({ tenant_id: context.tenant.id, query, received_at: now() }).execute();
  return new Response('OK\n', { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
