import type { AppLoadContext } from '@remix-run/node';
import { isPageToken, renderStaticPage, termsDate } from './pages';

/** Loader data of a static page, cached per tenant and locale; 404 for an unknown token. */
export function staticPageData(context: AppLoadContext, token: string | undefined) {
  if (!isPageToken(token)) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  const { tenant, locale } = context;
  return context.tenants.cached(tenant, `page:${locale}:${token}`, () => {
    const page = renderStaticPage(tenant, locale, token);
    const updated = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(termsDate(tenant.company));
    return { ...page, updated };
  });
}
