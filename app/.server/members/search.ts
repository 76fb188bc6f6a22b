// Member search (docs/product.md §2, §3 Search state, §6): filters by gender, country, region, age and the
// tenant's other search_fields (body type, hair and eye colour, relationship status, tattoos, with
// photo, interests) over the profiles a viewer may see, 24 a page, with similar profiles when few
// match. Visitors may search only when the tenant allows it (logged_out_search, or
// logged_out_search_trafficsource with a traffic source). Pages are read from the database; counts and deep page starts come from the
// in-memory search index (docs/decisions/0009, 0011).
import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { today } from '../clock';
import type { DB } from '../db/schema';
import { bornOnOrBefore, nicheRule, tenantAndNiche } from '../profiles/pool';
import { ageOn } from '../profiles/age';
import type { Tenant } from '../tenants/schema';
import type { LatLon } from '~/shared/geo';
import { distanceKm } from '../geo/viewer-location';
import { visibleTo, type Viewer } from './access';
import { BODY_TYPES, EYE_COLOURS, GENDERS, HAIR_COLOURS, INTERESTS, RELATIONSHIP_STATUSES, type Gender } from '~/shared/catalogue';
import { searchIndexOf, type IndexQuery, type SearchIndex, type Traits } from './search-index';
import { CACHED_PAGES, pageFromPrefix, prefixKey, prefixLength, SearchPageCache } from './search-page-cache';

export const PAGE_SIZE = 24;
import { DISTANCES_KM, VISITOR_MAX_PAGES } from '~/shared/search-limits';
export { DISTANCES_KM, VISITOR_MAX_PAGES };
export const MAX_PAGE = 1000;
/** Results never claim more than the last reachable page holds. */
export const COUNT_CAP = PAGE_SIZE * MAX_PAGE;
/** Without the search index (while it loads): counted exactly up to here (100 pages); beyond, the planner's estimate stands in. */
export const EXACT_COUNT_UP_TO = PAGE_SIZE * 100;

/** Postgres `integer`: ids above it would fail in the database (22003), so the schema stops them. */
export const MAX_ID = 2_147_483_647;
// C0 and C1 control characters and DEL (a NUL byte makes PostgreSQL fail with 22021).
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** A query parameter: an empty value is no filter; a control character (NUL …) is refused before anything else. */
function param<T extends z.ZodType>(inner: T) {
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .unknown()
      .refine((value) => typeof value !== 'string' || !CONTROL_CHARACTERS.test(value), 'must not contain control characters')
      .pipe(inner)
      .optional(),
  );
}

/** A whole number from a query string ("30") or from code (30); no signs, exponents or spaces. */
function integer(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,15}$/, 'must be a whole number').transform(Number)])
    .pipe(z.number().int().min(min).max(max));
}

/** "yes"/"no" (also true/false, 1/0, on): a yes/no filter. */
const yesNo = z
  .union([z.boolean(), z.enum(['yes', 'no', 'true', 'false', '1', '0', 'on'])])
  .transform((v) => v === true || v === 'yes' || v === 'true' || v === '1' || v === 'on');

/**
 * The search parameters (docs/product.md §3 Search state, plus the tenants' search_fields). It refuses what it
 * cannot use (GET /api/members.php answers 400 for that); an empty parameter is no filter. The search
 * page drops refused fields instead (lenientSearchFilters).
 */
export const SearchSchema = z.object({
  gender: param(z.enum(GENDERS)),
  country: param(z.string().regex(/^[A-Za-z]{2}$/, 'must be a country code like NL').transform((c) => c.toUpperCase())),
  /** An ISO 3166-2 code, as profiles store it (NL-NH). */
  countryregion: param(z.string().regex(/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/, 'must be a region code like NL-NH').transform((c) => c.toUpperCase())),
  min_age: param(integer(18, 99)),
  max_age: param(integer(18, 99)),
  page: param(integer(1, MAX_PAGE)).transform((page) => page ?? 1),
  /** Keyset: the last id of the previous page (the Next link), so stepping on costs one page at any depth. */
  after: param(integer(1, MAX_ID)),
  body_type: param(z.enum(BODY_TYPES)),
  hair_colour: param(z.enum(HAIR_COLOURS)),
  eye_colour: param(z.enum(EYE_COLOURS)),
  relationship_status: param(z.enum(RELATIONSHIP_STATUSES)),
  /** yes: with tattoos; no: without. */
  tattoos: param(yesNo),
  /** Only profiles with a main photo (false: no filter). */
  with_photo: param(yesNo),
  /** Within this many km of the viewer (needs the viewer's location; without it, no filter). */
  distance: param(integer(1, 1000)),
  /** Profiles with every one of these interests (comma-separated, at most five). */
  interests: param(
    z
      .union([z.array(z.string()), z.string().transform((list) => list.split(','))])
      .pipe(z.array(z.enum(INTERESTS)).min(1).max(5)),
  ),
});
export type SearchFilters = z.output<typeof SearchSchema>;
export const SEARCH_PARAMS = Object.keys(SearchSchema.shape) as (keyof SearchFilters)[];

