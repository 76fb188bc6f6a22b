// The geolocation store (permission, one-hour cache, the rounded location cookie) and the search
// store (pages, new filters start over, cached other profiles), with the browser stood in for.
import { describe, expect, it } from 'vitest';
import { GEO_STORAGE_KEY, freshGeocode, initialGeoState, locate, startGeolocation, type GeoEnvironment, type Geocode } from '~/state/geolocation';
import { forgetSearchPages, initialSearchState, keptSearchView, otherProfiles, recordSearchPage, filtersFrom, SEARCH_CACHE_MS, type SearchCard } from '~/state/search';
import { parseGeoCookie } from '~/shared/geo';

const amsterdam: Geocode = { country: 'NL', region: 'NH', city: 'Amsterdam', lat: 52.37, lon: 4.89 };
const HOUR = 3600_000;

function fakeBrowser(options: { permission?: PermissionState | 'none'; deny?: boolean; stored?: string; now?: number; noGeolocation?: boolean } = {}) {
  const storage = new Map<string, string>(options.stored ? [[GEO_STORAGE_KEY, options.stored]] : []);
  const cookies: string[] = [];
  let prompts = 0;
  const env: GeoEnvironment = {
    geolocation: options.noGeolocation
      ? undefined
      : {
          getCurrentPosition(success, failure) {
            prompts++;
            if (options.deny) failure?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError);
            else success({ coords: { latitude: 52.3731, longitude: 4.8922 } } as GeolocationPosition);
          },
        },
    permissions:
      options.permission === 'none' ? undefined : { query: async () => ({ state: options.permission ?? 'prompt', onchange: null }) as unknown as PermissionStatus },
    storage: { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) },
    fetchGeocode: async () => amsterdam,
    setCookie: (cookie) => void cookies.push(cookie),
    now: () => options.now ?? 10 * HOUR,
  };
  return { env, storage, cookies, prompts: () => prompts };
}

describe('geolocation store', () => {
  it('says unsupported where the browser has no geolocation', async () => {
    const state = initialGeoState();
    await startGeolocation(state, fakeBrowser({ noGeolocation: true }).env);
    expect(state.permission).toBe('unsupported');
  });

  it('keeps the browser\'s permission state, or unknown where the browser does not tell', async () => {
    const prompt = initialGeoState();
    await startGeolocation(prompt, fakeBrowser({ permission: 'prompt' }).env);
    expect(prompt.permission).toBe('prompt');
    const unknown = initialGeoState();
    await startGeolocation(unknown, fakeBrowser({ permission: 'none' }).env);
    expect(unknown.permission).toBe('unknown');
  });

  it('does not ask for the position before the visitor chooses to', async () => {
    const browser = fakeBrowser({ permission: 'prompt' });
    await startGeolocation(initialGeoState(), browser.env);
    expect(browser.prompts()).toBe(0);
  });

  it('locates at once where permission was granted, caches the geocode and sets a rounded cookie for an hour', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const state = initialGeoState();
    await startGeolocation(state, browser.env);
    expect(state.geocode).toEqual(amsterdam);
    expect(JSON.parse(browser.storage.get(GEO_STORAGE_KEY)!)).toEqual({ geocode: amsterdam, locatedAt: 10 * HOUR });
    expect(browser.cookies).toEqual(['rdv_geo=52.37,4.89; Max-Age=3600; Path=/; SameSite=Lax']);
  });

  it('uses a cached geocode younger than an hour instead of locating again', async () => {
    const stored = JSON.stringify({ geocode: amsterdam, locatedAt: 10 * HOUR - HOUR + 1 });
    const browser = fakeBrowser({ permission: 'granted', stored });
    const state = initialGeoState();
    await startGeolocation(state, browser.env);
    expect(state.geocode).toEqual(amsterdam);
    expect(browser.prompts()).toBe(0);
    expect(freshGeocode(stored, 10 * HOUR + 1)).toBeNull();
    expect(freshGeocode('not json', 0)).toBeNull();
  });

  it('remembers a refusal', async () => {
    const state = initialGeoState();
    await locate(state, fakeBrowser({ deny: true }).env);
    expect(state.permission).toBe('denied');
    expect(state.locating).toBe(false);
  });

  it('reads only a well-formed location cookie', () => {
    expect(parseGeoCookie('52.37,4.89')).toEqual({ lat: 52.37, lon: 4.89 });
    expect(parseGeoCookie('91,4')).toBeNull();
    expect(parseGeoCookie('52.37;drop table')).toBeNull();
    expect(parseGeoCookie(null)).toBeNull();
  });
});

describe('search store', () => {
  const card = (id: number): SearchCard => ({ id, name: `P${id}`, age: 30, city: null, fictional: true, thumb: null, distance: null });
  const page = (pageNumber: number, ids: number[]) => ({ pageNumber, results: ids.map(card), numResults: 100, similar: [] });

  it('keeps the pages of one search and starts over when the filters change', () => {
    const state = initialSearchState();
    const women = filtersFrom(new URLSearchParams('gender=female'));
    recordSearchPage(state, women, page(1, [9, 8]));
    recordSearchPage(state, women, page(2, [7, 6]));
    expect(Object.keys(state.pages)).toEqual(['1', '2']);
    expect(state.gender).toBe('female');
    recordSearchPage(state, filtersFrom(new URLSearchParams('gender=male')), page(1, [5]));
    expect(Object.keys(state.pages)).toEqual(['1']);
    expect(state.gender).toBe('male');
  });

  it('offers the profiles after the one shown, then those before it, never itself', () => {
    const state = initialSearchState();
    const filters = filtersFrom(new URLSearchParams());
    recordSearchPage(state, filters, page(1, [9, 8, 7]));
    recordSearchPage(state, filters, page(2, [6, 5]));
    expect(otherProfiles(state, 7, 4).map((c) => c.id)).toEqual([6, 5, 9, 8]);
  });

  it('shows a kept page again for the same filters (empty ones included), and asks the server otherwise', () => {
    const state = initialSearchState();
    const query = new URLSearchParams('gender=female&country=&countryregion=&body_type=curvy&with_photo=1');
    recordSearchPage(state, filtersFrom(query), page(1, [9, 8]), { view: 1 }, 1_000);
    recordSearchPage(state, filtersFrom(query), page(2, [7]), { view: 2 }, 2_000);
    expect(keptSearchView(state, new URLSearchParams('gender=female&body_type=curvy&with_photo=1'), 3_000)).toEqual({ view: 1 });
    expect(keptSearchView(state, new URLSearchParams('gender=female&body_type=curvy&with_photo=1&page=2&after=8'), 3_000)).toEqual({ view: 2 });
    expect(keptSearchView(state, new URLSearchParams('gender=female&body_type=curvy&with_photo=1&page=3'), 3_000)).toBeNull();
    expect(keptSearchView(state, new URLSearchParams('gender=female&body_type=slim&with_photo=1'), 3_000)).toBeNull();
    expect(keptSearchView(state, new URLSearchParams('gender=female&body_type=curvy&with_photo=1&page=x'), 3_000)).toBeNull();
    expect(keptSearchView(state, query, 1_000 + SEARCH_CACHE_MS + 1)).toBeNull();
    forgetSearchPages(state);
    expect(keptSearchView(state, query, 3_000)).toBeNull();
  });

  it('falls back to the cached other profiles after a direct visit', () => {
    const state = initialSearchState();
    state.cachedOtherProfiles = [card(3), card(2), card(1)];
    expect(otherProfiles(state, 2, 8).map((c) => c.id)).toEqual([3, 1]);
  });
});
