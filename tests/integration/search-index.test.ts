// The in-memory search index (docs/decisions/0011-search-index.md) against the database as the
// oracle: for every niche and typical filters, the counts and the pages a search answers equal a
// plain SQL query over the tenant's pool; and the index follows inserts, changes, owners going
// invisible and deletions at once, on PGlite and PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { PAGE_SIZE, searchMembers } from '~/.server/members/search';
import { searchIndexOf } from '~/.server/members/search-index';
import { bornOnOrBefore, tenantPool } from '~/.server/profiles/pool';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { databaseKinds, migratedDatabase } from '../support/databases';

const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const withNiche = (niche: number): Tenant => ({ ...flirt, settings: { ...flirt.settings, niche } });
const visitor = { user: null, hasTrafficSource: false };
const POOL = 900;

interface Filters {
  gender?: 'male' | 'female';
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
  body_type?: string;
  hair_colour?: string;
  eye_colour?: string;
  relationship_status?: string;
  tattoos?: 'yes' | 'no';
  with_photo?: '1';
  interests?: string;
}

const FILTERS: Filters[] = [
  {},
  { gender: 'female' },
  { gender: 'male', country: 'NL' },
  { country: 'BE', countryregion: 'BE-VLG' },
  { min_age: 30, max_age: 50 },
  { gender: 'female', min_age: 60 },
  { max_age: 25 },
  { countryregion: 'NL-XX' },
  { body_type: 'curvy' },
  { gender: 'female', hair_colour: 'red', with_photo: '1' },
  { eye_colour: 'green', tattoos: 'yes' },
  { relationship_status: 'single', tattoos: 'no', min_age: 30 },
  { body_type: 'muscular' },
  { interests: 'music' },
  { interests: 'music,wine', country: 'NL' },
];

