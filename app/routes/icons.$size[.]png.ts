// /icons/192.png and /icons/512.png: the tenant's icon for the web app manifest.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { ICON_SIZES, iconPng } from '~/.server/tenants/brand-assets';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const size = Number(params.size);
  if (!(ICON_SIZES as readonly number[]).includes(size)) throw new Response('Not Found', { status: 404 });
  const png = await iconPng(context.tenants, context.tenant, size);
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600' } });
}
