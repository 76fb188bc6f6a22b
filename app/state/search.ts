// The search store (SPEC §3 Search state): the filters, the result pages seen so far, numResults,
// the similar results and cached other profiles — cards a profile page offers as "more profiles"
// without another request. New filters start over; pages of the same filters are kept.
import type { ProfileCardData } from '~/components/members/profile-grid';

export type SearchCard = ProfileCardData;

export interface SearchFiltersState {
  gender: string;
  country: string;
  countryregion: string;
  min_age: string;
  max_age: string;
}

export interface SearchState extends SearchFiltersState {
  pages: Record<number, SearchCard[]>;
  numResults: number;
  similar: SearchCard[];
  /** Profiles fetched for a profile page when no search was made yet. */
  cachedOtherProfiles: SearchCard[];
}

export const FILTER_KEYS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;

export function initialSearchState(): SearchState {
  return { gender: '', country: '', countryregion: '', min_age: '', max_age: '', pages: {}, numResults: 0, similar: [], cachedOtherProfiles: [] };
}

export function filtersFrom(params: URLSearchParams): SearchFiltersState {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as unknown as SearchFiltersState;
}

/** Records one page of results. */
export function recordSearchPage(
  state: SearchState,
  filters: SearchFiltersState,
  page: { pageNumber: number; results: SearchCard[]; numResults: number; similar: SearchCard[] },
): void {
  if (FILTER_KEYS.some((key) => state[key] !== filters[key])) {
    Object.assign(state, filters);
    state.pages = {};
  }
  state.pages[page.pageNumber] = page.results;
  state.numResults = page.numResults;
  state.similar = page.similar;
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
