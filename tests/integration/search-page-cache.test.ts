// The search's short result-page cache in use (docs/decisions/0057): members and visitors share the
// pool's rows, never what belongs to one viewer — their own profile, their blocks, their distances —
// and a profile that leaves the search leaves the kept pages at once; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { blockProfile } from '~/.server/members/blocking';
import { keptResultPages, PAGE_SIZE, searchMembers } from '~/.server/members/search';
import { searchIndexOf } from '~/.server/members/search-index';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;

describe.each(databaseKinds)('the kept result pages on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  let anna: User;
  let bea: User;

  async function member(key: string): Promise<User> {
    const result = await signUp(db(), flirt, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `${key}@example.com`, name: key, password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female',
      country: 'NL', terms: true, orientation_consent: true, tracking: { network: 'n', ref: 'r' },
    });
    if (!result.ok) throw new Error(`signup ${key}: ${JSON.stringify(result)}`);
    const token = await createToken(db(), { tenantId: flirt.id, userId: result.user.id, kind: 'activation' });
    expect(await activateAccount(db(), flirt, token)).toBe(true);
    return db().selectFrom('users').selectAll().where('id', '=', result.user.id).executeTakeFirstOrThrow();
  }

  async function search(viewer: { user: User | null; location?: { lat: number; lon: number } }, filters: Record<string, unknown> = {}) {
    const result = await searchMembers(db(), flirt, { hasTrafficSource: false, location: null, ...viewer }, filters);
    if (!result.ok) throw new Error(result.error);
    return result;
  }

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    await seedDemoProfiles(database.db, 300);
    anna = await member('anna');
    bea = await member('bea');
    await searchIndexOf(db()).ready();
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("gives each member the pool's page without their own profile or the ones they blocked", async () => {
    const visitorPage = (await search({ user: null })).results.map((card) => card.id);
    expect(visitorPage).toHaveLength(PAGE_SIZE);
    expect(keptResultPages(db())).toBe(1);
    // The two new members are the newest profiles: on a visitor's first page, each left out of their own.
    expect(visitorPage.slice(0, 2)).toEqual([bea.profile_id, anna.profile_id]);
    const annaBefore = (await search({ user: anna })).results.map((card) => card.id);
    expect(annaBefore).not.toContain(anna.profile_id);
    expect(annaBefore).toContain(bea.profile_id);
    // Cut from the visitor's prefix: still one kept.
    expect(keptResultPages(db())).toBe(1);

    const blocked = visitorPage[5]!;
    expect((await blockProfile(db(), flirt, { user: anna }, blocked)).ok).toBe(true);
    const annaAfter = (await search({ user: anna })).results.map((card) => card.id);
    const beaAfter = (await search({ user: bea })).results.map((card) => card.id);
    expect(annaAfter).not.toContain(blocked);
    expect(annaAfter).toEqual(visitorPage.filter((id) => id !== anna.profile_id && id !== blocked).concat(annaAfter.slice(-2)));
    expect(annaAfter).toHaveLength(PAGE_SIZE);
    // Bea blocked nobody: she still finds that profile, and does not find herself.
    expect(beaAfter).toContain(blocked);
    expect(beaAfter).not.toContain(bea.profile_id);
  });

  it("works out distances from each viewer's own position", async () => {
    const amsterdam = await search({ user: anna, location: { lat: 52.37, lon: 4.9 } });
    const maastricht = await search({ user: anna, location: { lat: 50.85, lon: 5.69 } });
    const none = await search({ user: bea });
    const withPlace = amsterdam.results.findIndex((card) => card.distance !== null);
    expect(withPlace).toBeGreaterThanOrEqual(0);
    expect(maastricht.results[withPlace]!.id).toBe(amsterdam.results[withPlace]!.id);
    expect(maastricht.results[withPlace]!.distance).not.toBe(amsterdam.results[withPlace]!.distance);
    expect(none.results.every((card) => card.distance === null)).toBe(true);
  });

  it('drops a profile that leaves the search at the next search, not after the time to live', async () => {
    const before = (await search({ user: null }, { page: 2 })).results.map((card) => card.id);
    const leaving = before[3]!;
    await db().updateTable('profiles').set({ listed: false }).where('id', '=', leaving).execute();
    const after = (await search({ user: null }, { page: 2 })).results.map((card) => card.id);
    expect(after).not.toContain(leaving);
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(after.slice(3, PAGE_SIZE - 1)).toEqual(before.slice(4));
  });
});
