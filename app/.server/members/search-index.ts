// The in-memory search index (docs/decisions/0011-search-index.md): every listed profile's search
// columns, 16 bytes each, in one id-ordered slice per country and gender. It answers the two
// questions a database can only answer by walking: how many profiles match (exactly, up to the last
// reachable page) and which id ends the page before page N, at any depth. The page itself is still
// read from the database, with every filter, below that id, so the index decides positions and
// counts, never what a viewer may see.
//
// It follows the database through a change feed (migration 0006): each search first reads the
// profiles whose search_version is newer than the last one seen, and deleted profiles' tombstones.
// A full rebuild every ten minutes heals anything the feed could miss.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { bornOnOrBefore, type NicheRule } from '../profiles/pool';
import { EYE_COLOURS, HAIR_COLOURS, RELATIONSHIP_STATUSES } from '~/shared/catalogue';

type Gender = 'male' | 'female';

/** Profile traits a search may ask for (the tenants' search_fields); undefined: any. */
export interface Traits {
  body_type?: string;
  hair_colour?: string;
  eye_colour?: string;
  relationship_status?: string;
  tattoos?: boolean;
  /** Only profiles with a main photo. */
  with_photo?: boolean;
}

export interface IndexQuery {
  countries: readonly string[];
  genders: readonly Gender[];
  tenantId: string;
  niche: NicheRule;
  region?: string;
  /** Born on or before (YYYY-MM-DD). */
  bornBy?: string;
  /** Born after (YYYY-MM-DD). */
  bornAfter?: string;
  traits?: Traits;
  hidden: readonly number[];
  today: string;
}

interface IndexRow {
  id: number;
  listed: boolean;
  country: string | null;
  gender: Gender | null;
  birth_date: string | null;
  region: string | null;
  tenant_id: string | null;
  sexuality: string | null;
  body_type: string | null;
  hair_colour: string | null;
  eye_colour: string | null;
  relationship_status: string | null;
  tattoos: boolean | null;
  has_photo: boolean | null;
  search_version: number;
}

/** The columns an index row reads from profiles. */
const INDEX_COLUMNS = sql`id, listed, country, gender, birth_date, region, tenant_id, sexuality, body_type,
  hair_colour, eye_colour, relationship_status, tattoos, main_photo_id is not null as has_photo, search_version`;

const LOAD_BATCH = 20_000;
const FEED_BATCH = 5_000;
/** More changes than this at once: rebuild rather than apply them one by one. */
const REBUILD_ABOVE = 20_000;
const REBUILD_AFTER_MS = 10 * 60_000;
/** A transaction may commit a lower search_version after a higher one was read: read the last seconds again. */
const FEED_OVERLAP_MS = 5_000;
const TOMBSTONES_KEPT = '1 day';
const STRIDE = 5;

function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000);
}

const sliceKey = (country: string, gender: string) => `${country}|${gender}`;

/**
 * The fifth int32, from fixed catalogue positions (0: none, 15: a value outside the catalogue):
 * bits 0–3 hair colour, 4–7 eye colour, 8–11 relationship status, 12–13 tattoos (1 no, 2 yes),
 * 14 has a main photo. A trait filter is then one mask and one value.
 */
const TRAIT_FIELDS = [
  { key: 'hair_colour', values: HAIR_COLOURS as readonly string[], shift: 0 },
  { key: 'eye_colour', values: EYE_COLOURS as readonly string[], shift: 4 },
  { key: 'relationship_status', values: RELATIONSHIP_STATUSES as readonly string[], shift: 8 },
] as const;
const TATTOOS_SHIFT = 12;
const PHOTO_BIT = 1 << 14;

function catalogueCode(values: readonly string[], value: string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const at = values.indexOf(value);
  return at < 0 ? 15 : at + 1;
}

function traitsOf(row: IndexRow): number {
  let bits = 0;
  for (const field of TRAIT_FIELDS) bits |= catalogueCode(field.values, row[field.key]) << field.shift;
  if (row.tattoos !== null) bits |= (row.tattoos ? 2 : 1) << TATTOOS_SHIFT;
  if (row.has_photo) bits |= PHOTO_BIT;
  return bits;
}

/** The mask and value a trait filter compares with; null when a value can never match. */
function traitTest(traits: Traits | undefined): { mask: number; value: number } | null {
  let mask = 0;
  let value = 0;
  for (const field of TRAIT_FIELDS) {
    const wanted = traits?.[field.key];
    if (wanted === undefined) continue;
    const code = catalogueCode(field.values, wanted);
    if (code === 15) return null;
    mask |= 0xf << field.shift;
    value |= code << field.shift;
  }
  if (traits?.tattoos !== undefined) {
    mask |= 3 << TATTOOS_SHIFT;
    value |= (traits.tattoos ? 2 : 1) << TATTOOS_SHIFT;
  }
  if (traits?.with_photo) {
    mask |= PHOTO_BIT;
    value |= PHOTO_BIT;
  }
  return { mask, value };
}