describe.each(databaseKinds)('search index on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;

  /** The oracle: every matching id, newest first, by a plain query over the tenant's pool. */
  async function expected(tenant: Tenant, f: Filters, hidden: number[] = []): Promise<number[]> {
    const day = today();
    let q = db()
      .selectFrom('profiles')
      .select('id')
      .where((eb) => tenantPool(eb, tenant, day));
    if (f.gender) q = q.where('gender', '=', f.gender);
    if (f.country) q = q.where('country', '=', f.country);
    if (f.countryregion) q = q.where('region', '=', f.countryregion);
    if (f.min_age) q = q.where('birth_date', '<=', bornOnOrBefore(day, f.min_age));
    if (f.max_age) q = q.where('birth_date', '>', bornOnOrBefore(day, f.max_age + 1));
    if (f.body_type) q = q.where('body_type', '=', f.body_type);
    if (f.hair_colour) q = q.where('hair_colour', '=', f.hair_colour);
    if (f.eye_colour) q = q.where('eye_colour', '=', f.eye_colour);
    if (f.relationship_status) q = q.where('relationship_status', '=', f.relationship_status);
    if (f.tattoos) q = q.where('tattoos', '=', f.tattoos === 'yes');
    if (f.with_photo) q = q.where('main_photo_id', 'is not', null);
    if (f.interests) q = q.where(sql<boolean>`interests @> ${f.interests.split(',')}::text[]`);
    if (hidden.length) q = q.where('id', 'not in', hidden);
    return (await q.orderBy('id', 'desc').execute()).map((r) => r.id);
  }

  async function search(tenant: Tenant, f: Filters & { page?: number }, viewer: Parameters<typeof searchMembers>[2] = visitor) {
    const result = await searchMembers(db(), tenant, viewer, f);
    if (!result.ok) throw new Error(result.error);
    return result;
  }

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    // Every combination the niches and filters tell apart, spread by different moduli: genders,
    // sexualities, body types, ages 18–80, countries in and out of the tenant, regions, the shared
    // pool and two tenants' members, and some disabled profiles.
    await sql`insert into profiles (name, gender, sexuality, body_type, birth_date, country, region, tenant_id, fictional, status,
                                    hair_colour, eye_colour, relationship_status, tattoos, interests)
              select 'P' || g,
                     (array['female','male'])[1 + g % 2],
                     (array['hetero','gay','lesbian','bi'])[1 + g % 4],
                     (array[null,'slim','curvy','large','athletic'])[1 + g % 5],
                     current_date - interval '18 years' - ((g * 131) % (62 * 365)) * interval '1 day',
                     (array['NL','BE','DE'])[1 + g % 3],
                     (array['NL-NH','BE-VLG',null,'NL-ZH'])[1 + g % 7 % 4],
                     (array[null,null,'flirtlokaal','herzklopfen'])[1 + g % 11 % 4],
                     true,
                     case when g % 13 = 0 then 'disabled' else 'active' end,
                     (array[null,'red','blonde','black'])[1 + g % 17 % 4],
                     (array['green',null,'blue'])[1 + g % 19 % 3],
                     (array['single','married',null,'divorced','single'])[1 + g % 23 % 5],
                     (array[null,true,false])[1 + g % 29 % 3],
                     case g % 31 % 4 when 0 then array['music'] when 1 then array['music','wine'] when 2 then array[]::text[] else array['wine','yoga'] end
              from generate_series(1, ${POOL}) g`.execute(database.db);
    // A main photo for some (with_photo).
    await sql`insert into photos (profile_id, position, filename, thumb_filename, width, height)
              select id, 0, 'p' || id || '.webp', 't' || id || '.webp', 600, 800 from profiles where id % 3 = 0`.execute(database.db);
    await sql`update profiles p set main_photo_id = ph.id from photos ph where ph.profile_id = p.id`.execute(database.db);
    await searchIndexOf(database.db).ready();
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('counts and pages every niche and typical filters exactly as the database does', async () => {
    for (let niche = 1; niche <= 7; niche++) {
      const tenant = withNiche(niche);
      for (const f of FILTERS) {
        const ids = await expected(tenant, f);
        const first = await search(tenant, f);
        expect(first.numResults, `niche ${niche} ${JSON.stringify(f)}`).toBe(ids.length);
        expect(first.numResultsEstimated).toBe(false);
        const last = Math.max(1, Math.ceil(ids.length / PAGE_SIZE));
        // A visitor's search ends at page 3 (docs/decisions/0031); deeper pages are paged by members below.
        for (const page of [...new Set([2, 3, last, last + 1])].filter((p) => p <= 3)) {
          const result = await search(tenant, { ...f, page });
          expect(result.results.map((r) => r.id), `niche ${niche} ${JSON.stringify(f)} page ${page}`).toEqual(ids.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
        }
      }
    }
  });

  it('follows a new profile, its changes, its owner going invisible and its deletion at once', async () => {
    const nl = { gender: 'female', country: 'NL' } as const;
    const before = (await search(flirt, nl)).numResults;
    const { id } = await db()
      .insertInto('profiles')
      .values({ name: 'New', gender: 'female', sexuality: 'hetero', birth_date: '1990-05-05', country: 'NL', fictional: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const added = await search(flirt, nl);
    expect(added.numResults).toBe(before + 1);
    expect(added.results[0]!.id).toBe(id);
    expect((await search(flirt, { ...nl, page: 2 })).results.map((r) => r.id)).toEqual((await expected(flirt, nl)).slice(PAGE_SIZE, 2 * PAGE_SIZE));

    await db().updateTable('profiles').set({ birth_date: '1950-05-05' }).where('id', '=', id).execute();
    expect((await search(flirt, { ...nl, max_age: 40 })).numResults).toBe((await expected(flirt, { ...nl, max_age: 40 })).length);
    await db().updateTable('profiles').set({ country: 'DE' }).where('id', '=', id).execute();
    expect((await search(flirt, nl)).numResults).toBe(before);
    await db().updateTable('profiles').set({ country: 'NL' }).where('id', '=', id).execute();
    expect((await search(flirt, nl)).numResults).toBe(before + 1);

    // Traits the index holds (migration 0007): a new hair colour, tattoos and a main photo count at once.
    const traits = { ...nl, hair_colour: 'grey', tattoos: 'yes', with_photo: '1' } as const;
    const withTraits = (await expected(flirt, traits)).length;
    expect((await search(flirt, traits)).numResults).toBe(withTraits);
    await db().updateTable('profiles').set({ hair_colour: 'grey', tattoos: true }).where('id', '=', id).execute();
    expect((await search(flirt, traits)).numResults).toBe(withTraits);
    const photo = await db()
      .insertInto('photos')
      .values({ profile_id: id, filename: 'n.webp', thumb_filename: 'nt.webp', width: 600, height: 800 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('profiles').set({ main_photo_id: photo.id }).where('id', '=', id).execute();
    expect((await search(flirt, traits)).numResults).toBe(withTraits + 1);
    await db().updateTable('profiles').set({ main_photo_id: null }).where('id', '=', id).execute();
    await db().deleteFrom('photos').where('id', '=', photo.id).execute();
    expect((await search(flirt, traits)).numResults).toBe(withTraits);

    // An owner going invisible unlists the profile (a trigger on users), and the index follows.
    const user = await db()
      .insertInto('users')
      .values({ tenant_id: flirt.id, email: 'index@example.com', password_hash: 'x', status: 'confirmed', language: 'nl', signup_date: new Date(), profile_id: id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('profiles').set({ user_id: user.id, tenant_id: flirt.id }).where('id', '=', id).execute();
    expect((await search(flirt, nl)).numResults).toBe(before + 1);
    await db().updateTable('users').set({ invisible: true }).where('id', '=', user.id).execute();
    expect((await search(flirt, nl)).numResults).toBe(before);
    await db().updateTable('users').set({ invisible: false }).where('id', '=', user.id).execute();
    expect((await search(flirt, nl)).numResults).toBe(before + 1);

    await db().updateTable('profiles').set({ user_id: null }).where('id', '=', id).execute();
    await db().deleteFrom('users').where('id', '=', user.id).execute();
    await db().deleteFrom('profiles').where('id', '=', id).execute();
    expect((await search(flirt, nl)).numResults).toBe(before);
    expect((await search(flirt, { ...nl, page: 2 })).results.map((r) => r.id)).toEqual((await expected(flirt, nl)).slice(PAGE_SIZE, 2 * PAGE_SIZE));
  });

  it("leaves a member's own profile and both sides of their blocks out of counts and positions", async () => {
    const all = await expected(flirt, { gender: 'female' });
    const own = all[3]!;
    const blocked = all[30]!;
    const blocker = all[60]!;
    await db()
      .insertInto('blocks')
      .values([
        { blocker_profile_id: own, blocked_profile_id: blocked },
        { blocker_profile_id: blocker, blocked_profile_id: own },
      ])
      .execute();
    const member = { user: { id: 1, profile_id: own, paid_user: false }, hasTrafficSource: false };
    const seen = await expected(flirt, { gender: 'female' }, [own, blocked, blocker]);
    expect((await search(flirt, { gender: 'female' }, member)).numResults).toBe(seen.length);
    for (const page of [2, 3, 4]) {
      const result = await search(flirt, { gender: 'female', page }, member);
      expect(result.results.map((r) => r.id)).toEqual(seen.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
    }
  });

  it('answers from the database alone when its feed fails, and loads afresh afterwards', async () => {
    const nl = { gender: 'female', country: 'NL' } as const;
    const ids = await expected(flirt, nl);
    await sql`alter table profiles_removed rename to profiles_removed_away`.execute(db());
    try {
      const result = await search(flirt, { ...nl, page: 2 });
      expect(result.numResults).toBe(ids.length);
      expect(result.results.map((r) => r.id)).toEqual(ids.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    } finally {
      await sql`alter table profiles_removed_away rename to profiles_removed`.execute(db());
    }
    await searchIndexOf(db()).ready();
    const again = await search(flirt, { ...nl, page: 2 });
    expect(again.results.map((r) => r.id)).toEqual(ids.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect(searchIndexOf(db()).size).toBeGreaterThan(0);
  });
});
