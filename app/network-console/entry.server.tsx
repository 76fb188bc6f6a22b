// The network console's server render (docs/decisions/0072): the sites' document renderer
// (app/.server/http/render-document.tsx) with the console's nonce; a render past the abort delay
// answers 503 with Retry-After, never 500.
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { NonceProvider } from '~/components/app/nonce';
import { renderDocument } from '~/.server/http/render-document';
import { messagesFor } from '~/.server/i18n/messages';
import { serverMessage } from '~/.server/i18n/messages';
import { consoleOf } from '~/.server/network/console-context';
import { LOCALES } from '~/shared/locales';
import { provideCatalogues } from '~/shared/translations';

provideCatalogues(Object.fromEntries(LOCALES.map((locale) => [locale, messagesFor(locale)])) as Parameters<typeof provideCatalogues>[0]);

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const network = consoleOf(loadContext);
  return renderDocument(
    <NonceProvider value={network.nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={network.nonce} />
    </NonceProvider>,
    {
      nonce: network.nonce,
      status: responseStatusCode,
      headers: responseHeaders,
      signal: request.signal,
      abortMs: network.render.abortMs,
      rewrite: null,
      aborted: () =>
        new Response(serverMessage(network.locale, 'api.error.overloaded'), {
          status: 503,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(network.render.retryAfterS), 'Cache-Control': 'no-store' },
        }),
    },
  );
}

// The console's JSON API for the API router (http/console-host.ts): bundled with the pages, so both share one copy of every module.
export { NETWORK_API_ROUTES as API_ROUTES } from '~/.server/api/network/registry';
