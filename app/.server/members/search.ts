// Member search (SPEC §2, §3 Search state, §6): filters by gender, country, region and age over the
// profiles a viewer may see, 24 a page, with similar profiles when few match. Visitors may search
// only when the tenant allows it (logged_out_search, or logged_out_search_trafficsource with a
// traffic source).
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { today } from '../clock';
import type { DB } from '../db/schema';
import { bornOnOrBefore } from '../profiles/pool';
import { ageOn } from '../profiles/age';
import type { Tenant } from '../tenants/schema';
import { visibleTo, type Viewer } from './access';

export const PAGE_SIZE = 24;
export const MAX_PAGE = 1000;
/** Counting stops here: an exact count of a huge pool costs more than the page itself. */
export const COUNT_CAP = PAGE_SIZE * MAX_PAGE;

export const SearchSchema = z.object({
  gender: z.enum(['male', 'female']).optional().catch(undefined),
  country: z.string().regex(/^[A-Za-z]{2}$/).transform((c) => c.toUpperCase()).optional().catch(undefined),
  countryregion: z.string().max(20).optional().catch(undefined),
  min_age: z.coerce.number().int().min(18).max(99).optional().catch(undefined),
  max_age: z.coerce.number().int().min(18).max(99).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).catch(1),
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
}

export type SearchResult =
  | {
      ok: true;
      filters: SearchFilters;
      pageNumber: number;
      results: MemberCard[];
      /** Matching profiles, counted up to COUNT_CAP (the last reachable page). */
      numResults: number;
      similar: MemberCard[];
    }
  | { ok: false; error: 'login_required' };

export function visitorMaySearch(tenant: Tenant, hasTrafficSource: boolean): boolean {
  return tenant.settings.logged_out_search || (tenant.settings.logged_out_search_trafficsource && hasTrafficSource);
}

function baseQuery(db: Kysely<DB>, tenant: Tenant, viewer: Viewer) {
  return db
    .selectFrom('profiles')
    .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .where((eb) => visibleTo(eb, tenant, viewer));
}

function toCards(tenant: Tenant, day: string, rows: RowShape[]): MemberCard[] {
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
  filename: string | null;
  thumb_filename: string | null;
}

const COLUMNS = [
  'profiles.id',
  'profiles.name',
  'profiles.birth_date',
  'profiles.gender',
  'profiles.country',
  'profiles.region',
  'profiles.city',
  'profiles.fictional',
  'photos.filename',
  'photos.thumb_filename',
] as const;

export async function searchMembers(
  db: Kysely<DB>,
  tenant: Tenant,
  viewer: Viewer & { hasTrafficSource: boolean },
  raw: unknown,
): Promise<SearchResult> {
  if (!viewer.user && !visitorMaySearch(tenant, viewer.hasTrafficSource)) return { ok: false, error: 'login_required' };
  const filters = SearchSchema.parse(raw ?? {});
  const day = today();
  let query = baseQuery(db, tenant, viewer);
  if (filters.gender) query = query.where('profiles.gender', '=', filters.gender);
  if (filters.country) query = query.where('profiles.country', '=', filters.country);
  if (filters.countryregion) query = query.where('profiles.region', '=', filters.countryregion);
  // Age a..b: born after (today − (b+1) years) and on or before (today − a years).
  if (filters.min_age) query = query.where('profiles.birth_date', '<=', bornOnOrBefore(day, filters.min_age));
  if (filters.max_age) query = query.where('profiles.birth_date', '>', bornOnOrBefore(day, filters.max_age + 1));

  const [rows, count] = await Promise.all([
    query
      .select(COLUMNS)
      .orderBy('profiles.id', 'desc')
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE)
      .execute(),
    db
      .selectFrom(query.select('profiles.id').limit(COUNT_CAP).as('capped'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const numResults = Number(count.n);

  // Few matches: suggest similar profiles — same gender and country, any region and age.
  let similar: MemberCard[] = [];
  if (numResults < PAGE_SIZE && filters.page === 1) {
    const shown = rows.map((r) => r.id);
    let similarQuery = baseQuery(db, tenant, viewer);
    if (filters.gender) similarQuery = similarQuery.where('profiles.gender', '=', filters.gender);
    if (filters.country) similarQuery = similarQuery.where('profiles.country', '=', filters.country);
    if (shown.length) similarQuery = similarQuery.where('profiles.id', 'not in', shown);
    similar = toCards(tenant, day, await similarQuery.select(COLUMNS).orderBy('profiles.id', 'desc').limit(PAGE_SIZE - rows.length).execute());
  }
  return { ok: true, filters, pageNumber: filters.page, results: toCards(tenant, day, rows), numResults, similar };
}
