// Headers beyond helmet's (issue 31 item 6, docs/decisions/0005 addendum):
// - Strict-Transport-Security only on a request that arrived over HTTPS — directly or through a
//   trusted proxy (req.secure) — in a production start: a header on plain HTTP means nothing to a
//   browser, and development and tests never ask for it.
// - Permissions-Policy allowing only what the site uses: geolocation for the member search's
//   distance filter (a Remix app reaches /members by client navigation from any page, and a
//   document keeps the policy it was loaded with, so every member page allows it to itself), video
//   autoplay on landers, the clipboard for the console's link builder; every other powerful feature
//   is off, and the operator console has no geolocation.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { isLandingPath } from '../landers/resolve';
import { requestLocals } from './locals';

export const HSTS = 'max-age=31536000; includeSubDomains';

const DENIED = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

const CONSOLE = /^\/operator(?:[/.]|$)/i;

/** The Permissions-Policy of a page at `path`. */
export function permissionsPolicy(path: string): string {
  const console = CONSOLE.test(path);
  const allowed = [`geolocation=${console ? '()' : '(self)'}`, 'autoplay=(self)', `clipboard-write=${console ? '(self)' : '()'}`];
  return [...allowed, ...DENIED.map((feature) => `${feature}=()`)].join(', ');
}

/**
 * helmet's headers with the Content-Security-Policy of docs/decisions/0005: scripts of this origin and
 * this request's nonce (http/request-identity.ts) only; styled-components' run-time <style> elements;
 * in development the Vite client's websocket. Landers may be framed by the site itself (the
 * marketer's gallery previews them, decision 0028); nothing else may be framed.
 */
export function contentSecurity(options: { development: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${requestLocals(res as Response).nonce ?? ''}'`, "'strict-dynamic'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: options.development ? ["'self'", 'ws:'] : ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [(req) => (isLandingPath((req as Request).path) ? "'self'" : "'none'")],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers then send a real Origin on same-site form posts (no-referrer makes it "null").
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only over HTTPS, in securityHeaders below.
    strictTransportSecurity: false,
  });
}

export function securityHeaders(options: { production: boolean }): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.set('Permissions-Policy', permissionsPolicy(req.path));
    if (options.production && req.secure) res.set('Strict-Transport-Security', HSTS);
    next();
  };
}
