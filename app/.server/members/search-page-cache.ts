// The search's short result-page cache (issue 32 item 3, docs/decisions/0057). Every member and
// visitor asking for the same first pages of the same filters read the same rows of the listed pool
// from the database; those rows are kept a few seconds per tenant (and its niche), day, filters and page, and each
// viewer's page is cut from them.
//
// What is kept is viewer-independent: the first `page × PAGE_SIZE + MARGIN` listed profiles of the
// tenant's pool that match the filters, newest first, with no viewer's hidden profiles left out —
// the card columns only (name, birth date, gender, country, region, city, photo files, fictional,
// coordinates). Per viewer, on every request: their hidden profiles (their own, and blocks either
// way) are taken out of that prefix before the page is cut (exact: the prefix is the pool's order
// from the top), and distances are worked out from their own location. A viewer whose page cannot be
// cut from the prefix (more of their hidden profiles in it than the margin) is read from the
// database as before. Searches not kept: a viewer with revealed privacy-mode profiles (decision
// 0030), the distance filter (the viewer's position), interests (not in the search index), `after`
// (keyset) and pages past CACHED_PAGES (the index places them).
//
// Out of date for at most TTL_MS: a change to any search column of any profile moves the search
// index's generation, which is part of the key (the index reads the change feed before every search),
// so such a change shows at the next search; a change to a card column alone (a name, the city, a
// photo file) shows within TTL_MS.

/** How long a prefix is kept. */
export const TTL_MS = 3_000;
/** Pages 1 to CACHED_PAGES are cut from a kept prefix. */
export const CACHED_PAGES = 5;
/** Profiles read beyond the page, so that a viewer's few hidden ones do not send them to the database. */
export const MARGIN = 8;
/** Prefixes kept at most (the oldest go first). */
export const MAX_ENTRIES = 2_000;

/** What makes two viewers' searches read the same rows (all but the viewer's own parts). */
export interface PrefixKey {
  tenantId: string;
  /** The tenant's niche (its part of the shared pool, with its id and countries). */
  niche: number;
  /** The day the ages are counted on. */
  day: string;
  /** The search index's generation when the search started. */
  generation: number;
  countries: readonly string[];
  genders: readonly string[];
  region?: string;
  bornBy?: string;
  bornAfter?: string;
  /** The profile traits asked for (body type, hair colour …), undefined ones not asked. */
  traits?: object;
  page: number;
}

/** The key as text: every field named, undefined ones left out, traits in a fixed order. */
export function prefixKey(key: PrefixKey): string {
  const traits = key.traits ? Object.fromEntries(Object.entries(key.traits).filter(([, value]) => value !== undefined).sort(([a], [b]) => a.localeCompare(b))) : {};
  return JSON.stringify([key.tenantId, key.niche, key.day, key.generation, key.countries, key.genders, key.region ?? null, key.bornBy ?? null, key.bornAfter ?? null, traits, key.page]);
}

/** How many rows a page's prefix holds. */
export function prefixLength(page: number, pageSize: number): number {
  return page * pageSize + MARGIN;
}

/**
 * A viewer's page from a prefix of the pool (`rows`, newest first, `asked` rows asked for): the
 * viewer's `hidden` ids taken out, then `limit` from `offset`. Null when the prefix is too short to
 * say (it was full, and the hidden ones in it pushed the page past its end).
 */
export function pageFromPrefix<T extends { id: number }>(rows: readonly T[], asked: number, hidden: readonly number[], offset: number, limit: number): T[] | null {
  const hide = new Set(hidden);
  const visible = hide.size ? rows.filter((row) => !hide.has(row.id)) : rows;
  const complete = rows.length < asked; // the whole pool is in the prefix
  if (!complete && visible.length < offset + limit) return null;
  return visible.slice(offset, offset + limit);
}

/** Prefixes by key, each for TTL_MS; one database read for concurrent misses of one key. */
export class SearchPageCache<T> {
  private readonly entries = new Map<string, { at: number; rows: Promise<readonly T[]> }>();

  constructor(private readonly clock: () => number = Date.now, private readonly ttlMs = TTL_MS, private readonly maxEntries = MAX_ENTRIES) {}

  /** The kept rows of `key`, or those `read` returns (then kept). A failed read is not kept. */
  rows(key: string, read: () => Promise<readonly T[]>): Promise<readonly T[]> {
    const now = this.clock();
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.ttlMs) return kept.rows;
    if (kept) this.entries.delete(key);
    const rows = read();
    this.entries.set(key, { at: now, rows });
    rows.catch(() => {
      if (this.entries.get(key)?.rows === rows) this.entries.delete(key);
    });
    this.evict(now);
    return rows;
  }

  /** Prefixes kept now. */
  get size(): number {
    return this.entries.size;
  }

  private evict(now: number): void {
    if (this.entries.size <= this.maxEntries) return;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && now - entry.at < this.ttlMs) break;
      this.entries.delete(key);
    }
  }
}
