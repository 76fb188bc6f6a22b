// The tenant's icon (favicon), in its theme colour.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { iconSvg } from '~/.server/tenants/brand-assets';

export function loader({ context }: LoaderFunctionArgs) {
  return new Response(iconSvg(context.tenant), {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' },
  });
}