/** Strings to small numbers; 0 stands for null. */
class Dictionary {
  private readonly codes = new Map<string, number>();
  code(value: string | null): number {
    if (value === null) return 0;
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size + 1;
      if (code > 0xffff) throw new Error('search index: more than 65,535 distinct values');
      this.codes.set(value, code);
    }
    return code;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
  /** The highest code given. */
  get top(): number {
    return this.codes.size;
  }
}

/**
 * The listed profiles of one country and gender, ascending by id, five int32 each:
 * id, birth day, region << 16 | tenant, sexuality << 16 | body type, traits (traitsOf).
 */
class Slice {
  data = new Int32Array(STRIDE * 256);
  length = 0;

  private find(id: number): { index: number; found: boolean } {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.data[mid * STRIDE]! < id) lo = mid + 1;
      else hi = mid;
    }
    return { index: lo, found: lo < this.length && this.data[lo * STRIDE] === id };
  }

  put(entry: readonly [number, number, number, number, number]): void {
    const { index, found } = this.find(entry[0]);
    if (!found) {
      if ((this.length + 1) * STRIDE > this.data.length) {
        const grown = new Int32Array(this.data.length * 2);
        grown.set(this.data.subarray(0, this.length * STRIDE));
        this.data = grown;
      }
      this.data.copyWithin((index + 1) * STRIDE, index * STRIDE, this.length * STRIDE);
      this.length++;
    }
    this.data.set(entry, index * STRIDE);
  }

  /** Drops the room left by growing (after the load). */
  trim(): void {
    this.data = this.data.slice(0, Math.max(STRIDE, this.length * STRIDE));
  }

  remove(id: number): void {
    const { index, found } = this.find(id);
    if (!found) return;
    this.data.copyWithin(index * STRIDE, (index + 1) * STRIDE, this.length * STRIDE);
    this.length--;
  }
}

/** One query's filters, resolved to codes and day numbers. */
interface Matcher {
  slices: Slice[];
  bornBy: number;
  bornAfter: number;
  region: number;
  tenant: number;
  sexualities: Uint8Array | null;
  bodies: Uint8Array | null;
  /** The body type asked for (0: any). */
  body: number;
  traitMask: number;
  traitValue: number;
  hidden: Set<number> | null;
}

class IndexData {
  readonly slices = new Map<string, Slice>();
  readonly regions = new Dictionary();
  readonly tenants = new Dictionary();
  readonly sexualities = new Dictionary();
  readonly bodies = new Dictionary();
  size = 0;
  /** The feed's rows applied lately (id → search_version), so a re-read skips them. */
  readonly applied = new Map<number, number>();

  /** A row from the feed: put where it belongs now (in place when it stays in its slice), gone elsewhere. False: applied before. */
  apply(row: IndexRow): boolean {
    const version = Number(row.search_version);
    if (this.applied.get(row.id) === version) return false;
    this.applied.set(row.id, version);
    const key = row.listed && row.country && row.gender && row.birth_date ? sliceKey(row.country, row.gender) : null;
    for (const [k, slice] of this.slices) {
      if (k === key) continue;
      const before = slice.length;
      slice.remove(row.id);
      this.size -= before - slice.length;
    }
    if (key) this.add(row);
    return true;
  }

  /** Puts a listed row into its slice (replacing its entry there, if any). */
  add(row: IndexRow): void {
    const key = sliceKey(row.country!, row.gender!);
    let slice = this.slices.get(key);
    if (!slice) this.slices.set(key, (slice = new Slice()));
    const before = slice.length;
    slice.put([
      row.id,
      dayNumber(row.birth_date!),
      (this.regions.code(row.region) << 16) | this.tenants.code(row.tenant_id),
      (this.sexualities.code(row.sexuality) << 16) | this.bodies.code(row.body_type),
      traitsOf(row),
    ]);
    this.size += slice.length - before;
  }

  private lookup(dictionary: Dictionary, values: readonly string[] | undefined): Uint8Array | null {
    if (!values) return null;
    // One flag per code (0 = null: never allowed); a code given later reads as undefined: not allowed.
    const allowed = new Uint8Array(dictionary.top + 1);
    for (const value of values) {
      const code = dictionary.find(value);
      if (code !== undefined) allowed[code] = 1;
    }
    return allowed;
  }

