// /wake/<hash>.js: the wake script of sleeping pages (app/.server/http/wake-asset.ts). The current hash
// is immutable for a year; an old one (a page from before a deploy) gets today's script, revalidated.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { wakeAsset } from '~/.server/http/wake-asset';

export function loader({ params }: LoaderFunctionArgs) {
  const match = /^([0-9a-f]{12})\.js$/.exec(params.file ?? '');
  if (!match) throw new Response('Not found', { status: 404 });
  return new Response(wakeAsset.body, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': match[1] === wakeAsset.hash ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    },
  });
}
