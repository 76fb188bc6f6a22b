// As the app's entry.server.tsx, without the nonce: styles collected over the whole render.
import { PassThrough } from 'node:stream';
import type { EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';

export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const sheet = new ServerStyleSheet();
    const { pipe } = renderToPipeableStream(sheet.collectStyles(<RemixServer context={remixContext} url={request.url} />), {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8').replace('</head>', `${sheet.getStyleTags()}</head>`);
          sheet.seal();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          const out = new PassThrough();
          resolve(new Response(createReadableStreamFromReadable(out), { headers, status }));
          out.end(html);
        });
        pipe(body);
      },
      onShellError: reject,
    });
  });
}
