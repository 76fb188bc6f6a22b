// The search store (docs/product.md §3 Search state): the filters, the result pages seen so far, numResults,
// the similar results and cached other profiles — cards a profile page offers as "more profiles"
// without another request. New filters start over; pages of the same filters are kept, and the
// /members page shows a kept page again without asking the server (back from a profile).
import type { ProfileCardData } from '~/components/members/profile-grid';

export type SearchCard = ProfileCardData;

/** Every search parameter of /members but the page (the tenants' search_fields as query names). */
export const FILTER_KEYS = [
  'gender',
  'country',
  'countryregion',
  'min_age',
  'max_age',
  'body_type',
  'hair_colour',
  'eye_colour',
  'relationship_status',
  'tattoos',
  'with_photo',
  'interests',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export type SearchFiltersState = Record<FilterKey, string>;

/** Kept result pages are shown again for this long; after that the server is asked again. */
export const SEARCH_CACHE_MS = 10 * 60_000;

export interface SearchState extends SearchFiltersState {
  pages: Record<number, SearchCard[]>;
  numResults: number;
  similar: SearchCard[];
  /** Profiles fetched for a profile page when no search was made yet. */
  cachedOtherProfiles: SearchCard[];
  /** Each result page as the /members page showed it (its loader data), by page number. */
  views: Record<number, unknown>;
  /** When the first kept page was recorded (ms since 1970). */
  savedAt: number;
}

function noFilters(): SearchFiltersState {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])) as SearchFiltersState;
}

export function initialSearchState(): SearchState {
  return { ...noFilters(), pages: {}, numResults: 0, similar: [], cachedOtherProfiles: [], views: {}, savedAt: 0 };
}

export function filtersFrom(params: URLSearchParams): SearchFiltersState {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as SearchFiltersState;
}

/** The page a /members query asks for, or null when it is not a plain page number. */
export function pageFrom(params: URLSearchParams): number | null {
  const raw = params.get('page') ?? '';
  if (raw === '') return 1;
  return /^\d{1,4}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
}

/** Records one page of results (and, for the /members page, what it showed). */
export function recordSearchPage(
  state: SearchState,
  filters: SearchFiltersState,
  page: { pageNumber: number; results: SearchCard[]; numResults: number; similar: SearchCard[] },
  view?: unknown,
  now = Date.now(),
): void {
  if (FILTER_KEYS.some((key) => state[key] !== filters[key]) || now - state.savedAt > SEARCH_CACHE_MS) {
    Object.assign(state, filters);
    state.pages = {};
    state.views = {};
    state.savedAt = now;
  }
  state.pages[page.pageNumber] = page.results;
  if (view !== undefined) state.views[page.pageNumber] = view;
  state.numResults = page.numResults;
  state.similar = page.similar;
}

/** What /members showed for these parameters, while it is kept; null: ask the server. */
export function keptSearchView(state: SearchState, params: URLSearchParams, now = Date.now()): unknown {
  const page = pageFrom(params);
  const filters = filtersFrom(params);
  if (page === null || now - state.savedAt > SEARCH_CACHE_MS) return null;
  if (FILTER_KEYS.some((key) => state[key] !== filters[key])) return null;
  return state.views[page] ?? null;
}

/** Forgets the kept pages (the viewer's location or account changed: results would differ). */
export function forgetSearchPages(state: SearchState): void {
  state.views = {};
  state.savedAt = 0;
}

/**
 * Up to `count` other profiles to offer beside profile `currentId`: those after it in the results
 * seen (then the ones before it, then similar ones), else the cached other profiles.
 */
export function otherProfiles(state: SearchState, currentId: number, count: number): SearchCard[] {
  const seen = Object.keys(state.pages)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((page) => state.pages[page] ?? []);
  const at = seen.findIndex((card) => card.id === currentId);
  const ordered = at >= 0 ? [...seen.slice(at + 1), ...seen.slice(0, at)] : seen;
  const pool = [...ordered, ...state.similar, ...state.cachedOtherProfiles];
  const unique = new Map<number, SearchCard>();
  for (const card of pool) if (card.id !== currentId && !unique.has(card.id)) unique.set(card.id, card);
  return [...unique.values()].slice(0, count);
}
