// The web app manifest, per tenant (name, colours, generated icons).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { webManifest } from '~/.server/tenants/brand-assets';
import { localize } from '~/.server/tenants/localize';

export function loader({ context }: LoaderFunctionArgs) {
  const { tenant, locale } = context;
  const manifest = webManifest(tenant, localize(tenant.settings.description, locale, tenant));
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=3600' },
  });
}
