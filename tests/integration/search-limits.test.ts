// Issue 26 items 7 and 10 in the domain layer, on PGlite and PostgreSQL (search index loaded):
// visitors search the first VISITOR_MAX_PAGES pages with every filter (decision 0031), members every
// page; the distance filter keeps the profiles within the chosen km of the viewer, once the viewer's
// location is known, and the count agrees with the pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/.server/db/database';
import { distanceKm } from '~/.server/geo/viewer-location';
import { PAGE_SIZE, searchMembers, VISITOR_MAX_PAGES } from '~/.server/members/search';
import { searchIndexOf } from '~/.server/members/search-index';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const visitor = { user: null, hasTrafficSource: false };
const AMSTERDAM = { lat: 52.37, lon: 4.9 };

describe.each(databaseKinds)('search limits on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    await seedDemoProfiles(database.db, 600);
    await searchIndexOf(database.db).ready();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  describe('item 7: visitors search a limited number of pages', () => {
    it('answers the first pages to a visitor, with every filter, and refuses the page after', async () => {
      const last = await searchMembers(db(), flirt, visitor, { page: VISITOR_MAX_PAGES });
      expect(last).toMatchObject({ ok: true, visitorMaxPages: VISITOR_MAX_PAGES });
      expect(last.ok && last.results.length).toBe(PAGE_SIZE);
      expect(last.ok && last.numResults).toBeGreaterThan(VISITOR_MAX_PAGES * PAGE_SIZE);
      expect(await searchMembers(db(), flirt, visitor, { page: VISITOR_MAX_PAGES + 1 })).toEqual({ ok: false, error: 'visitor_limit' });
      expect(await searchMembers(db(), flirt, visitor, { page: VISITOR_MAX_PAGES + 1, gender: 'female', min_age: 30 })).toEqual({ ok: false, error: 'visitor_limit' });
      const filtered = await searchMembers(db(), flirt, visitor, { gender: 'female', country: 'NL', min_age: 30, max_age: 60, with_photo: '1' });
      expect(filtered.ok && filtered.results.every((r) => r.gender === 'female' && r.country === 'NL' && r.age >= 30 && r.age <= 60)).toBe(true);
    });

    it('lets a member open every page', async () => {
      const member = { user: { id: 0, profile_id: null, paid_user: false }, hasTrafficSource: false };
      const deep = await searchMembers(db(), flirt, member, { page: VISITOR_MAX_PAGES + 1 });
      expect(deep).toMatchObject({ ok: true, visitorMaxPages: null });
      expect(deep.ok && deep.results.length).toBeGreaterThan(0);
    });
  });

  describe('item 10: the distance filter', () => {
    async function all(filters: Record<string, unknown>, location: { lat: number; lon: number } | null) {
      const ids: { id: number; distance: number | null }[] = [];
      let total = 0;
      for (let page = 1; page <= 60; page++) {
        // A member without a profile of their own: every page, nobody hidden.
        const result = await searchMembers(db(), flirt, { user: { id: 0, profile_id: null, paid_user: false }, hasTrafficSource: false, location }, { ...filters, page });
        if (!result.ok) throw new Error(result.error);
        total = result.numResults;
        ids.push(...result.results.map((r) => ({ id: r.id, distance: r.distance })));
        if (result.results.length < PAGE_SIZE) break;
      }
      return { ids, total };
    }

    it('keeps only profiles within the chosen distance of a known location, counted exactly', async () => {
      const near = await all({ distance: 50 }, AMSTERDAM);
      expect(near.ids.length).toBeGreaterThan(0);
      expect(near.total).toBe(near.ids.length);
      for (const card of near.ids) expect(card.distance).toBeLessThanOrEqual(50);
      // The oracle: every profile of the tenant's pool with coordinates within 50 km.
      const everyone = await all({}, AMSTERDAM);
      expect(everyone.total).toBeGreaterThan(near.total);
      const rows = await db().selectFrom('profiles').select(['id', 'latitude', 'longitude']).where('listed', '=', true).where('country', 'in', flirt.settings.countries).execute();
      const within = rows.filter((r) => r.latitude !== null && r.longitude !== null && distanceKm(AMSTERDAM, { lat: r.latitude, lon: r.longitude }) <= 50).length;
      expect(Math.abs(near.total - within)).toBeLessThanOrEqual(1); // whole-km rounding at the edge
    });

    it('is no filter while the location is unknown', async () => {
      const unknown = await searchMembers(db(), flirt, visitor, { distance: 10 });
      const plain = await searchMembers(db(), flirt, visitor, {});
      expect(unknown).toMatchObject({ ok: true, distanceApplied: false });
      expect(unknown.ok && plain.ok && unknown.numResults).toBe(plain.ok && plain.numResults);
    });
  });
});
