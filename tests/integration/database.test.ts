// Runs on PGlite always, and on the real PostgreSQL server when DATABASE_URL is set.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Database } from '~/.server/db/database';
import { REGION_DATA, type RegionCountry } from '~/.server/geo/region-data';
import { ageOn } from '~/.server/profiles/age';
import { showcaseProfiles } from '~/.server/profiles/showcase';
import { DEMO_PROFILE_COUNT, isDatabaseEmpty, seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds } from '../support/databases';

const tenants = loadTenants('tenants');
const tenant = (id: string) => tenants.find((t) => t.id === id)!;

describe.each(databaseKinds)('database on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    database = await created.open();
    await migrateToLatest(database.db);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('migrates to the latest version and a second run changes nothing', async () => {
    const again = await migrateToLatest(database.db);
    expect(again.results).toEqual([]);
  });

  it('starts empty and the seed fills it with fictional profiles and photos', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const seeded = await seedDemoProfiles(database.db);
    expect(seeded.profiles).toBe(DEMO_PROFILE_COUNT);
    expect(seeded.photos).toBeGreaterThan(seeded.profiles);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('seeding again adds nothing (deterministic, idempotent)', async () => {
    const again = await seedDemoProfiles(database.db);
    expect(again).toEqual({ profiles: 0, photos: 0 });
  });

  it('gives every seeded profile a main photo with a thumbnail, all marked fictional', async () => {
    const row = await database.db
      .selectFrom('profiles')
      .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('photos.id').as('with_photo'),
        eb.fn.sum<number>(sql`case when profiles.fictional then 1 else 0 end`).as('fictional'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(row.total)).toBe(DEMO_PROFILE_COUNT);
    expect(Number(row.with_photo)).toBe(DEMO_PROFILE_COUNT);
    expect(Number(row.fictional)).toBe(DEMO_PROFILE_COUNT);
  });

  it('stores dates of birth as plain dates, for ages 18 to 80', async () => {
    const rows = await database.db.selectFrom('profiles').select('birth_date').execute();
    const ages = rows.map((r) => ageOn(r.birth_date, '2026-01-01'));
    expect(rows[0]!.birth_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThanOrEqual(80);
  });

  it('covers every demo tenant country with real regions', async () => {
    const rows = await database.db.selectFrom('profiles').select(['country', 'region']).distinct().execute();
    for (const { country, region } of rows) {
      expect(REGION_DATA[country as RegionCountry].some((r) => r.code === region), `${country} ${region}`).toBe(true);
    }
    const countries = new Set(rows.map((r) => r.country));
    for (const t of tenants) for (const c of t.settings.countries) expect(countries, c).toContain(c);
  });

  it('shows each tenant only profiles of its countries and niche', async () => {
    const gay = await showcaseProfiles(database.db, tenant('rainbowhearts'), 50);
    expect(gay.length).toBe(50);
    expect(gay.every((p) => ['GB', 'IE'].includes(p.country))).toBe(true);
    const ids = gay.map((p) => p.id);
    const men = await database.db.selectFrom('profiles').select(['gender', 'sexuality']).where('id', 'in', ids).execute();
    expect(men.every((p) => p.gender === 'male' && p.sexuality !== 'hetero' && p.sexuality !== 'lesbian')).toBe(true);

    const mature = await showcaseProfiles(database.db, tenant('solvhjerter'), 50);
    expect(mature.every((p) => p.age >= 55 && ['DK', 'SE', 'NO', 'FI'].includes(p.country))).toBe(true);
  });

  it('refuses a negative credit balance', async () => {
    const user = {
      tenant_id: 'flirtlokaal',
      email: 'anna@example.com',
      password_hash: 'x',
      status: 'confirmed' as const,
      language: 'nl',
      signup_date: new Date(),
    };
    const { id } = await database.db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    await expect(database.db.updateTable('users').set({ credits: -1 }).where('id', '=', id).execute()).rejects.toThrow(/check/i);
  });

  it('keeps e-mail unique per tenant whatever its case, but free across tenants', async () => {
    const user = {
      email: 'Bram@Example.com',
      password_hash: 'x',
      status: 'not_confirmed' as const,
      language: 'nl',
      signup_date: new Date(),
    };
    await database.db.insertInto('users').values({ ...user, tenant_id: 'flirtlokaal' }).execute();
    await expect(
      database.db.insertInto('users').values({ ...user, email: 'bram@example.COM', tenant_id: 'flirtlokaal' }).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await database.db.insertInto('users').values({ ...user, tenant_id: 'herzklopfen' }).execute();
  });

  it('returns timestamps as Date objects in UTC', async () => {
    const row = await database.db.selectFrom('users').select('signup_date').executeTakeFirstOrThrow();
    expect(row.signup_date).toBeInstanceOf(Date);
  });
});
