// The render cache of anonymous pages (docs/decisions/0025): a GET of a cacheable page without a
// session is rendered once per key and then answered from memory. The HTML is rendered with a
// placeholder nonce; each answer puts its own CSP nonce in at send time, so no two responses share one.
//
// What changes a cached page's bytes, and so is in its key (pageCacheKey): the tenant (and the
// version of its file: a changed file is a new Tenant object), the host and scheme, the locale
// (cookie or Accept-Language), the visitor's country (cookie or detected), the path with its query,
// the year (footer) — a lander's without its tracking parameters (keyUrl) — and on a lander the variant a split chose for this visitor (docs/decisions/0027). Everything else a page shows to visitors is tenant data or the database's
// showcase, which the time to live (60 s) keeps fresh.
import crypto from 'node:crypto';
import type { Tenant } from '../tenants/schema';
import { TRACKING_KEYS } from '../tracking/traffic-source';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The HTML split at the placeholder nonce: the answer is parts joined by the response's nonce. */
  parts: Buffer[];
  bytes: number;
  storedAt: number;
  /** The route pattern of the page's log line and metrics (route-label.ts). */
  route: string;
}

export interface RenderCacheOptions {
  /** Time to live in ms (fresh showcase profiles on the home page). */
  ttlMs?: number;
  /** Bound on memory: the least recently used pages leave first. */
  maxBytes?: number;
  /** Which paths are cached; landers add their own. */
  isCacheablePath?: (path: string) => boolean;
  now?: () => number;
}

/**
 * Anonymous pages that look the same to every visitor with the same key (SPEC: index, static pages,
 * pricing, the landers and member landings — their variant is in the key, docs/decisions/0027).
 */
export const CACHEABLE_PAGE = /^\/(?:|pages\/[\w-]{1,60}|pricing|landers\/[a-z]{1,40}(?:\/[\w-]{1,60})?|members\/[1-9]\d{0,9}\/landing(?:[23](?:\/[\w-]{1,60})?)?)$/i;

const tenantVersions = new WeakMap<Tenant, number>();
let nextVersion = 1;

/** A number per loaded Tenant object: the registry builds new ones when a tenant file changes. */
function tenantVersion(tenant: Tenant): number {
  let version = tenantVersions.get(tenant);
  if (version === undefined) {
    version = nextVersion++;
    tenantVersions.set(tenant, version);
  }
  return version;
}

export interface PageKeyParts {
  tenant: Tenant;
  origin: string;
  locale: string;
  country: string | null;
  /** Path and query, as requested. */
  url: string;
  year: number;
  /** A lander's chosen variant (a split picks one per visitor) and landing profile; '' elsewhere. */
  landing?: string;
}

export function pageCacheKey(parts: PageKeyParts): string {
  return [parts.tenant.id, tenantVersion(parts.tenant), parts.origin.toLowerCase(), parts.locale, parts.country ?? '-', parts.year, parts.landing ?? '', keyUrl(parts.url)].join('\u0000');
}

/** Lander and member-landing paths: their pages never read the query but ?signup=1 (in the browser). */
const LANDING_PAGE = /^\/(?:landers\/|members\/\d+\/landing)/i;
/**
 * Parameters that only say where a visit came from: ours (network, ref, sub1–3), ad networks' click
 * ids and utm_*. The visit recorder has counted them before the cache (docs/decisions/0027); in a
 * lander's key they would only make one page per click (docs/decisions/0035).
 */
const TRACKING_PARAM = new RegExp(`^(?:${TRACKING_KEYS.join('|')}|utm_\\w+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|li_fat_id|yclid|epik|rdt_cid|irclickid|clickid|click_id)$`, 'i');

/** The path and query a page is kept under: a lander's without its tracking parameters. */
export function keyUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1 || !LANDING_PAGE.test(url)) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  for (const name of [...query.keys()]) if (TRACKING_PARAM.test(name)) query.delete(name);
  const rest = query.toString();
  return rest ? `${url.slice(0, at)}?${rest}` : url.slice(0, at);
}

export class RenderCache {
  /** Put in the place of the nonce while rendering a page to cache; random per process. */
  readonly placeholderNonce = crypto.randomBytes(18).toString('base64url');
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  readonly isCacheablePath: (path: string) => boolean;

  constructor(options: RenderCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
    this.isCacheablePath = options.isCacheablePath ?? ((path) => CACHEABLE_PAGE.test(path));
  }

  get size(): number {
    return this.pages.size;
  }

  get(key: string): CachedPage | null {
    const page = this.pages.get(key);
    if (!page) return null;
    if (this.now() - page.storedAt > this.ttlMs) {
      this.delete(key);
      return null;
    }
    // Map order is insertion order: re-inserting makes it the most recently used.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** Keeps a rendered page; `html` holds placeholderNonce wherever the nonce goes. */
  set(key: string, status: number, headers: [string, string][], html: Buffer, route = 'unmatched'): CachedPage {
    const parts = splitAt(html, Buffer.from(this.placeholderNonce));
    const page: CachedPage = { status, headers, parts, bytes: html.length, storedAt: this.now(), route };
    this.delete(key);
    this.pages.set(key, page);
    this.bytes += page.bytes;
    for (const [oldest] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
    return page;
  }

  /** Everything, at once (tests; a deploy starts with an empty cache anyway). */
  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.bytes -= page.bytes;
    this.pages.delete(key);
  }
}

/** The page's HTML with this response's nonce. */
export function pageBody(page: CachedPage, nonce: string): Buffer {
  if (page.parts.length === 1) return page.parts[0]!;
  const glue = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  page.parts.forEach((part, i) => {
    if (i > 0) pieces.push(glue);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

function splitAt(buffer: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = buffer.indexOf(separator); at !== -1; at = buffer.indexOf(separator, from)) {
    parts.push(buffer.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(buffer.subarray(from));
  return parts;
}
