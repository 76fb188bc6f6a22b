import { describe, it, expect } from 'vitest';
import { REGION_COUNTRIES, REGION_DATA, type RegionCountry } from '../../app/.server/geo/region-data';

type Box = { minLat: number; maxLat: number; minLon: number; maxLon: number };

// Generous bounding boxes per country; a city must lie inside at least one of its country's boxes.
const BOXES: Record<RegionCountry, Box[]> = {
  NL: [{ minLat: 50.6, maxLat: 53.7, minLon: 3.2, maxLon: 7.3 }],
  BE: [{ minLat: 49.4, maxLat: 51.6, minLon: 2.5, maxLon: 6.5 }],
  GB: [{ minLat: 49.8, maxLat: 60.9, minLon: -8.7, maxLon: 1.8 }],
  IE: [{ minLat: 51.3, maxLat: 55.5, minLon: -10.7, maxLon: -5.9 }],
  DE: [{ minLat: 47.2, maxLat: 55.1, minLon: 5.8, maxLon: 15.1 }],
  AT: [{ minLat: 46.3, maxLat: 49.1, minLon: 9.5, maxLon: 17.2 }],
  IT: [{ minLat: 35.4, maxLat: 47.1, minLon: 6.6, maxLon: 18.6 }],
  FR: [{ minLat: 41.3, maxLat: 51.2, minLon: -5.2, maxLon: 9.6 }], // metropolitan France incl. Corsica
  CH: [{ minLat: 45.8, maxLat: 47.9, minLon: 5.9, maxLon: 10.5 }],
  ES: [
    { minLat: 35.2, maxLat: 43.9, minLon: -9.4, maxLon: 4.4 }, // mainland, Baleares, Ceuta/Melilla
    { minLat: 27.6, maxLat: 29.5, minLon: -18.2, maxLon: -13.3 }, // Canarias
  ],
  US: [
    { minLat: 24.4, maxLat: 49.4, minLon: -124.8, maxLon: -66.9 }, // contiguous states
    { minLat: 51.2, maxLat: 71.5, minLon: -180, maxLon: -129.9 }, // Alaska
    { minLat: 18.8, maxLat: 22.3, minLon: -160.3, maxLon: -154.7 }, // Hawaii
  ],
  CA: [{ minLat: 41.6, maxLat: 83.2, minLon: -141.1, maxLon: -52.5 }],
  AU: [{ minLat: -43.7, maxLat: -10.6, minLon: 112.9, maxLon: 153.7 }],
  NZ: [{ minLat: -47.4, maxLat: -34.3, minLon: 166.3, maxLon: 178.6 }],
  PL: [{ minLat: 49.0, maxLat: 54.9, minLon: 14.1, maxLon: 24.2 }],
  DK: [{ minLat: 54.5, maxLat: 57.8, minLon: 8.0, maxLon: 15.2 }],
  FI: [{ minLat: 59.7, maxLat: 70.1, minLon: 19.0, maxLon: 31.6 }],
  NO: [{ minLat: 57.9, maxLat: 71.2, minLon: 4.6, maxLon: 31.2 }],
  SE: [{ minLat: 55.3, maxLat: 69.1, minLon: 10.9, maxLon: 24.2 }],
};

const inBox = (lat: number, lon: number, b: Box) =>
  lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon;

describe('region data', () => {
  it('covers exactly the 19 region countries', () => {
    expect(REGION_COUNTRIES).toHaveLength(19);
    expect(Object.keys(REGION_DATA).sort()).toEqual([...REGION_COUNTRIES].sort());
  });

  describe.each([...REGION_COUNTRIES])('%s', (cc) => {
    const regions = REGION_DATA[cc];

    it('has at least 3 regions with unique, well-formed codes and unique names', () => {
      expect(regions.length).toBeGreaterThanOrEqual(3);
      for (const r of regions) expect(r.code.startsWith(`${cc}-`)).toBe(true);
      expect(new Set(regions.map((r) => r.code)).size).toBe(regions.length);
      expect(new Set(regions.map((r) => r.name)).size).toBe(regions.length);
      for (const r of regions) expect(r.name.trim()).not.toBe('');
    });

    it('has at least 3 valid cities per region', () => {
      for (const r of regions) {
        expect(r.cities.length, r.code).toBeGreaterThanOrEqual(3);
        for (const c of r.cities) {
          expect(c.name.trim(), r.code).not.toBe('');
          expect(Number.isInteger(c.population), `${r.code} ${c.name}`).toBe(true);
          expect(c.population, `${r.code} ${c.name}`).toBeGreaterThan(0);
        }
      }
    });

    it('places every city inside the country', () => {
      const outside = regions.flatMap((r) =>
        r.cities
          .filter((c) => !BOXES[cc].some((b) => inBox(c.lat, c.lon, b)))
          .map((c) => `${r.code} ${c.name} (${c.lat}, ${c.lon})`),
      );
      expect(outside).toEqual([]);
    });
  });

  it.each([
    ['NL', 'Noord-Holland', 'Amsterdam'],
    ['DE', 'Bayern', 'München'],
    ['GB', 'Scotland', 'Edinburgh'],
    ['US', 'California', 'Los Angeles'],
  ] as const)('%s has %s containing %s', (cc, regionName, cityName) => {
    const region = REGION_DATA[cc].find((r) => r.name === regionName);
    expect(region).toBeDefined();
    expect(region!.cities.map((c) => c.name)).toContain(cityName);
  });
});

describe('region-data.json is checked when it loads', () => {
  it('names the place of a broken edit', async () => {
    const { parseRegionTable } = await import('../../app/.server/geo/region-data');
    const broken = JSON.parse(JSON.stringify(REGION_DATA)) as Record<string, { code: string; cities: { lat: number }[] }[]>;
    broken.NL![0]!.cities[0]!.lat = 123;
    expect(() => parseRegionTable(broken)).toThrow(/region-data\.json: NL\.0\.cities\.0\.lat/);
    const wrongCountry = JSON.parse(JSON.stringify(REGION_DATA)) as Record<string, { code: string }[]>;
    wrongCountry.BE![0]!.code = 'NL-XX';
    expect(() => parseRegionTable(wrongCountry)).toThrow(/region-data\.json: BE\.0\.code/);
  });
});
