import { REGION_COUNTRIES, REGION_DATA, type RegionCountry } from './region-data';

export interface RegionName {
  code: string;
  name: string;
}

function isRegionCountry(value: string): value is RegionCountry {
  return (REGION_COUNTRIES as readonly string[]).includes(value);
}

const all: Record<string, RegionName[]> = Object.fromEntries(
  REGION_COUNTRIES.map((country) => [country, REGION_DATA[country].map(({ code, name }) => ({ code, name }))]),
);

/** Every region-label country's regions, or one country's (an empty object for any other value). */
export function regionsByCountry(country: string | null): Record<string, RegionName[]> {
  if (country === null || country === '') return all;
  const upper = country.toUpperCase();
  return isRegionCountry(upper) ? { [upper]: all[upper] ?? [] } : {};
}

export function regionName(country: string, code: string | null): string | null {
  if (!code || !isRegionCountry(country)) return null;
  return REGION_DATA[country].find((region) => region.code === code)?.name ?? null;
}
