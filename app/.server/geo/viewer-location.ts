// The viewer's location for distances on result cards: the browser's rounded, cached location
// (cookie, see app/shared/geo.ts), else the member's own profile location, else none.
import { distance } from 'geokdbush';
import type { Kysely } from 'kysely';
import type { DB, User } from '../db/schema';
import { readCookie } from '../i18n/negotiate';
import { GEO_COOKIE, parseGeoCookie, type LatLon } from '~/shared/geo';

export async function viewerLocation(db: Kysely<DB>, user: Pick<User, 'profile_id'> | null, cookieHeader: string | null): Promise<LatLon | null> {
  const fromBrowser = parseGeoCookie(readCookie(cookieHeader, GEO_COOKIE));
  if (fromBrowser || !user?.profile_id) return fromBrowser;
  const own = await db.selectFrom('profiles').select(['latitude', 'longitude']).where('id', '=', user.profile_id).executeTakeFirst();
  return own?.latitude != null && own.longitude != null ? { lat: own.latitude, lon: own.longitude } : null;
}

/** Great-circle distance in whole km (at least 1: nobody is 0 km away). */
export function distanceKm(from: LatLon, to: LatLon): number {
  return Math.max(1, Math.round(distance(from.lon, from.lat, to.lon, to.lat)));
}
