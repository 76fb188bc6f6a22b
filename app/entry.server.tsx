// Server rendering: styled-components styles are collected while React renders the whole tree
// (we wait for onAllReady, for bots and people alike) and inserted before </head>, so the HTML
// arrives styled. The CSP nonce comes from the load context, never from loader data.
import { PassThrough, Transform } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { NonceProvider } from './components/app/nonce';
import { ServerOnlyProvider } from './components/app/server-only';
import { hydratesOnDemand, putScriptsToSleep } from './.server/http/sleeping-scripts';
import { messagesFor } from './.server/i18n/messages';
import { LOCALES } from './shared/locales';
import { provideCatalogues } from './shared/translations';

// Every catalogue, once: the root and meta functions read them by locale while rendering.
provideCatalogues(Object.fromEntries(LOCALES.map((locale) => [locale, messagesFor(locale)])) as Parameters<typeof provideCatalogues>[0]);

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const sheet = new ServerStyleSheet();
    let shellFailed = false;
    const { pipe, abort } = renderToPipeableStream(
      sheet.collectStyles(
        <NonceProvider value={loadContext.nonce}>
          <ServerOnlyProvider value={loadContext.serverOnly}>
            <RemixServer context={remixContext} url={request.url} nonce={loadContext.nonce} />
          </ServerOnlyProvider>
        </NonceProvider>,
      ),
      {
        nonce: loadContext.nonce,
        onAllReady() {
          const body = new PassThrough();
          const styled = injectBeforeHead(sheet.getStyleTags(), hydratesOnDemand(remixContext, Boolean(loadContext.user)) ? putScriptsToSleep : null);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: shellFailed ? 500 : responseStatusCode,
            }),
          );
          styled.pipe(body);
          pipe(styled);
          styled.on('end', () => sheet.seal());
        },
        onShellError(error) {
          sheet.seal();
          reject(error);
        },
        onError(error) {
          shellFailed = true;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * Inserts `tags` before the first </head>, however the chunks fall. With `rewrite` (a page that
 * hydrates on demand: small, and complete at onAllReady anyway) the whole page is rewritten at the end.
 */
function injectBeforeHead(tags: string, rewrite: ((html: string) => string) | null): Transform {
  let done = false;
  let pending = '';
  if (rewrite) {
    return new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        pending += chunk.toString('utf8');
        callback();
      },
      flush(callback) {
        const at = pending.indexOf('</head>');
        callback(null, rewrite(at === -1 ? pending : pending.slice(0, at) + tags + pending.slice(at)));
      },
    });
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      pending += chunk.toString('utf8');
      const at = pending.indexOf('</head>');
      if (at === -1) {
        // Keep a tail that could be the start of a split "</head>".
        const keep = Math.max(0, pending.length - 6);
        const out = pending.slice(0, keep);
        pending = pending.slice(keep);
        return callback(null, out);
      }
      done = true;
      const out = pending.slice(0, at) + tags + pending.slice(at);
      pending = '';
      callback(null, out);
    },
    flush(callback) {
      callback(null, pending);
    },
  });
}
