// What a paused or archived site answers on its hosts (docs/decisions/0066). Paused: every page and
// the API answer 503 with Retry-After and "this site is closed for now" in the visitor's language —
// no signup, no payment, nothing else runs. Archived: 410 "this site has closed", except what a
// member needs to take their data and leave (sign in, the data export, the account deletion, the
// privacy policy) and the static files those pages load.
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import type { SiteStatus } from '../tenants/store';

/** How long a paused site asks clients to wait before they try again. */
export const PAUSED_RETRY_AFTER_S = 3600;

/** The paths an archived site still answers: signing in, the member's export and deletion, the privacy policy, assets. */
const ARCHIVED_OPEN = [/^\/(?:login|logout|account-delete|account-deleted|pages\/privacy)(?:\/|\.data)?$/, /^\/account\/export(?:\/[^/]+)?(?:\.data)?$/, /^\/api\/(?:user|account-delete|logout|settings|companyinfo)\.php$/, /^\/(?:assets|build|fonts|icons)\//, /^\/(?:favicon\.ico|manifest\.webmanifest|robots\.txt)$/];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function closedSiteResponse(status: SiteStatus, path: string, name: string, locale: Locale): { status: number; type: string; body: string; headers: Record<string, string> } | null {
  if (status === 'active') return null;
  if (status === 'archived' && ARCHIVED_OPEN.some((pattern) => pattern.test(path))) return null;
  const paused = status === 'paused';
  const title = serverMessage(locale, paused ? 'site.paused.title' : 'site.archived.title');
  const text = serverMessage(locale, paused ? 'site.paused.text' : 'site.archived.text', { name });
  const code = paused ? 503 : 410;
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...(paused ? { 'Retry-After': String(PAUSED_RETRY_AFTER_S) } : {}) };
  if (path.startsWith('/api/')) return { status: code, type: 'application/json', body: JSON.stringify({ error: paused ? 'site_paused' : 'site_archived', message: `${title}. ${text}` }), headers };
  const body = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-content:center;font-family:system-ui,sans-serif;color:#333;background:#f5f5f5;text-align:center;padding:24px}h1{font-size:1.5rem;margin:.5rem 0}p{color:#666;max-width:36rem}</style>
</head><body><main><h1>${escape(title)}</h1><p>${escape(text)}</p>${paused ? '' : `<p><a href="/login">${escape(serverMessage(locale, 'site.archived.account'))}</a></p>`}</main></body></html>`;
  return { status: code, type: 'text/html; charset=utf-8', body, headers };
}
