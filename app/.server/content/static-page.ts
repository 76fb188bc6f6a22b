import type { AppLoadContext } from '@remix-run/node';
import { STATIC_PAGE_TEXT } from '~/shared/server-only-keys';
import { isPageToken, renderStaticPage, termsDate } from './page-text';

/** The page's first paragraph as plain text, cut at a word near 160 characters (meta description). */
export function summaryOf(html: string, max = 160): string {
  const paragraph = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  const text = paragraph
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:.–-]+$/, '')}…`;
}

/**
 * Loader data of a static page; 404 for an unknown token. On a document request the text goes to
 * the server render only (`serverOnly`), not into the loader data: the HTML carries it once.
 */
export function staticPageData(context: AppLoadContext, token: string | undefined): { title: string; html: string | null; updated: string; description: string } {
  const page = renderedPage(context, token);
  if (!context.documentRequest || !context.serverOnly) return page;
  context.serverOnly.set(STATIC_PAGE_TEXT, page.html);
  return { ...page, html: null };
}

/** A static page, cached per tenant and locale. */
function renderedPage(context: AppLoadContext, token: string | undefined) {
  if (!isPageToken(token)) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  const { tenant, locale } = context;
  return context.tenants.cached(tenant, `page:${locale}:${token}`, () => {
    const page = renderStaticPage(tenant, locale, token);
    const updated = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(termsDate(tenant.company));
    return { ...page, updated, description: summaryOf(page.html) };
  });
}
