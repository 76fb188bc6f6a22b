// The server render of a document (entry.server.tsx): styled-components styles are collected while
// React renders the whole tree (we wait for onAllReady, for bots and people alike) and inserted
// before </head>, so the HTML arrives styled. A render that has not finished after `abortMs` is
// aborted and answered with `aborted()` — a 503 with Retry-After (docs/decisions/0039) — never with
// React's "The render was aborted by the server without a reason" as a 500.
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';

export class RenderAbortedError extends Error {
  override name = 'RenderAbortedError';
}

export interface DocumentOptions {
  nonce: string;
  status: number;
  headers: Headers;
  /** The request's signal: errors of a render whose client went away are not logged. */
  signal: AbortSignal;
  /** The render abort delay (RENDER_ABORT_MS). */
  abortMs: number;
  /** Rewrites the whole page at the end (a page that hydrates on demand), or null. */
  rewrite: ((html: string) => string) | null;
  /** The answer to a render that ran past abortMs. */
  aborted: () => Response;
  log?: (error: unknown) => void;
}

export function renderDocument(element: ReactElement, options: DocumentOptions): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const sheet = new ServerStyleSheet();
    let shellFailed = false;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined = undefined;
    const { pipe, abort } = renderToPipeableStream(sheet.collectStyles(element), {
      nonce: options.nonce,
      onAllReady() {
        clearTimeout(timer);
        if (timedOut) return;
        // The whole page is ready: React writes it out at once into memory, and it leaves as one
        // string — no stream of chunks through a transform, a PassThrough and a web stream, each
        // decoded and encoded again and written to the socket one by one (docs/decisions/0057).
        const chunks: Buffer[] = [];
        const sink = new Writable({
          highWaterMark: 1 << 20,
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        });
        sink.on('finish', () => {
          const html = withStyles(Buffer.concat(chunks), sheet.getStyleTags(), options.rewrite);
          sheet.seal();
          options.headers.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(html, { headers: options.headers, status: shellFailed ? 500 : options.status }));
        });
        pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        sheet.seal();
        if (!timedOut) reject(error);
      },
      onError(error) {
        if (timedOut) return;
        shellFailed = true;
        if (!options.signal.aborted) (options.log ?? console.error)(error);
      },
    });
    timer = setTimeout(() => {
      // Answered first, so that neither React's abort errors nor its partial page reach the client.
      timedOut = true;
      resolve(options.aborted());
      abort(new RenderAbortedError(`the render took longer than ${options.abortMs} ms`));
      sheet.seal();
    }, options.abortMs);
  });
}

/**
 * The page with `tags` before its first </head>, then rewritten by `rewrite` (a page that hydrates on
 * demand) when given. Without a rewrite the page stays bytes: it is not decoded and encoded again.
 */
export function withStyles(page: Buffer<ArrayBuffer>, tags: string, rewrite: ((html: string) => string) | null): Uint8Array<ArrayBuffer> | string {
  if (rewrite) {
    const html = page.toString('utf8');
    const at = html.indexOf('</head>');
    return rewrite(at === -1 ? html : html.slice(0, at) + tags + html.slice(at));
  }
  const at = page.indexOf('</head>');
  return at === -1 ? page : Buffer.concat([page.subarray(0, at), Buffer.from(tags), page.subarray(at)]);
}
