// The page the request gate answers for a page route before Remix runs (405, 413, 500): the
// tenant's name and colours, the status, a translated message and a link home. Small, static and
// without scripts, so it cannot fail in turn.
import type { Request, Response } from 'express';
import { buildTheme } from '../../../themes';
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import type { Tenant } from '../tenants/schema';

/** Text for HTML: the five characters that could open markup or an attribute, as character references. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const escape = escapeHtml;

export function statusPage(tenant: Tenant, locale: Locale, status: number, message: string): string {
  const { colors, fonts } = buildTheme(tenant.settings.niche, tenant.theme.colors ? { colors: tenant.theme.colors } : {});
  const name = escape(tenant.theme.logo?.text ?? tenant.settings.name);
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${status} – ${name}</title>
<style>
body{margin:0;min-height:100vh;display:grid;grid-template-rows:auto 1fr;font-family:${fonts.body};color:${colors.text};background:${colors.background}}
header{padding:16px 20px;background:${colors.dark};color:${colors.onDark};font:700 1.25rem ${fonts.heading}}
main{display:grid;place-content:center;gap:12px;padding:40px 20px;text-align:center}
p.status{margin:0;font-size:4.5rem;font-weight:800;line-height:1;color:${colors.primaryHover}}
h1{margin:0;font-size:1.5rem}
a{justify-self:center;padding:12px 24px;border-radius:999px;background:${colors.primaryHover};color:${colors.onPrimary};text-decoration:none;font-weight:600}
</style></head>
<body><header>${name}</header><main><p class="status">${status}</p><h1>${escape(message)}</h1><a href="/">${escape(serverMessage(locale, 'error.backHome'))}</a></main></body></html>`;
}

/** The status page of a host no tenant owns (an unknown host, the network console's ADMIN_HOST). */
export function plainPage(locale: Locale, status: number, message: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${status}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-content:center;font-family:system-ui,sans-serif;color:#1f2433;background:#f4f5f8;text-align:center;padding:24px}p{margin:0;font-size:3rem;font-weight:800;color:#3b4a8c}h1{font-size:1.25rem;margin:.5rem 0 1rem}a{color:#3b4a8c}</style>
</head><body><main><p>${status}</p><h1>${escape(message)}</h1><a href="/">${escape(serverMessage(locale, 'error.backHome'))}</a></main></body></html>`;
}

/**
 * A refusal before any route runs: JSON `{ error: code, message }` on /api (and to HEAD), the
 * tenant's status page elsewhere; never cached.
 */
export function sendRefusal(
  req: Request,
  res: Response,
  tenant: Tenant | undefined,
  locale: Locale,
  refusal: { status: number; code: string; messageId: string; headers?: Record<string, string> },
): void {
  const message = serverMessage(locale, refusal.messageId);
  res.status(refusal.status).set({ 'Cache-Control': 'no-store', ...refusal.headers });
  if (req.path.toLowerCase().startsWith('/api/') || req.method === 'HEAD') res.json({ error: refusal.code, message });
  else res.type('html').send(tenant ? statusPage(tenant, locale, refusal.status, message) : plainPage(locale, refusal.status, message));
}
