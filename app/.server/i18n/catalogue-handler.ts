// /i18n/<locale>.<hash>.js (the operator console's /i18n/staff/…, the network console's /i18n/network/…) served by Express before the tenant resolution and admission control, like
// the static assets: a page a busy server did render must never start in English because its
// catalogue got a 503 (docs/decisions/0025, 0039). The current hash is immutable for a year; an old one
// (a page from before a deploy) gets today's catalogue, revalidated on every use, so it never sticks
// in a cache under the old name.
import type { RequestHandler } from 'express';
import { isLocale } from '~/shared/locales';
import { catalogueAsset } from './catalogue-asset';

const FILE = /^\/i18n\/(?:(staff|network)\/)?([a-z]{2})\.([0-9a-f]{12})\.js$/;

export const catalogueHandler: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const match = FILE.exec(req.path);
  if (!match) return next();
  if (!isLocale(match[2])) {
    res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not found');
    return;
  }
  const asset = catalogueAsset(match[2], match[1] === 'staff' || match[1] === 'network' ? match[1] : 'member');
  res
    .type('text/javascript; charset=utf-8')
    .set('Cache-Control', match[3] === asset.hash ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate')
    .send(asset.body);
};
