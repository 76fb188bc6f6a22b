// The profiles a lander shows: the tenant's listed pool narrowed by the variant (gender, age band,
// a country or region), newest with a photo first. Without `near` the choice is the same for every
// visitor (the page can be served from the render cache); with `near` (the map lander, keyed on its
// centre in the render cache; GET /api/lander-profiles.php) the nearest come first.
import { sql, type Kysely } from 'kysely';
import type { LatLon } from '~/shared/geo';
import type { LanderProfile } from '~/shared/lander-types';
import { today } from '../clock';
import type { DB } from '../db/schema';
import { ageOn } from '../profiles/age';
import { bornOnOrBefore, tenantPool } from '../profiles/pool';
import { REGION_DATA, type RegionCountry } from '../geo/region-data';
import { visitorPoint } from '../geo/visitor-country';
import type { Tenant } from '../tenants/schema';
import type { CampaignVariant } from '../tenants/campaign-schema';

/**
 * Where the map lander centres for a visitor: their place (offline GeoIP, a city's point) when it is
 * in one of the tenant's countries, else the largest city of the tenant's first country. A city's
 * point, never the address: the render cache keys the map lander on it (docs/decisions/0035).
 */
export function mapCentre(tenant: Tenant, ip: string | null): LatLon | null {
  const point = visitorPoint(ip);
  if (point && tenant.settings.countries.includes(point.country)) return { lat: point.lat, lon: point.lon };
  const regions = REGION_DATA[tenant.settings.countries[0] as RegionCountry];
  const city = regions?.flatMap((region) => region.cities).sort((a, b) => b.population - a.population)[0];
  return city ? { lat: city.lat, lon: city.lon } : null;
}

export async function landerProfiles(
  db: Kysely<DB>,
  tenant: Tenant,
  variant: Pick<CampaignVariant, 'profiles'>,
  options: { limit: number; near?: LatLon | null; country?: string | null },
): Promise<LanderProfile[]> {
  const day = today();
  const { gender, min_age: minAge, max_age: maxAge, region } = variant.profiles;
  const place = region && region !== 'visitor' ? region : null;
  const rows = await db
    .selectFrom('profiles')
    .innerJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .select(['profiles.id', 'profiles.name', 'profiles.birth_date', 'profiles.city', 'profiles.fictional', 'profiles.interests', 'profiles.latitude', 'profiles.longitude', 'photos.filename', 'photos.thumb_filename'])
    .where((eb) => tenantPool(eb, tenant, day))
    .$if(gender !== undefined, (qb) => qb.where('profiles.gender', '=', gender!))
    .$if(minAge !== undefined, (qb) => qb.where('profiles.birth_date', '<=', bornOnOrBefore(day, minAge!)))
    // Younger than max_age + 1 years: born after that many years ago.
    .$if(maxAge !== undefined, (qb) => qb.where('profiles.birth_date', '>', bornOnOrBefore(day, maxAge! + 1)))
    .$if(place !== null && place.length === 2, (qb) => qb.where('profiles.country', '=', place!))
    .$if(place !== null && place.length > 2, (qb) => qb.where('profiles.region', '=', place!))
    .$if(Boolean(options.country) && !options.near, (qb) => qb.orderBy((eb) => eb('profiles.country', '=', options.country!), 'desc'))
    .$if(Boolean(options.near), (qb) =>
      qb
        .where('profiles.latitude', 'is not', null)
        // Equirectangular distance: plenty to sort neighbours by, and an index-free scan of a small pool slice.
        .orderBy(sql`power(profiles.latitude - ${options.near!.lat}, 2) + power((profiles.longitude - ${options.near!.lon}) * ${Math.cos((options.near!.lat * Math.PI) / 180)}, 2)`),
    )
    .orderBy('profiles.id', 'desc')
    .limit(options.limit)
    .execute();
  const prefix = tenant.settings.cdn_prefix;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    age: ageOn(row.birth_date, day),
    city: row.city,
    fictional: row.fictional,
    photo: prefix + row.filename,
    thumb: prefix + row.thumb_filename,
    interests: row.interests.slice(0, 3),
    lat: row.latitude,
    lon: row.longitude,
  }));
}
