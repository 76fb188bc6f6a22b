// The geolocation store (docs/product.md §3 Geolocation, §7 geocode.php, §9 cache max age 1 hour): the
// permission state — 'unsupported', 'unknown', or what the browser reports — and the geocode of
// the last position. A position is kept for an hour in localStorage and, rounded to about 1 km, in a
// cookie the server reads to put distances on result cards. Nothing asks for a position until the
// visitor chooses to, or has already granted it.
import { GEO_COOKIE, GEO_MAX_AGE_SECONDS, geoCookieValue, type Geocode } from '~/shared/geo';

export type { Geocode };

export type GeoPermission = 'unsupported' | 'unknown' | 'granted' | 'denied' | 'prompt';

export interface GeoState {
  permission: GeoPermission;
  /** null: not known yet; false: the position could not be geocoded. */
  geocode: Geocode | false | null;
  /** When the geocode was found (ms since the epoch). */
  locatedAt: number | null;
  locating: boolean;
}

export const GEO_STORAGE_KEY = 'rdv_geolocation';

export function initialGeoState(): GeoState {
  return { permission: 'unknown', geocode: null, locatedAt: null, locating: false };
}

/** What the browser offers; passed in so that tests can stand in for it. */
export interface GeoEnvironment {
  geolocation?: Pick<Geolocation, 'getCurrentPosition'>;
  permissions?: Pick<Permissions, 'query'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  fetchGeocode: (lat: number, lon: number) => Promise<Geocode | false>;
  setCookie: (cookie: string) => void;
  now: () => number;
}

/** A stored geocode younger than one hour, else null. */
export function freshGeocode(stored: string | null, now: number): { geocode: Geocode; locatedAt: number } | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as { geocode?: Geocode; locatedAt?: number };
    if (!value.geocode || typeof value.locatedAt !== 'number') return null;
    const age = now - value.locatedAt;
    return age >= 0 && age < GEO_MAX_AGE_SECONDS * 1000 ? { geocode: value.geocode, locatedAt: value.locatedAt } : null;
  } catch {
    return null;
  }
}

/** Reads the permission and the cached position; locates at once only where permission was granted. */
export async function startGeolocation(state: GeoState, env: GeoEnvironment): Promise<void> {
  if (!env.geolocation) {
    state.permission = 'unsupported';
    return;
  }
  const cached = freshGeocode(env.storage?.getItem(GEO_STORAGE_KEY) ?? null, env.now());
  if (cached) {
    state.geocode = cached.geocode;
    state.locatedAt = cached.locatedAt;
  }
  try {
    const status = await env.permissions?.query({ name: 'geolocation' });
    if (status) {
      state.permission = status.state;
      status.onchange = () => {
        state.permission = status.state;
      };
    }
  } catch {
    state.permission = 'unknown';
  }
  if (state.permission === 'granted' && !cached) await locate(state, env);
}

/** Asks the browser for the position (the browser may prompt), geocodes it and caches it for an hour. */
export function locate(state: GeoState, env: GeoEnvironment): Promise<void> {
  const geolocation = env.geolocation;
  if (!geolocation) {
    state.permission = 'unsupported';
    return Promise.resolve();
  }
  state.locating = true;
  return new Promise<void>((resolve) => {
    geolocation.getCurrentPosition(
      async (position) => {
        const { latitude: lat, longitude: lon } = position.coords;
        const geocode = await env.fetchGeocode(lat, lon).catch(() => false as const);
        const now = env.now();
        state.permission = 'granted';
        state.geocode = geocode;
        state.locatedAt = now;
        state.locating = false;
        if (geocode) env.storage?.setItem(GEO_STORAGE_KEY, JSON.stringify({ geocode, locatedAt: now }));
        env.setCookie(`${GEO_COOKIE}=${geoCookieValue({ lat, lon })}; Max-Age=${GEO_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`);
        resolve();
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) state.permission = 'denied';
        state.locating = false;
        resolve();
      },
      { maximumAge: GEO_MAX_AGE_SECONDS * 1000, timeout: 15_000 },
    );
  });
}

/** The real browser, for the app. */
export function browserGeoEnvironment(): GeoEnvironment {
  return {
    geolocation: 'geolocation' in navigator ? navigator.geolocation : undefined,
    permissions: navigator.permissions,
    storage: window.localStorage,
    fetchGeocode: async (lat, lon) => {
      const response = await fetch(`/api/geocode.php?lat=${lat}&lon=${lon}`, { headers: { Accept: 'application/json' } });
      const body = (await response.json()) as { geocode: Geocode | false };
      return body.geocode;
    },
    setCookie: (cookie) => {
      document.cookie = cookie;
    },
    now: () => Date.now(),
  };
}
