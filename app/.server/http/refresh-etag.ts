// ETags of the refresh answers (docs/api.md "Refreshes and ETags", docs/decisions/0067): GET
// /api/user.php, /api/chats.php and /api/likes.php of a member carry one, made from the member's
// refresh version (events/refresh-versions.ts), the request (path and query, the language cookie,
// which decide the answer's texts), the server build, and a window of REFRESH_VERSION.windowMs —
// placed per member, so that the members of a site do not all renew at the same moment. The app
// sends it back as If-None-Match (app/state/api-client.ts) and is answered 304 while nothing changed.
import crypto from 'node:crypto';
import { REFRESH_VERSION } from '../events/refresh-versions';
import { LOCALE_COOKIE, readCookie } from '../i18n/negotiate';

/** The refresh endpoints (docs/product.md §7: every 60 s, 5 minutes with push). */
export const REFRESH_PATHS: ReadonlySet<string> = new Set(['/api/user.php', '/api/chats.php', '/api/likes.php']);

export interface EtagInput {
  path: string;
  search: string;
  version: string;
  userId: number;
  cookieHeader: string | null | undefined;
  build: string;
  now: number;
}

export function refreshEtag(input: EtagInput): string {
  const windowMs = REFRESH_VERSION.windowMs;
  // Knuth's multiplicative hash spreads consecutive ids over the window.
  const offset = (input.userId * 2_654_435_761) % windowMs;
  const window = Math.floor((input.now + offset) / windowMs);
  const hash = crypto
    .createHash('sha256')
    .update(`${input.path}\n${input.search}\n${input.version}\n${window}\n${readCookie(input.cookieHeader, LOCALE_COOKIE) ?? ''}\n${input.build}`)
    .digest('base64url')
    .slice(0, 22);
  return `"${hash}"`;
}

/** Whether an If-None-Match header names the ETag (weak or strong, one of a list, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === etag || value === '*';
  });
}