/**
 * The search page's reading of a query: each parameter on its own, a refused one dropped (and
 * named), so a bad link still shows results.
 */
export function lenientSearchFilters(raw: unknown): { filters: SearchFilters; dropped: string[] } {
  const input = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const key of SEARCH_PARAMS) {
    if (!(key in input)) continue;
    if (SearchSchema.shape[key].safeParse(input[key]).success) kept[key] = input[key];
    else dropped.push(key);
  }
  return { filters: SearchSchema.parse(kept), dropped };
}

export interface MemberCard {
  id: number;
  name: string;
  age: number;
  gender: 'male' | 'female';
  country: string;
  region: string | null;
  city: string | null;
  main_image: { filename: string; thumb_filename: string } | null;
  fictional: boolean;
  /** km from the viewer, when both locations are known. */
  distance: number | null;
}

export type SearchResult =
  | {
      ok: true;
      filters: SearchFilters;
      pageNumber: number;
      results: MemberCard[];
      /** Matching profiles: exact up to EXACT_COUNT_UP_TO, else estimated; at most COUNT_CAP. */
      numResults: number;
      numResultsEstimated: boolean;
      similar: MemberCard[];
      /** For visitors, the last page they may open (VISITOR_MAX_PAGES); null for members. */
      visitorMaxPages: number | null;
      /** Whether the distance filter applied (it needs the viewer's location). */
      distanceApplied: boolean;
    }
  | { ok: false; error: 'login_required' | 'visitor_limit' };

export function visitorMaySearch(tenant: Tenant, hasTrafficSource: boolean): boolean {
  return tenant.settings.logged_out_search || (tenant.settings.logged_out_search_trafficsource && hasTrafficSource);
}

/** Result cards from rows of CARD_COLUMNS; `from`: the viewer's location, for distances. */
export function toCards(tenant: Tenant, day: string, rows: RowShape[], from: LatLon | null): MemberCard[] {
  const prefix = tenant.settings.cdn_prefix;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    age: ageOn(row.birth_date, day),
    gender: row.gender,
    country: row.country,
    region: row.region,
    city: row.city,
    main_image: row.filename && row.thumb_filename ? { filename: prefix + row.filename, thumb_filename: prefix + row.thumb_filename } : null,
    fictional: row.fictional,
    distance: from && row.latitude !== null && row.longitude !== null ? distanceKm(from, { lat: row.latitude, lon: row.longitude }) : null,
  }));
}

interface RowShape {
  id: number;
  name: string;
  birth_date: string;
  gender: 'male' | 'female';
  country: string;
  region: string | null;
  city: string | null;
  fictional: boolean;
  latitude: number | null;
  longitude: number | null;
  filename: string | null;
  thumb_filename: string | null;
}

/** What a result card needs, from profiles left-joined with their main photo. */
export const CARD_COLUMNS = [
  'profiles.id',
  'profiles.name',
  'profiles.birth_date',
  'profiles.gender',
  'profiles.country',
  'profiles.region',
  'profiles.city',
  'profiles.fictional',
  'profiles.latitude',
  'profiles.longitude',
  'photos.filename',
  'photos.thumb_filename',
] as const;

/** Profiles a member never finds: their own, and those on either side of a block with them. */
async function hiddenFrom(db: Kysely<DB>, viewer: Viewer): Promise<number[]> {
  const own = viewer.user?.profile_id;
  if (!own) return [];
  const blocks = await db
    .selectFrom('blocks')
    .select(['blocker_profile_id', 'blocked_profile_id'])
    .where((eb) => eb.or([eb('blocker_profile_id', '=', own), eb('blocked_profile_id', '=', own)]))
    .execute();
  return [own, ...blocks.map((b) => (b.blocker_profile_id === own ? b.blocked_profile_id : b.blocker_profile_id))];
}

