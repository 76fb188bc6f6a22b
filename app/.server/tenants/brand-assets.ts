// Generated brand assets per tenant: the icon (SVG, and PNG for the web app manifest) and the
// manifest itself, in the tenant's theme colours.
import sharp from 'sharp';
import { buildTheme } from '../../../themes';
import type { Tenant } from './schema';
import type { TenantRegistry } from './registry';

export const ICON_SIZES = [192, 512] as const;

function colours(tenant: Tenant) {
  return buildTheme(tenant.settings.niche, { colors: tenant.theme.colors }).colors;
}

export function iconSvg(tenant: Tenant): string {
  const { primary, onPrimary } = colours(tenant);
  const letter = (tenant.theme.logo?.text ?? tenant.settings.name).charAt(0).toUpperCase().replace(/[<&>"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${primary}"/><path d="M32 54 C13 41 7 31 7 22 a12.5 12.5 0 0 1 25 -4 a12.5 12.5 0 0 1 25 4 c0 9 -6 19 -25 32 Z" fill="${onPrimary}" opacity="0.22"/><text x="32" y="42" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" font-weight="700" fill="${onPrimary}">${letter}</text></svg>`;
}

export function iconPng(registry: TenantRegistry, tenant: Tenant, size: number): Promise<Buffer> {
  return registry.cached(tenant, `icon:${size}`, () => sharp(Buffer.from(iconSvg(tenant))).resize(size, size).png().toBuffer());
}

export function webManifest(tenant: Tenant, description: string) {
  const { primary, dark, background } = colours(tenant);
  return {
    name: tenant.settings.name,
    short_name: tenant.theme.logo?.text ?? tenant.settings.name,
    description,
    lang: tenant.settings.domain_language.replace('_', '-'),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: background,
    theme_color: dark,
    icons: [
      ...ICON_SIZES.map((size) => ({ src: `/icons/${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
    accent_color: primary,
  };
}
