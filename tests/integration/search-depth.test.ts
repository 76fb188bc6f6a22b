// Member search over a pool larger than the exact count (docs/decisions/0009-search-at-scale.md):
// pages stay in one order across the tenant's countries at any depth, counts are exact with the
// search index (and estimated beyond 100 pages while it loads), and profiles.listed follows its
// owner's settings; on PGlite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { setPrivacy } from '~/.server/accounts/notifications';
import type { Database } from '~/.server/db/database';
import { COUNT_CAP, EXACT_COUNT_UP_TO, PAGE_SIZE, searchMembers } from '~/.server/members/search';
import { searchIndexOf } from '~/.server/members/search-index';
import { showcaseProfiles } from '~/.server/profiles/showcase';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const visitor = { user: null, hasTrafficSource: false };
const POOL = 3000; // more than EXACT_COUNT_UP_TO

describe.each(databaseKinds)('search depth on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;

  async function page(filters: Record<string, unknown>) {
    const result = await searchMembers(db(), flirt, visitor, filters, { pageLimit: 'none' });
    if (!result.ok) throw new Error(result.error);
    return result;
  }

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    // Alternating countries and genders, so each page merges four index slices.
    await sql`insert into profiles (name, gender, sexuality, birth_date, country, region, fictional)
              select 'P' || g, case when g % 2 = 0 then 'female' else 'male' end, 'hetero',
                     date '2000-01-01' - (g % 3000), case when g % 3 = 0 then 'BE' else 'NL' end, 'NL-NH', true
              from generate_series(1, ${POOL}) g`.execute(database.db);
    await sql`analyze profiles`.execute(database.db);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('lists every matching profile once, newest first, across countries and genders', async () => {
    const ids: number[] = [];
    for (let n = 1; ; n++) {
      const result = await page({ page: n });
      ids.push(...result.results.map((r) => r.id));
      if (result.results.length < PAGE_SIZE) break;
    }
    expect(ids).toHaveLength(POOL);
    expect(new Set(ids).size).toBe(POOL);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('answers a deep page with the same profiles as walking there', async () => {
    const deep = await page({ gender: 'female', page: 50 });
    const all = (
      await db().selectFrom('profiles').select('id').where('gender', '=', 'female').orderBy('id', 'desc').execute()
    ).map((r) => r.id);
    expect(deep.results.map((r) => r.id)).toEqual(all.slice(49 * PAGE_SIZE, 50 * PAGE_SIZE));
  });

  it('steps on from the last profile of a page (the Next link) to the same page as counting there', async () => {
    const previous = await page({ gender: 'male', page: 40 });
    const byOffset = await page({ gender: 'male', page: 41 });
    const byKeyset = await page({ gender: 'male', page: 41, after: previous.results.at(-1)!.id });
    expect(byKeyset.results.map((r) => r.id)).toEqual(byOffset.results.map((r) => r.id));
    expect(byKeyset.numResults).toBe(byOffset.numResults);
    expect((await page({ page: 1, after: 'nonsense' })).results).toEqual((await page({ page: 1 })).results);
  });

  it('counts exactly with the search index, up to the last reachable page', async () => {
    await searchIndexOf(db()).ready();
    const large = await page({});
    expect(large.numResultsEstimated).toBe(false);
    expect(large.numResults).toBe(POOL);
    expect((await page({ country: 'BE', gender: 'female' })).numResults).toBe(POOL / 6);
  });

  it('while the index loads, counts exactly up to 100 pages and estimates beyond, never past the last reachable page', async () => {
    // Switched off, as good as not loaded yet: the search asks the database alone.
    const index = searchIndexOf(db());
    index.enabled = false;
    onTestFinished(() => {
      index.enabled = true;
    });
    const loading = (filters: Record<string, unknown>) => searchMembers(db(), flirt, visitor, filters, { pageLimit: 'none' });
    const small = await loading({ country: 'BE', gender: 'female' });
    if (!small.ok) throw new Error(small.error);
    expect(small.numResultsEstimated).toBe(false);
    expect(small.numResults).toBe(POOL / 6);

    const large = await loading({});
    if (!large.ok) throw new Error(large.error);
    expect(large.numResultsEstimated).toBe(true);
    expect(large.numResults).toBeGreaterThan(EXACT_COUNT_UP_TO);
    expect(large.numResults).toBeLessThanOrEqual(COUNT_CAP);
    const deep = await loading({ gender: 'female', page: 50 });
    expect(deep.ok && deep.results.map((r) => r.id)).toEqual((await page({ gender: 'female', page: 50 })).results.map((r) => r.id));
  });

  it('answers an empty page past the end instead of failing', async () => {
    const beyond = await page({ country: 'BE', gender: 'female', page: 999 });
    expect(beyond.results).toEqual([]);
    expect(beyond.pageNumber).toBe(999);
  });

  it('filters by region, and finds nothing in a region without profiles', async () => {
    expect((await page({ country: 'NL', countryregion: 'NL-NH' })).numResults).toBeGreaterThan(0);
    const none = await page({ country: 'NL', countryregion: 'NL-GR' });
    expect(none.numResults).toBe(0);
    expect(none.results).toEqual([]);
  });

  describe('listing follows the owner', () => {
    async function listed(profileId: number) {
      const row = await db().selectFrom('profiles').select('listed').where('id', '=', profileId).executeTakeFirstOrThrow();
      return row.listed;
    }

    it('unlists a member who goes invisible, private or away, and lists them again when they return', async () => {
      const profile = await db()
        .insertInto('profiles')
        .values({ name: 'Member', gender: 'female', sexuality: 'hetero', birth_date: '1990-01-01', country: 'NL', fictional: false, tenant_id: flirt.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await db()
        .insertInto('users')
        .values({ tenant_id: flirt.id, email: 'm@example.com', password_hash: 'x', status: 'confirmed', language: 'nl', signup_date: new Date(), profile_id: profile.id })
        .returningAll()
        .executeTakeFirstOrThrow();
      await db().updateTable('profiles').set({ user_id: user.id }).where('id', '=', profile.id).execute();
      expect(await listed(profile.id)).toBe(true);

      await setPrivacy(db(), user, { invisible: true, privacy_mode: false });
      expect(await listed(profile.id)).toBe(false);
      expect((await showcaseProfiles(db(), flirt, 1000)).map((p) => p.id)).not.toContain(profile.id);
      await setPrivacy(db(), user, { invisible: false, privacy_mode: true });
      expect(await listed(profile.id)).toBe(false);
      await setPrivacy(db(), user, { invisible: false, privacy_mode: false });
      expect(await listed(profile.id)).toBe(true);

      await db().updateTable('users').set({ status: 'pending_deletion' }).where('id', '=', user.id).execute();
      expect(await listed(profile.id)).toBe(false);
      await db().updateTable('users').set({ status: 'confirmed' }).where('id', '=', user.id).execute();
      expect(await listed(profile.id)).toBe(true);

      await db().updateTable('profiles').set({ status: 'disabled' }).where('id', '=', profile.id).execute();
      expect(await listed(profile.id)).toBe(false);
    });
  });
});
