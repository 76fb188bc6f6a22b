// Regions (first-level subdivisions) and real cities with coordinates for the 19 countries that
// show a region label (docs/product.md §9). Used by GET /api/regions.php, the demo seed and geolocation. The
// table itself is data, in region-data.json beside this file, checked here once when it loads:
//
// - code: ISO 3166-2 subdivision code of its country; name: as written locally.
// - Regions are sorted alphabetically by name (with the country's own collation, so Swedish,
//   Norwegian, Danish and Finnish Å/Ä/Æ/Ö/Ø sort after Z); cities by population, descending.
// - Coordinates are city centres (WGS84, 4 decimals); populations are approximate.
import { z } from 'zod';
import table from './region-data.json';

export const REGION_COUNTRIES = ['NL', 'BE', 'GB', 'IE', 'DE', 'AT', 'IT', 'FR', 'CH', 'ES', 'US', 'CA', 'AU', 'NZ', 'PL', 'DK', 'FI', 'NO', 'SE'] as const;
export type RegionCountry = (typeof REGION_COUNTRIES)[number];
export interface RegionCity {
  name: string;
  lat: number;
  lon: number;
  population: number;
}
export interface Region {
  code: string;
  name: string;
  cities: RegionCity[];
}

const CitySchema = z.strictObject({
  name: z.string().min(1),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  population: z.number().int().positive(),
});

const regionsOf = (country: RegionCountry) =>
  z
    .array(z.strictObject({ code: z.string().startsWith(`${country}-`), name: z.string().min(1), cities: z.array(CitySchema).min(1) }))
    .min(1)
    .refine((regions) => new Set(regions.map((region) => region.code)).size === regions.length, 'region codes repeat');

const TableSchema = z.strictObject(Object.fromEntries(REGION_COUNTRIES.map((country) => [country, regionsOf(country)])) as Record<RegionCountry, ReturnType<typeof regionsOf>>);

/** The table, validated when the module loads: a broken edit of the JSON stops the server at start, naming the place. */
export function parseRegionTable(value: unknown): Record<RegionCountry, readonly Region[]> {
  const parsed = TableSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`region-data.json: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

export const REGION_DATA: Record<RegionCountry, readonly Region[]> = parseRegionTable(table);
