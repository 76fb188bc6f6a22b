// Member search (SPEC §2, §3 Search state, §6): filters by gender, country, region and age over the
// profiles a viewer may see, 24 a page, with similar profiles when few match. Visitors may search
// only when the tenant allows it (logged_out_search, or logged_out_search_trafficsource with a
// traffic source). Pages are read from the database; counts and deep page starts come from the
// in-memory search index (docs/decisions/0009, 0011).
import { CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { today } from '../clock';
import type { DB } from '../db/schema';
import { bornOnOrBefore, nicheRule, tenantAndNiche } from '../profiles/pool';
import { ageOn } from '../profiles/age';
import type { Tenant } from '../tenants/schema';
import type { LatLon } from '~/shared/geo';
import { distanceKm } from '../geo/viewer-location';
import type { Viewer } from './access';
import { searchIndexOf, type IndexQuery } from './search-index';

export const PAGE_SIZE = 24;
export const MAX_PAGE = 1000;
/** Results never claim more than the last reachable page holds. */
export const COUNT_CAP = PAGE_SIZE * MAX_PAGE;
/** Without the search index (while it loads): counted exactly up to here (100 pages); beyond, the planner's estimate stands in. */
export const EXACT_COUNT_UP_TO = PAGE_SIZE * 100;
const GENDERS = ['female', 'male'] as const;

export const SearchSchema = z.object({
  gender: z.enum(['male', 'female']).optional().catch(undefined),
  country: z.string().regex(/^[A-Za-z]{2}$/).transform((c) => c.toUpperCase()).optional().catch(undefined),
  countryregion: z.string().max(20).optional().catch(undefined),
  min_age: z.coerce.number().int().min(18).max(99).optional().catch(undefined),
  max_age: z.coerce.number().int().min(18).max(99).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).catch(1),
  /** Keyset: the last id of the previous page (the Next link), so stepping on costs one page at any depth. */
  after: z.coerce.number().int().positive().optional().catch(undefined),
});
export type SearchFilters = z.output<typeof SearchSchema>;

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
    }
  | { ok: false; error: 'login_required' };

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
  hidden: number[];
  /** Only ids below this one (keyset continuation). */
  below?: number;
  /** The viewer's location, for distances. */
  from: LatLon | null;
}

type ProfilesQuery = SelectQueryBuilder<DB, 'profiles', { id: number }>;

/** Every search filter but country and gender (the callers add those); each is a column of the search indexes. */
function whereMatching(query: ProfilesQuery, tenant: Tenant, day: string, criteria: Criteria): ProfilesQuery {
  let q = query.where('profiles.listed', '=', true).where((eb) => tenantAndNiche(eb, tenant, day));
  if (criteria.region) q = q.where('profiles.region', '=', criteria.region);
  if (criteria.bornBy) q = q.where('profiles.birth_date', '<=', criteria.bornBy);
  if (criteria.bornAfter) q = q.where('profiles.birth_date', '>', criteria.bornAfter);
  if (criteria.hidden.length) q = q.where('profiles.id', 'not in', criteria.hidden);
  if (criteria.below) q = q.where('profiles.id', '<', criteria.below);
  return q;
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
  const [first, ...rest] = parts;
  return first ? rest.reduce((union, part) => union.unionAll(part), first) : null;
}

async function pageOfCards(db: Kysely<DB>, tenant: Tenant, day: string, criteria: Criteria, offset: number, limit: number): Promise<MemberCard[]> {
  const ids = matchingIds(db, tenant, day, criteria, offset + limit);
  if (!ids || limit <= 0) return [];
  const rows = await db
    .selectFrom(db.selectFrom(ids.as('matching')).select('matching.id').orderBy('matching.id', 'desc').limit(limit).offset(offset).as('page'))
    .innerJoin('profiles', 'profiles.id', 'page.id')
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .select(CARD_COLUMNS)
    .orderBy('profiles.id', 'desc')
    .execute();
  return toCards(tenant, day, rows, criteria.from);
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

function indexQuery(tenant: Tenant, day: string, criteria: Criteria): IndexQuery {
  return {
    countries: criteria.countries,
    genders: criteria.genders,
    tenantId: tenant.id,
    niche: nicheRule(tenant.settings.niche),
    region: criteria.region,
    bornBy: criteria.bornBy,
    bornAfter: criteria.bornAfter,
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
  const catchingUp = db.isTransaction ? Promise.resolve(null) : searchIndexOf(db).current();
  const offset = (filters.page - 1) * PAGE_SIZE;
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
    index ? { count: index.count(indexQuery(tenant, day, criteria), COUNT_CAP), estimated: false } : countMatching(db, tenant, day, criteria),
  );
  const [results, counted] = await Promise.all([
    filters.after
      ? pageOfCards(db, tenant, day, { ...criteria, below: filters.after }, 0, PAGE_SIZE)
      : pageOfCards(db, tenant, day, criteria, offset, PAGE_SIZE),
    counting,
  ]);
  return { results, numResults: counted.count, estimated: counted.estimated };
}

export async function searchMembers(
  db: Kysely<DB>,
  tenant: Tenant,
  viewer: Viewer & { hasTrafficSource: boolean; location?: LatLon | null },
  raw: unknown,
): Promise<SearchResult> {
  if (!viewer.user && !visitorMaySearch(tenant, viewer.hasTrafficSource)) return { ok: false, error: 'login_required' };
  const filters = SearchSchema.parse(raw ?? {});
  const day = today();
  const countries = filters.country ? tenant.settings.countries.filter((c) => c === filters.country) : tenant.settings.countries;
  const genders = filters.gender ? [filters.gender] : GENDERS;
  const hidden = await hiddenFrom(db, viewer);
  const criteria: Criteria = {
    countries,
    genders,
    region: filters.countryregion,
    // Age a..b: born after (today − (b+1) years) and on or before (today − a years).
    bornBy: filters.min_age ? bornOnOrBefore(day, filters.min_age) : undefined,
    bornAfter: filters.max_age ? bornOnOrBefore(day, filters.max_age + 1) : undefined,
    hidden,
    from: viewer.location ?? null,
  };
  const { results, numResults, estimated } = await pageAndCount(db, tenant, day, criteria, filters);

  // Few matches: suggest similar profiles — same gender and country, any region and age.
  let similar: MemberCard[] = [];
  if (numResults < PAGE_SIZE && filters.page === 1) {
    const shown = results.map((r) => r.id);
    similar = await pageOfCards(db, tenant, day, { countries, genders, hidden: [...hidden, ...shown], from: criteria.from }, 0, PAGE_SIZE - results.length);
  }
  return { ok: true, filters, pageNumber: filters.page, results, numResults, numResultsEstimated: estimated, similar };
}
