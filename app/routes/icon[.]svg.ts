// The tenant's icon: a heart in its theme colour with the first letter of its name.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { buildTheme } from '../../themes';

export function loader({ context }: LoaderFunctionArgs) {
  const { tenant } = context;
  const colors = buildTheme(tenant.settings.niche, { colors: tenant.theme.colors }).colors;
  const letter = (tenant.theme.logo?.text ?? tenant.settings.name).charAt(0).toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${colors.primary}"/><path d="M32 52 C14 40 8 31 8 22 a12 12 0 0 1 24 -4 a12 12 0 0 1 24 4 c0 9 -6 18 -24 30 Z" fill="${colors.onPrimary}" opacity="0.25"/><text x="32" y="41" text-anchor="middle" font-family="Arial, sans-serif" font-size="28" font-weight="700" fill="${colors.onPrimary}">${letter.replace(/[<&>"]/g, '')}</text></svg>`;
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' } });
}