interface Criteria {
  countries: readonly string[];
  genders: readonly ('male' | 'female')[];
  region?: string;
  /** Born on or before (min age). */
  bornBy?: string;
  /** Born after (max age). */
  bornAfter?: string;
  /** Profile traits (the tenants' extra search_fields). */
  traits?: Traits;
  /** Every one of these interests (not in the search index: the database answers, decision 0011). */
  interests?: readonly string[];
  /** Within `km` of `from` (coordinates are not in the search index either: the database answers). */
  within?: { from: LatLon; km: number };
  hidden: number[];
  /**
   * Unlisted profiles this viewer finds all the same: privacy-mode members who liked or wrote to
   * them (docs/product.md §6, decision 0030). Few per viewer; a search with any asks the database alone.
   */
  revealed?: readonly number[];
  /** Only ids below this one (keyset continuation). */
  below?: number;
  /** The viewer's location, for distances. */
  from: LatLon | null;
}

type ProfilesQuery = SelectQueryBuilder<DB, 'profiles', { id: number }>;

/**
 * Every search filter but country and gender (the callers add those); each is a column of the search
 * indexes. `revealed`: the viewer's revealed profiles instead of the listed ones.
 */
function whereMatching(query: ProfilesQuery, tenant: Tenant, day: string, criteria: Criteria, part: 'listed' | 'revealed' = 'listed'): ProfilesQuery {
  let q = (part === 'listed' ? query.where('profiles.listed', '=', true) : query.where('profiles.id', 'in', criteria.revealed?.length ? [...criteria.revealed] : [0])).where((eb) =>
    tenantAndNiche(eb, tenant, day),
  );
  if (criteria.region) q = q.where('profiles.region', '=', criteria.region);
  if (criteria.bornBy) q = q.where('profiles.birth_date', '<=', criteria.bornBy);
  if (criteria.bornAfter) q = q.where('profiles.birth_date', '>', criteria.bornAfter);
  const traits = criteria.traits ?? {};
  if (traits.body_type) q = q.where('profiles.body_type', '=', traits.body_type);
  if (traits.hair_colour) q = q.where('profiles.hair_colour', '=', traits.hair_colour);
  if (traits.eye_colour) q = q.where('profiles.eye_colour', '=', traits.eye_colour);
  if (traits.relationship_status) q = q.where('profiles.relationship_status', '=', traits.relationship_status);
  if (traits.tattoos !== undefined) q = q.where('profiles.tattoos', '=', traits.tattoos);
  if (traits.with_photo) q = q.where('profiles.main_photo_id', 'is not', null);
  if (criteria.interests?.length) q = q.where('profiles.interests', '@>', sql<string[]>`${[...criteria.interests]}::text[]`);
  if (criteria.within) q = whereWithin(q, criteria.within);
  if (criteria.hidden.length) q = q.where('profiles.id', 'not in', criteria.hidden);
  if (criteria.below) q = q.where('profiles.id', '<', criteria.below);
  return q;
}

/**
 * Profiles within `km` of a point: a latitude/longitude box first (cheap), then the great-circle
 * distance (haversine, as distanceKm computes it for the cards; STACK.md: no earthdistance).
 */
