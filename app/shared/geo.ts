// Where a visitor is, as both sides know it (docs/product.md §3 Geolocation, §9): the browser keeps its
// location for one hour and tells the server a rounded copy (about 1 km) in a cookie, so result
// cards can show distances without anyone receiving another member's coordinates.
export const GEO_COOKIE = 'rdv_geo';
/** docs/product.md §9: geolocation cache max age. */
export const GEO_MAX_AGE_SECONDS = 3600;

/** A reverse-geocoded position (GET /api/geocode.php). */
export interface Geocode {
  country: string;
  region: string | null;
  city: string;
  lat: number;
  lon: number;
}

export interface LatLon {
  lat: number;
  lon: number;
}

export function geoCookieValue({ lat, lon }: LatLon): string {
  return `${lat.toFixed(2)},${lon.toFixed(2)}`;
}

export function parseGeoCookie(value: string | null | undefined): LatLon | null {
  const match = /^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/.exec(value ?? '');
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}