  matcher(q: IndexQuery): Matcher | null {
    const genders = q.niche.gender ? q.genders.filter((g) => g === q.niche.gender) : q.genders;
    const slices = q.countries.flatMap((c) => genders.map((g) => this.slices.get(sliceKey(c, g))).filter((s): s is Slice => !!s));
    const region = q.region === undefined ? 0 : this.regions.find(q.region);
    if (region === undefined) return null; // no listed profile has that region
    const body = q.traits?.body_type === undefined ? 0 : this.bodies.find(q.traits.body_type);
    if (body === undefined) return null; // no listed profile has that body type
    const traits = traitTest(q.traits);
    if (!traits) return null;
    const byDays = [q.bornBy, q.niche.minAge ? bornOnOrBefore(q.today, q.niche.minAge) : undefined].filter((d): d is string => !!d).map(dayNumber);
    return {
      slices,
      bornBy: byDays.length ? Math.min(...byDays) : Number.MAX_SAFE_INTEGER,
      bornAfter: q.bornAfter ? dayNumber(q.bornAfter) : Number.MIN_SAFE_INTEGER,
      region,
      tenant: this.tenants.find(q.tenantId) ?? -1,
      sexualities: this.lookup(this.sexualities, q.niche.sexualities),
      bodies: this.lookup(this.bodies, q.niche.bodyTypes),
      body,
      traitMask: traits.mask,
      traitValue: traits.value,
      hidden: q.hidden.length ? new Set(q.hidden) : null,
    };
  }
}

/** Whether the entry at `at` of `data` matches. */
function matches(m: Matcher, data: Int32Array, at: number): boolean {
  const birth = data[at + 1]!;
  if (birth > m.bornBy || birth <= m.bornAfter) return false;
  const place = data[at + 2]!;
  const tenant = place & 0xffff;
  if (tenant !== 0 && tenant !== m.tenant) return false;
  if (m.region !== 0 && place >>> 16 !== m.region) return false;
  const kind = data[at + 3]!;
  if (m.sexualities && !m.sexualities[kind >>> 16]) return false;
  if (m.bodies && !m.bodies[kind & 0xffff]) return false;
  if (m.body !== 0 && (kind & 0xffff) !== m.body) return false;
  if ((data[at + 4]! & m.traitMask) !== m.traitValue) return false;
  return !m.hidden?.has(data[at]!);
}

export class SearchIndex {
  private data: IndexData | null = null;
  private loading: Promise<void> | null = null;
  private catchingUp: Promise<void> | null = null;
  private builtAt = 0;
  /** The highest search_version seen by each feed read, to read again from FEED_OVERLAP_MS back. */
  private reads: { at: number; seen: number }[] = [];
  /** Off: searches ask the database alone (the bench compares both; an operator may save the memory). */
  enabled = true;
  /**
   * Counts the changes the index has taken in (a load, a feed row applied): what was read from the
   * database under an older generation may be out of date (the search's short page cache keys on
   * it, docs/decisions/0057).
   */
  generation = 0;

  constructor(private readonly db: Kysely<DB>) {}

  /** Resolves once the index holds every change committed before the call. */
  async ready(): Promise<void> {
    if (!this.data) await this.load();
    await this.catchUp();
  }

  /**
   * The index, current with the database, or null while its first load runs (the search then asks
   * the database alone). Starts that load, and a rebuild when the last one is old.
   */
  async current(): Promise<SearchIndex | null> {
    if (!this.enabled) return null;
    if (!this.data) {
      void this.load().catch(() => undefined);
      return null;
    }
    if (Date.now() - this.builtAt > REBUILD_AFTER_MS) void this.load().catch(() => undefined);
    try {
      await this.catchUp();
    } catch {
      // Not current: answer from the database alone, and load afresh on the next search.
      this.data = null;
      return null;
    }
    return this;
  }

  /** Listed profiles in the index. */
  get size(): number {
    return this.data?.size ?? 0;
  }

  /** Bytes its slices hold. */
  get bytes(): number {
    let bytes = 0;
    for (const slice of this.data?.slices.values() ?? []) bytes += slice.data.byteLength;
    return bytes;
  }

  /** How many profiles match, counting no further than `cap`. */
  count(q: IndexQuery, cap: number): number {
    const m = this.data?.matcher(q);
    if (!m) return 0;
    let n = 0;
    for (const slice of m.slices) {
      const { data } = slice;
      for (let at = (slice.length - 1) * STRIDE; at >= 0; at -= STRIDE) {
        if (matches(m, data, at) && ++n >= cap) return cap;
      }
    }
    return n;
  }