function whereWithin(q: ProfilesQuery, within: { from: LatLon; km: number }): ProfilesQuery {
  const { lat, lon } = within.from;
  const dLat = within.km / 111.2;
  const dLon = within.km / (111.2 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return q
    .where('profiles.latitude', '>=', lat - dLat)
    .where('profiles.latitude', '<=', lat + dLat)
    .where('profiles.longitude', '>=', lon - dLon)
    .where('profiles.longitude', '<=', lon + dLon)
    .where(
      sql<boolean>`2 * 6371 * asin(sqrt(power(sin(radians(profiles.latitude - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(profiles.latitude)) * power(sin(radians(profiles.longitude - ${lon}) / 2), 2))) <= ${within.km}`,
    );
}

/**
 * Matching ids, newest first: one query per country and gender, each walking its own slice of a
 * partial covering index in id order, merged in id order (Merge Append). Every filter is a column of
 * that index, so reaching page 1,000 reads only index entries, never the table
 * (docs/decisions/0009-search-at-scale.md).
 */
function matchingIds(db: Kysely<DB>, tenant: Tenant, day: string, criteria: Criteria, perPart: number) {
  const parts = criteria.countries.flatMap((country) =>
    criteria.genders.map((gender) => {
      const part = whereMatching(db.selectFrom('profiles').select('profiles.id'), tenant, day, criteria)
        .where('profiles.country', '=', country)
        .where('profiles.gender', '=', gender)
        .orderBy('profiles.id', 'desc')
        .limit(perPart);
      return db.selectFrom(part.as('part')).select('part.id');
    }),
  );
  if (criteria.revealed?.length && criteria.countries.length) {
    const revealed = whereMatching(db.selectFrom('profiles').select('profiles.id'), tenant, day, criteria, 'revealed')
      .where('profiles.country', 'in', criteria.countries)
      .where('profiles.gender', 'in', criteria.genders)
      .orderBy('profiles.id', 'desc')
      .limit(perPart);
    parts.push(db.selectFrom(revealed.as('part')).select('part.id'));
  }
  const [first, ...rest] = parts;
  return first ? rest.reduce((union, part) => union.unionAll(part), first) : null;
}

async function pageOfCards(db: Kysely<DB>, tenant: Tenant, day: string, criteria: Criteria, offset: number, limit: number): Promise<MemberCard[]> {
  return toCards(tenant, day, await pageOfRows(db, tenant, day, criteria, offset, limit), criteria.from);
}

async function pageOfRows(db: Kysely<DB>, tenant: Tenant, day: string, criteria: Criteria, offset: number, limit: number): Promise<RowShape[]> {
  const ids = matchingIds(db, tenant, day, criteria, offset + limit);
  if (!ids || limit <= 0) return [];
  return db
    .selectFrom(db.selectFrom(ids.as('matching')).select('matching.id').orderBy('matching.id', 'desc').limit(limit).offset(offset).as('page'))
    .innerJoin('profiles', 'profiles.id', 'page.id')
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .select(CARD_COLUMNS)
    .orderBy('profiles.id', 'desc')
    .execute();
}

// One short result-page cache per search index, so per database (docs/decisions/0057).
const pageCaches = new WeakMap<SearchIndex, SearchPageCache<RowShape>>();

/** How many pool prefixes the result-page cache of `db` keeps now. */
export function keptResultPages(db: Kysely<DB>): number {
  return pageCaches.get(searchIndexOf(db))?.size ?? 0;
}

/**
 * The viewer's page 1..CACHED_PAGES cut from the pool's kept prefix (search-page-cache.ts), or null
 * when this search is not one the cache serves or the prefix cannot give this viewer's page.
 */
async function cachedPage(db: Kysely<DB>, index: SearchIndex, tenant: Tenant, day: string, criteria: Criteria, filters: SearchFilters): Promise<MemberCard[] | null> {
  if (filters.after || filters.page > CACHED_PAGES || criteria.within || criteria.interests?.length || criteria.revealed?.length || criteria.below) return null;
  let cache = pageCaches.get(index);
  if (!cache) pageCaches.set(index, (cache = new SearchPageCache<RowShape>()));
  const asked = prefixLength(filters.page, PAGE_SIZE);
  const key = prefixKey({
    tenantId: tenant.id,
    niche: tenant.settings.niche,
    day,
    generation: index.generation,
    countries: criteria.countries,
    genders: criteria.genders,
    region: criteria.region,
    bornBy: criteria.bornBy,
    bornAfter: criteria.bornAfter,
    traits: criteria.traits,
    page: filters.page,
  });
  // Read with nobody hidden: the viewer's own hidden profiles are taken out below.
  const rows = await cache.rows(key, () => pageOfRows(db, tenant, day, { ...criteria, hidden: [], revealed: [] }, 0, asked));
  const page = pageFromPrefix(rows, asked, criteria.hidden, (filters.page - 1) * PAGE_SIZE, PAGE_SIZE);
  return page && toCards(tenant, day, page, criteria.from);
}

/**
 * How many profiles match: exact up to EXACT_COUNT_UP_TO (a short index walk), beyond that the
 * planner's estimate (no walk at all), never below what was counted and at most COUNT_CAP.
 */
async function countMatching(db: Kysely<DB>, tenant: Tenant, day: string, criteria: Criteria): Promise<{ count: number; estimated: boolean }> {
  if (!criteria.countries.length) return { count: 0, estimated: false };
  const matching = whereMatching(db.selectFrom('profiles').select('profiles.id'), tenant, day, criteria)
    .where('profiles.country', 'in', criteria.countries)
    .where('profiles.gender', 'in', criteria.genders);
  const counted = await db
    .selectFrom(matching.limit(EXACT_COUNT_UP_TO + 1).as('capped'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const exact = Number(counted.n);
  if (exact <= EXACT_COUNT_UP_TO) return { count: exact, estimated: false };
  const compiled = matching.compile();
  const plan = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const estimate = plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
  return { count: Math.min(COUNT_CAP, Math.max(exact, Math.round(estimate))), estimated: true };
}

/** How many of the viewer's revealed profiles match (a handful at most: counted exactly). */
async function countRevealed(db: Kysely<DB>, tenant: Tenant, day: string, criteria: Criteria): Promise<number> {
  if (!criteria.revealed?.length || !criteria.countries.length) return 0;
  const matching = whereMatching(db.selectFrom('profiles').select('profiles.id'), tenant, day, criteria, 'revealed')
    .where('profiles.country', 'in', criteria.countries)
    .where('profiles.gender', 'in', criteria.genders);
  const row = await db
    .selectFrom(matching.as('revealed'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The privacy-mode members who reached out to this member (a like, or a message): docs/product.md §6 shows them
 * to exactly those people, in search too. Invisible members never appear in search.
 */
async function revealedTo(db: Kysely<DB>, tenant: Tenant, viewer: Viewer): Promise<number[]> {
  if (!viewer.user?.profile_id) return [];
  const rows = await db
    .selectFrom('profiles')
    .innerJoin('users as hidden_owner', 'hidden_owner.id', 'profiles.user_id')
    .select('profiles.id')
    .where('profiles.listed', '=', false)
    .where('profiles.status', '=', 'active')
    .where('hidden_owner.privacy_mode', '=', true)
    .where('hidden_owner.invisible', '=', false)
    .where('hidden_owner.status', '=', 'confirmed')
    .where((eb) => visibleTo(eb, tenant, viewer))
    .execute();
  return rows.map((row) => row.id);
}

function indexQuery(tenant: Tenant, day: string, criteria: Criteria): IndexQuery {
  return {
    countries: criteria.countries,
    genders: criteria.genders,
    tenantId: tenant.id,
    niche: nicheRule(tenant.settings.niche),
    region: criteria.region,
    bornBy: criteria.bornBy,
    bornAfter: criteria.bornAfter,
    traits: criteria.traits,
    hidden: criteria.hidden,
    today: day,
  };
}

/**
 * The page's cards and how many match. With the search index (docs/decisions/0011), counts are
 * exact, and at depth one walk of the index names the last id of the page before, so the database
 * reads one page below it with every filter: the index decides where a page starts, never who is on
 * it. Without it (while it loads, or in a transaction, whose Kysely instance has none), the database
 * alone answers (0009).
 */
async function pageAndCount(
  db: Kysely<DB>,
  tenant: Tenant,
  day: string,
  criteria: Criteria,
  filters: SearchFilters,
): Promise<{ results: MemberCard[]; numResults: number; estimated: boolean }> {
  // Interests are not in the index (a set of tags per profile): such a search asks the database alone.
  // Nor are a viewer's revealed privacy-mode members (decision 0030): the database answers for them.
  const catchingUp = db.isTransaction || criteria.interests?.length || criteria.revealed?.length || criteria.within ? Promise.resolve(null) : searchIndexOf(db).current();
  const offset = (filters.page - 1) * PAGE_SIZE;
  // Pages 1..CACHED_PAGES: cut from the pool's prefix kept a few seconds; counts from the index.
  const index = await catchingUp;
  if (index) {
    const page = await cachedPage(db, index, tenant, day, criteria, filters);
    if (page) return { results: page, numResults: index.count(indexQuery(tenant, day, criteria), COUNT_CAP), estimated: false };
  }
  if (!filters.after && offset > 0) {
    const index = await catchingUp;
    if (index) {
      const { id: before, count } = index.locate(indexQuery(tenant, day, criteria), offset - 1, COUNT_CAP);
      const results = before === null ? [] : await pageOfCards(db, tenant, day, { ...criteria, below: before }, 0, PAGE_SIZE);
      return { results, numResults: count, estimated: false };
    }
  }
  // Page 1 and the Next link need no position: the page is read while the index catches up and counts.
  const counting = catchingUp.then((index) =>
    index
      ? { count: index.count(indexQuery(tenant, day, criteria), COUNT_CAP), estimated: false }
      : Promise.all([countMatching(db, tenant, day, criteria), countRevealed(db, tenant, day, criteria)]).then(([listed, revealed]) => ({
          count: Math.min(COUNT_CAP, listed.count + revealed),
          estimated: listed.estimated,
        })),
  );
  const [results, counted] = await Promise.all([
    filters.after
      ? pageOfCards(db, tenant, day, { ...criteria, below: filters.after }, 0, PAGE_SIZE)
      : pageOfCards(db, tenant, day, criteria, offset, PAGE_SIZE),
    counting,
  ]);
  return { results, numResults: counted.count, estimated: counted.estimated };
}

export interface SearchOptions {
  /**
   * The visitor's page limit (VISITOR_MAX_PAGES) is for requests; the benchmarks and the depth tests
   * read a visitor's view of the pool at any depth.
   */
  pageLimit?: 'visitor' | 'none';
}

export async function searchMembers(
  db: Kysely<DB>,
  tenant: Tenant,
  viewer: Viewer & { hasTrafficSource: boolean; location?: LatLon | null; startGender?: Gender | null },
  raw: unknown,
  options: SearchOptions = {},
): Promise<SearchResult> {
  if (!viewer.user && !visitorMaySearch(tenant, viewer.hasTrafficSource)) return { ok: false, error: 'login_required' };
  // Refused values are dropped here; GET /api/members.php refuses them first (SearchSchema).
  const { filters } = lenientSearchFilters(raw);
  const visitorLimited = !viewer.user && options.pageLimit !== 'none';
  if (visitorLimited && filters.page > VISITOR_MAX_PAGES) return { ok: false, error: 'visitor_limit' };
  // A visitor's `after` could step past the limit (issue 34 item 6): for them the page number alone
  // places the page (pages 1 to VISITOR_MAX_PAGES are cheap at any pool size).
  if (visitorLimited) filters.after = undefined;
  if (filters.gender === undefined && viewer.startGender) filters.gender = viewer.startGender;
  const day = today();
  const countries = filters.country ? tenant.settings.countries.filter((c) => c === filters.country) : tenant.settings.countries;
  const genders = filters.gender ? [filters.gender] : GENDERS;
  const [hidden, revealed] = await Promise.all([hiddenFrom(db, viewer), revealedTo(db, tenant, viewer)]);
  const criteria: Criteria = {
    countries,
    genders,
    region: filters.countryregion,
    // Age a..b: born after (today − (b+1) years) and on or before (today − a years).
    bornBy: filters.min_age ? bornOnOrBefore(day, filters.min_age) : undefined,
    bornAfter: filters.max_age ? bornOnOrBefore(day, filters.max_age + 1) : undefined,
    traits: {
      body_type: filters.body_type,
      hair_colour: filters.hair_colour,
      eye_colour: filters.eye_colour,
      relationship_status: filters.relationship_status,
      tattoos: filters.tattoos,
      with_photo: filters.with_photo || undefined,
    },
    interests: filters.interests,
    within: filters.distance && viewer.location && tenant.settings.search_fields.includes('distance') ? { from: viewer.location, km: filters.distance } : undefined,
    hidden,
    revealed,
    from: viewer.location ?? null,
  };
  const { results, numResults, estimated } = await pageAndCount(db, tenant, day, criteria, filters);

  // Few matches: suggest similar profiles — same gender and country, any region and age.
  let similar: MemberCard[] = [];
  if (numResults < PAGE_SIZE && filters.page === 1) {
    const shown = results.map((r) => r.id);
    similar = await pageOfCards(db, tenant, day, { countries, genders, hidden: [...hidden, ...shown], revealed, from: criteria.from }, 0, PAGE_SIZE - results.length);
  }
  return {
    ok: true,
    filters,
    pageNumber: filters.page,
    results,
    numResults,
    numResultsEstimated: estimated,
    similar,
    visitorMaxPages: viewer.user ? null : VISITOR_MAX_PAGES,
    distanceApplied: criteria.within !== undefined,
  };
}
