// What every request on the network console's host passes before its routes (docs/decisions/0050,
// 0072): nothing of the console is cached, and a mutation from another origin is refused.
import type { NextFunction, Request, Response } from 'express';
import { mayMutate } from './same-origin';
import { localeFromAcceptLanguage } from '../i18n/negotiate';
import { serverMessage } from '../i18n/messages';
import { NETWORK_SESSION_COOKIE } from '../network/staff';

const WITH_SESSION = new RegExp(`(?:^|;\\s*)${NETWORK_SESSION_COOKIE}=`);

/** Nothing of the console is cached; a mutation from another origin is refused (also the brand wizard's preview frames, preview-http.ts). */
export function networkGuard(req: Request, res: Response, next: NextFunction): void {
  res.set('Cache-Control', 'no-store');
  // The one same-origin rule of every host (http/same-origin.ts), with the console's session cookie.
  if (!mayMutate(req, WITH_SESSION.test(req.get('cookie') ?? ''))) {
    res.status(403).json({ error: 'cross_origin', message: serverMessage(localeFromAcceptLanguage(req.get('accept-language')), 'api.error.crossOrigin') });
    return;
  }
  next();
}
