// The answer for a host no tenant claims: a plain 404 that shows no tenant's brand (docs/architecture.md §3).
import { localeFromAcceptLanguage } from '../i18n/negotiate';
import { serverMessage } from '../i18n/messages';

export function unknownHostResponse(path: string, acceptLanguage: string | undefined) {
  const locale = localeFromAcceptLanguage(acceptLanguage);
  const title = serverMessage(locale, 'error.notFound');
  if (path.startsWith('/api/')) {
    return { status: 404, type: 'application/json', body: JSON.stringify({ error: 'unknown_site', message: title }) };
  }
  const hint = serverMessage(locale, 'error.unknownSite.hint');
  const body = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>404</title>
<style>body{margin:0;min-height:100vh;display:grid;place-content:center;font-family:system-ui,sans-serif;color:#333;background:#f5f5f5;text-align:center;padding:24px}h1{font-size:1.5rem;margin:.5rem 0}p{color:#666}</style>
</head><body><main><p>404</p><h1>${title}</h1><p>${hint}</p></main></body></html>`;
  return { status: 404, type: 'text/html; charset=utf-8', body };
}