  /**
   * One walk for a page at depth: the id at `position` (0 = the newest) among the matching profiles,
   * newest first (null past the end), and how many match, counting no further than `cap`.
   */
  locate(q: IndexQuery, position: number, cap: number): { id: number | null; count: number } {
    const m = this.data?.matcher(q);
    if (!m) return { id: null, count: 0 };
    // Merge the slices from their newest ends: one cursor each, on its next matching entry.
    const datas = m.slices.map((slice) => slice.data);
    const ats = m.slices.map((slice) => slice.length * STRIDE);
    const step = (c: number) => {
      const data = datas[c]!;
      let at = ats[c]! - STRIDE;
      while (at >= 0 && !matches(m, data, at)) at -= STRIDE;
      ats[c] = at;
    };
    for (let c = 0; c < datas.length; c++) step(c);
    let id: number | null = null;
    let n = 0;
    for (; n < cap; n++) {
      let best = -1;
      let bestId = -1;
      for (let c = 0; c < datas.length; c++) {
        const at = ats[c]!;
        if (at >= 0 && datas[c]![at]! > bestId) {
          best = c;
          bestId = datas[c]![at]!;
        }
      }
      if (best < 0) break;
      if (n === position) id = bestId;
      step(best);
    }
    return { id, count: n };
  }

  /** Reads every listed profile into a fresh index and swaps it in; one load at a time. */
  private load(): Promise<void> {
    this.loading ??= this.build().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async build(): Promise<void> {
    const startedAt = Date.now();
    const { seen } = await sql<{ seen: number }>`
      select greatest(coalesce((select max(search_version) from profiles), 0),
                      coalesce((select max(search_version) from profiles_removed), 0))::int8 as seen`
      .execute(this.db)
      .then((r) => r.rows[0]!);
    await sql`delete from profiles_removed where removed_at < now() - ${TOMBSTONES_KEPT}::interval`.execute(this.db);
    const data = new IndexData();
    for (let after = 0; ; ) {
      const { rows } = await sql<IndexRow>`
        select ${INDEX_COLUMNS} from profiles where listed and id > ${after} order by id limit ${LOAD_BATCH}`.execute(this.db);
      for (const row of rows) data.add(row);
      if (rows.length < LOAD_BATCH) break;
      after = rows.at(-1)!.id;
    }
    for (const slice of data.slices.values()) slice.trim();
    // Changes made while loading are in the feed from `seen` on.
    this.data = data;
    this.generation++;
    this.builtAt = startedAt;
    this.reads = [{ at: startedAt, seen }];
  }

  /** Applies the feed since the last read; concurrent searches share one read. */
  private catchUp(): Promise<void> {
    this.catchingUp ??= this.readFeed().finally(() => {
      this.catchingUp = null;
    });
    return this.catchingUp;
  }

  private async readFeed(): Promise<void> {
    const data = this.data;
    if (!data) return;
    const now = Date.now();
    // Read again from the last read that is at least FEED_OVERLAP_MS old (or the load).
    const settled = this.reads.filter((r) => r.at <= now - FEED_OVERLAP_MS).at(-1) ?? this.reads[0]!;
    let since = settled.seen;
    let seen = this.reads.at(-1)!.seen;
    for (let applied = 0; ; ) {
      // Each side in search_version order with its own limit: an index scan however stale the statistics.
      const { rows } = await sql<IndexRow>`
        select * from (
          (select ${INDEX_COLUMNS}
           from profiles where search_version > ${since} order by search_version limit ${FEED_BATCH})
          union all
          (select profile_id, false, null, null, null, null, null, null, null, null, null, null, null::boolean, null::boolean, search_version
           from profiles_removed where search_version > ${since} order by search_version limit ${FEED_BATCH})
        ) feed order by search_version limit ${FEED_BATCH}`.execute(this.db);
      for (const row of rows) if (data.apply(row)) this.generation++;
      applied += rows.length;
      if (rows.length) {
        since = Number(rows.at(-1)!.search_version);
        seen = Math.max(seen, since);
      }
      if (rows.length < FEED_BATCH) break;
      if (applied > REBUILD_ABOVE) return this.load();
    }
    if (this.data !== data) return; // rebuilt meanwhile: the rebuild's own reads stand
    this.reads = [...this.reads.filter((r) => r.at > now - FEED_OVERLAP_MS || r === settled), { at: now, seen }];
    // No later read starts below the oldest read kept: what it applied needs no remembering.
    const floor = this.reads[0]!.seen;
    for (const [id, version] of data.applied) if (version <= floor) data.applied.delete(id);
  }
}

// On globalThis: server.ts (which warms the index) and the Remix build (whose routes search) each
// load their own copy of this module, and must share one index per database.
const registry = Symbol.for('rendezvous.searchIndexes');
const indexes: WeakMap<Kysely<DB>, SearchIndex> = ((globalThis as Record<symbol, unknown>)[registry] ??= new WeakMap()) as WeakMap<Kysely<DB>, SearchIndex>;

/** The search index of a database: one per Kysely instance, so per server and per test database. */
export function searchIndexOf(db: Kysely<DB>): SearchIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = new SearchIndex(db)));
  return index;
}
