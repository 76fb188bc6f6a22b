// /gifts/<id>.svg: a gift's illustration (app/.server/chat/gifts.json), the same on every tenant.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { findGift } from '~/.server/chat/gifts';

export function loader({ params }: LoaderFunctionArgs) {
  const match = /^([a-z-]{1,40})\.svg$/.exec(params.file ?? '');
  const gift = match ? findGift(match[1]!) : null;
  if (!gift) throw new Response('Not found', { status: 404 });
  return new Response(gift.svg, {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" },
  });
}
