// ETags of the refresh answers (GET /api/user.php, chats.php, likes.php; issue 46 item 2,
// docs/decisions/0067, docs/api.md "Refresh calls"): the app sends each answer's ETag back as
// If-None-Match, and an unchanged answer is a 304 decided without the database — no session
// lookup, no member row, no query of the answer — from the member's version (events/member-versions.ts).
//
// The tag is `"m<member id>.<mac>"`, the mac an HMAC (SESSION_SECRET) over the path, the tenant (its
// settings as loaded: a tenant file edit changes the tag), the member's version token, the session
// cookie, the language cookie, the UTC day (ages in the likes list) and the build (a deploy changes
// the answers' shape). So a tag matches only for the very session it was given to, while nothing it
// depends on has moved; a session that ends moves the version (logout, password change, deletion:
// announceSessionEnd), so its tag no longer matches and the request goes the whole way (403).
// The member id in clear only picks whose version to read: a forged id cannot make a matching mac.
import crypto from 'node:crypto';
import { SESSION_COOKIE } from '../accounts/sessions';
import { LOCALE_COOKIE, readCookie } from '../i18n/negotiate';
import type { MemberVersions } from '../events/member-versions';
import type { Tenant } from '../tenants/schema';

/** The registry paths (api-router.ts keys) whose GET answers carry an ETag. */
export const REFRESH_PATHS: ReadonlySet<string> = new Set(['/api/user.php', '/api/chats.php', '/api/likes.php']);

export interface RefreshTags {
  /** The tag to answer 304 with: If-None-Match names the current tag of this request. Null: answer in full. */
  notModified(input: TagInput, ifNoneMatch: string): Promise<string | null>;
  /** The tag of an answer about to be read (its version read first), or null when the versions cannot be reached. */
  tagFor(input: TagInput, userId: number): Promise<string | null>;
}

export interface TagInput {
  path: string;
  tenant: Tenant;
  cookieHeader: string | null | undefined;
  /** The server build's version (its asset manifest's): a deploy makes new tags. */
  build: string;
}

const tenantStamps = new WeakMap<Tenant, string>();

/** A digest of the tenant as loaded, the same on every instance with the same files. */
function tenantStamp(tenant: Tenant): string {
  let stamp = tenantStamps.get(tenant);
  if (!stamp) tenantStamps.set(tenant, (stamp = crypto.createHash('sha256').update(JSON.stringify(tenant)).digest('base64url').slice(0, 16)));
  return stamp;
}

const TAG = /^(?:W\/)?"m(\d{1,12})\.([\w-]{22})"$/;

export function createRefreshTags(options: { versions: MemberVersions; secret: string; clock?: () => number }): RefreshTags {
  const clock = options.clock ?? Date.now;
  const mac = (input: TagInput, userId: number, version: string, session: string) => {
    const day = new Date(clock()).toISOString().slice(0, 10);
    return crypto
      .createHmac('sha256', options.secret)
      .update([input.path, input.tenant.id, tenantStamp(input.tenant), userId, version, session, readCookie(input.cookieHeader, LOCALE_COOKIE) ?? '', day, input.build].join('\n'))
      .digest('base64url')
      .slice(0, 22);
  };
  const tag = (userId: number, digest: string) => `"m${userId}.${digest}"`;
  return {
    async notModified(input, ifNoneMatch) {
      const session = readCookie(input.cookieHeader, SESSION_COOKIE);
      if (!session || session.length > 100) return null;
      // One tag is what the app sends; a list is taken too, its first of ours counts.
      for (const candidate of ifNoneMatch.split(',').map((part) => part.trim())) {
        const match = TAG.exec(candidate);
        if (!match) continue;
        const userId = Number(match[1]);
        let version: string | null;
        try {
          version = await options.versions.peek(input.tenant.id, userId);
        } catch {
          return null;
        }
        if (!version) return null;
        const expected = mac(input, userId, version, session);
        return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(match[2]!)) ? tag(userId, expected) : null;
      }
      return null;
    },
    async tagFor(input, userId) {
      const session = readCookie(input.cookieHeader, SESSION_COOKIE);
      if (!session) return null;
      try {
        return tag(userId, mac(input, userId, await options.versions.current(input.tenant.id, userId), session));
      } catch {
        return null;
      }
    },
  };
}
