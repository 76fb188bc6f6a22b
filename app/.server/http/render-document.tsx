// The server render of a document (entry.server.tsx): styled-components styles are collected while
// React renders the whole tree (we wait for onAllReady, for bots and people alike) and inserted
// before </head>, so the HTML arrives styled. A render that has not finished after `abortMs` is
// aborted and answered with `aborted()` — a 503 with Retry-After (docs/decisions/0039) — never with
// React's "The render was aborted by the server without a reason" as a 500.
import { PassThrough, Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@remix-run/node';
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
        const body = new PassThrough();
        const styled = injectBeforeHead(sheet.getStyleTags(), options.rewrite);
        options.headers.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(createReadableStreamFromReadable(body), { headers: options.headers, status: shellFailed ? 500 : options.status }));
        styled.pipe(body);
        pipe(styled);
        styled.on('end', () => sheet.seal());
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
