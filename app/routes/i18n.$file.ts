// /i18n/<locale>.<hash>.js: a locale's message catalogue as a script (app/.server/i18n/catalogue-asset.ts).
// The current hash is immutable for a year; an old one (a page from before a deploy) gets today's
// catalogue, revalidated on every use, so it never sticks in a cache under the old name.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { catalogueAsset } from '~/.server/i18n/catalogue-asset';
import { isLocale } from '~/shared/locales';

export function loader({ params }: LoaderFunctionArgs) {
  const match = /^([a-z]{2})\.([0-9a-f]{12})\.js$/.exec(params.file ?? '');
  if (!match || !isLocale(match[1])) throw new Response('Not found', { status: 404 });
  const asset = catalogueAsset(match[1]);
  return new Response(asset.body, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': match[2] === asset.hash ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    },
  });
}
