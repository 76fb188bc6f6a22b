// Server rendering (app/.server/http/render-document.tsx): styles collected while React renders the
// whole tree and inserted before </head>; a render past the abort delay (RENDER_ABORT_MS) answers
// 503 with Retry-After, never 500. The CSP nonce comes from the load context, never from loader data.
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { NonceProvider } from './components/app/nonce';
import { ServerOnlyProvider } from './components/app/server-only';
import { overloadedResponse } from './.server/http/admission';
import { renderDocument } from './.server/http/render-document';
import { hydratesOnDemand, putScriptsToSleep, withoutScripts } from './.server/http/sleeping-scripts';
import { messagesFor } from './.server/i18n/messages';
import { LOCALES } from './shared/locales';
import { provideCatalogues } from './shared/translations';

// Every catalogue, once: the root and meta functions read them by locale while rendering.
provideCatalogues(Object.fromEntries(LOCALES.map((locale) => [locale, messagesFor(locale)])) as Parameters<typeof provideCatalogues>[0]);

export const streamTimeout = 5_000;

// The JSON API's registry, for the server's API router (server.ts, docs/decisions/0041): bundled here,
// with the pages, so that both share one copy of every module.
export { API_ROUTES } from './.server/api/registry';

/** The abort delay when the load context does not set one (RENDER_ABORT_MS in server.ts). */
const DEFAULT_RENDER = { abortMs: streamTimeout + 1_000, retryAfterS: 5 };

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const render = loadContext.render ?? DEFAULT_RENDER;
  return renderDocument(
    <NonceProvider value={loadContext.nonce}>
      <ServerOnlyProvider value={loadContext.serverOnly}>
        <RemixServer context={remixContext} url={request.url} nonce={loadContext.nonce} />
      </ServerOnlyProvider>
    </NonceProvider>,
    {
      nonce: loadContext.nonce,
      status: responseStatusCode,
      headers: responseHeaders,
      signal: request.signal,
      abortMs: render.abortMs,
      // A preview frame of the network wizard runs no script (its sandbox): none is sent (issue 48 item 18).
      rewrite: loadContext.previewBase
        ? withoutScripts(loadContext.previewBase)
        : hydratesOnDemand(remixContext, Boolean(loadContext.user))
          ? putScriptsToSleep
          : null,
      aborted: () => overloadedResponse(loadContext.tenant, loadContext.locale, render.retryAfterS),
    },
  );
}
