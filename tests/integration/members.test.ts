// The access matrix of docs/product.md §6 in the domain layer — visitor, free, premium, blocked, invisible,
// privacy mode, another tenant's member — over search, profile and photos; on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { today } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { likeProfile, listLikes, markLikeSeen, unlikeProfile } from '~/.server/likes/likes';
import { blockProfile, unblockProfile } from '~/.server/members/blocking';
import { viewProfile } from '~/.server/members/profile';
import { PAGE_SIZE, searchMembers } from '~/.server/members/search';
import { ageOn } from '~/.server/profiles/age';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const tenant = (id: string): Tenant => tenants.find((t) => t.id === id)!;
const flirt = tenant('flirtlokaal');
const visitor = { user: null, hasTrafficSource: false };

describe.each(databaseKinds)('members on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  const members: Record<string, User> = {};

  async function member(key: string, t: Tenant, overrides: Record<string, unknown> = {}): Promise<User> {
    const result = await signUp(db(), t, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `${key}@example.com`, name: key, password: 'a good password', date_of_birth: '1990-01-01', gender: 'female', seeking: 'male',
      country: t.settings.countries[0], terms: true, orientation_consent: true, tracking: { network: 'n', ref: 'r' }, ...overrides,
    });
    if (!result.ok) throw new Error(`signup ${key}: ${JSON.stringify(result)}`);
    const token = await createToken(db(), { tenantId: t.id, userId: result.user.id, kind: 'activation' });
    expect(await activateAccount(db(), t, token)).toBe(true);
    return db().selectFrom('users').selectAll().where('id', '=', result.user.id).executeTakeFirstOrThrow();
  }
  const as = (user: User) => ({ user, hasTrafficSource: false });
  async function allIds(viewer: { user: User | null; hasTrafficSource: boolean }, t: Tenant = flirt, filters: Record<string, unknown> = {}) {
    const ids: number[] = [];
    for (let page = 1; page <= 40; page++) {
      const result = await searchMembers(db(), t, viewer, { ...filters, page });
      if (!result.ok) throw new Error(result.error);
      ids.push(...result.results.map((r) => r.id));
      if (result.results.length < PAGE_SIZE) break;
    }
    return ids;
  }

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    await seedDemoProfiles(database.db, 450);
    members.anna = await member('anna', flirt);
    members.bram = await member('bram', flirt, { gender: 'male', seeking: 'female' });
    members.cora = await member('cora', flirt);
    members.dirk = await member('dirk', flirt, { gender: 'male', seeking: 'female' });
    members.eva = await member('eva', flirt);
    members.hilde = await member('hilde', tenant('herzklopfen'), { country: 'DE', seeking: 'female' }); // niche 2: women who like women
    await db().updateTable('users').set({ invisible: true }).where('id', '=', members.cora!.id).execute();
    await db().updateTable('users').set({ privacy_mode: true }).where('id', '=', members.eva!.id).execute();
    await db().updateTable('users').set({ paid_user: true }).where('id', '=', members.dirk!.id).execute();
    members.dirk = await db().selectFrom('users').selectAll().where('id', '=', members.dirk!.id).executeTakeFirstOrThrow();
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  describe('who may search', () => {
    it('lets visitors search where the tenant allows logged-out search', async () => {
      expect((await searchMembers(db(), flirt, visitor, {})).ok).toBe(true);
    });

    it('refuses visitors where logged-out search is off', async () => {
      expect(await searchMembers(db(), tenant('solvhjerter'), visitor, {})).toEqual({ ok: false, error: 'login_required' });
    });

    it('lets visitors with a traffic source search where only they may', async () => {
      const herz = tenant('herzklopfen');
      expect(await searchMembers(db(), herz, visitor, {})).toEqual({ ok: false, error: 'login_required' });
      expect((await searchMembers(db(), herz, { user: null, hasTrafficSource: true }, {})).ok).toBe(true);
    });

    it('lets every member search', async () => {
      expect((await searchMembers(db(), tenant('solvhjerter'), as(members.anna!), {})).ok).toBe(true);
    });
  });

  describe('whom a search finds', () => {
    it('finds the tenant\'s own confirmed members and fictional profiles, never another tenant\'s member', async () => {
      const ids = await allIds(visitor);
      expect(ids).toContain(members.anna!.profile_id);
      expect(ids).toContain(members.bram!.profile_id);
      expect(ids).not.toContain(members.hilde!.profile_id);
      const herzIds = await allIds({ user: null, hasTrafficSource: true }, tenant('herzklopfen'));
      expect(herzIds).toContain(members.hilde!.profile_id);
      expect(herzIds).not.toContain(members.anna!.profile_id);
    });

    it('never finds invisible members or members in privacy mode', async () => {
      const ids = await allIds(as(members.bram!));
      expect(ids).not.toContain(members.cora!.profile_id);
      expect(ids).not.toContain(members.eva!.profile_id);
    });

    it('does not show members their own profile', async () => {
      expect(await allIds(as(members.anna!))).not.toContain(members.anna!.profile_id);
    });

    it('applies gender, country and age filters', async () => {
      const result = await searchMembers(db(), flirt, visitor, { gender: 'male', country: 'BE', min_age: 30, max_age: 45 });
      if (!result.ok) throw new Error();
      expect(result.results.length).toBeGreaterThan(0);
      for (const card of result.results) {
        expect(card).toMatchObject({ gender: 'male', country: 'BE' });
        expect(card.age).toBeGreaterThanOrEqual(30);
        expect(card.age).toBeLessThanOrEqual(45);
      }
      expect(result.numResults).toBeGreaterThanOrEqual(result.results.length);
    });

    it('ignores a country the tenant does not serve', async () => {
      const result = await searchMembers(db(), flirt, visitor, { country: 'DE' });
      expect(result.ok && result.numResults).toBe(0);
    });

    it('suggests similar profiles when few match', async () => {
      const result = await searchMembers(db(), flirt, visitor, { gender: 'female', country: 'NL', min_age: 79, max_age: 80 });
      if (!result.ok) throw new Error();
      expect(result.results.length).toBeLessThan(PAGE_SIZE);
      expect(result.similar.length).toBeGreaterThan(0);
      expect(result.similar.every((c) => c.gender === 'female' && c.country === 'NL')).toBe(true);
    });
  });

  describe('profiles and photos', () => {
    async function fictionalWithPhotos(min: number) {
      const row = await db()
        .selectFrom('profiles')
        .innerJoin('photos', 'photos.profile_id', 'profiles.id')
        .select(['profiles.id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('profiles.country', 'in', flirt.settings.countries)
        .where('profiles.fictional', '=', true)
        .groupBy('profiles.id')
        .having((eb) => eb.fn.countAll(), '>=', min)
        .executeTakeFirstOrThrow();
      return row.id;
    }

    it('shows the tenant\'s visible fields and the fictional mark', async () => {
      const id = await fictionalWithPhotos(1);
      const result = await viewProfile(db(), flirt, visitor, id);
      if (!result.ok) throw new Error(result.error);
      expect(result.profile.fictional).toBe(true);
      expect(Object.keys(result.profile.fields).every((f) => (flirt.settings.visible_profile_fields as string[]).includes(f))).toBe(true);
      const herz = await viewProfile(db(), tenant('herzklopfen'), { user: null }, members.hilde!.profile_id!);
      expect(herz.ok && 'sexuality' in herz.profile.fields).toBe(false); // Herzklopfen does not show it
    });

    it('gives visitors one photo, free members three and premium members all', async () => {
      const id = await fictionalWithPhotos(4);
      const seen = async (viewer: { user: User | null }) => {
        const result = await viewProfile(db(), flirt, viewer, id);
        if (!result.ok) throw new Error(result.error);
        return result.profile.photos.length;
      };
      expect(await seen({ user: null })).toBe(1);
      expect(await seen({ user: members.anna! })).toBe(3);
      expect(await seen({ user: members.dirk! })).toBe(4);
    });

    it('does not show another tenant\'s member, an invisible member or a profile that does not exist', async () => {
      expect(await viewProfile(db(), flirt, visitor, members.hilde!.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      expect(await viewProfile(db(), flirt, as(members.anna!), members.cora!.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      expect(await viewProfile(db(), flirt, visitor, 99_999_999)).toEqual({ ok: false, error: 'not_found' });
    });

    it('computes the age from the date of birth', async () => {
      const result = await viewProfile(db(), flirt, visitor, members.anna!.profile_id!);
      expect(result.ok && result.profile.fields.age).toBe(ageOn('1990-01-01', today()));
    });
  });

  describe('blocking', () => {
    it('keeps the blocked member out of the blocker\'s profile and both out of each other\'s search', async () => {
      const anna = members.anna!;
      const bram = members.bram!;
      expect(await blockProfile(db(), flirt, { user: anna }, bram.profile_id!)).toEqual({ ok: true });
      expect(await viewProfile(db(), flirt, { user: bram }, anna.profile_id!)).toEqual({ ok: false, error: 'blocked', name: 'anna' });
      expect(await allIds(as(bram))).not.toContain(anna.profile_id);
      expect(await allIds(as(anna))).not.toContain(bram.profile_id);
      // Others still see both.
      expect(await allIds(as(members.dirk!))).toEqual(expect.arrayContaining([anna.profile_id, bram.profile_id]));
      expect(await unblockProfile(db(), { user: anna }, bram.profile_id!)).toEqual({ ok: true });
      expect((await viewProfile(db(), flirt, { user: bram }, anna.profile_id!)).ok).toBe(true);
    });

    it('needs an account, refuses blocking oneself and profiles one cannot see', async () => {
      expect(await blockProfile(db(), flirt, { user: null }, members.anna!.profile_id!)).toEqual({ ok: false, error: 'authentication_required' });
      expect(await blockProfile(db(), flirt, { user: members.anna! }, members.anna!.profile_id!)).toEqual({ ok: false, error: 'self' });
      expect(await blockProfile(db(), flirt, { user: members.anna! }, members.hilde!.profile_id!)).toEqual({ ok: false, error: 'not_found' });
    });
  });
  describe('likes, privacy mode and invisible mode', () => {
    it('shows a privacy-mode member only to the members they liked, in search too (decision 0030)', async () => {
      const gina = await member('gina', flirt);
      const hans = await member('hans', flirt, { gender: 'male', seeking: 'female' });
      const ivo = await member('ivo', flirt, { gender: 'male', seeking: 'female' });
      await db().updateTable('users').set({ privacy_mode: true }).where('id', '=', gina.id).execute();
      expect((await viewProfile(db(), flirt, as(hans), gina.profile_id!)).ok).toBe(false);

      expect(await likeProfile(db(), flirt, { user: gina }, hans.profile_id!)).toEqual({ ok: true, state: 'liked' });
      expect((await viewProfile(db(), flirt, as(hans), gina.profile_id!)).ok).toBe(true);
      expect(await viewProfile(db(), flirt, as(ivo), gina.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      expect(await viewProfile(db(), flirt, visitor, gina.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      expect(await allIds(as(hans))).toContain(gina.profile_id);
      expect(await allIds(as(ivo))).not.toContain(gina.profile_id);
      expect(await allIds(visitor)).not.toContain(gina.profile_id);
      const likes = await listLikes(db(), flirt, { user: hans });
      expect(likes?.liked_by).toEqual([{ id: gina.profile_id, like_new: true }]);
      expect(likes?.profiles.map((p) => p.id)).toEqual([gina.profile_id]);

      // Hans likes back: a match. Once Gina takes her like back, she is hidden from him again.
      expect(await likeProfile(db(), flirt, { user: hans }, gina.profile_id!)).toEqual({ ok: true, state: 'match' });
      expect(await unlikeProfile(db(), { user: gina }, hans.profile_id!)).toEqual({ ok: true, state: 'liked_by_them' });
      expect(await viewProfile(db(), flirt, as(hans), gina.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      expect(await allIds(as(hans))).not.toContain(gina.profile_id);
    });

    it('lets an invisible member be seen by the member they liked, until their account is on its way out', async () => {
      const jet = await member('jet', flirt);
      const kees = await member('kees', flirt, { gender: 'male', seeking: 'female' });
      await db().updateTable('users').set({ invisible: true }).where('id', '=', jet.id).execute();
      expect(await viewProfile(db(), flirt, as(kees), jet.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      // Kees cannot like someone he cannot see; Jet has to make the first move.
      expect(await likeProfile(db(), flirt, { user: kees }, jet.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      expect((await likeProfile(db(), flirt, { user: jet }, kees.profile_id!)).ok).toBe(true);
      expect((await viewProfile(db(), flirt, as(kees), jet.profile_id!)).ok).toBe(true);
      expect(await likeProfile(db(), flirt, { user: kees }, jet.profile_id!)).toEqual({ ok: true, state: 'match' });
      await db().updateTable('users').set({ status: 'pending_deletion' }).where('id', '=', jet.id).execute();
      expect(await viewProfile(db(), flirt, as(kees), jet.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      expect((await listLikes(db(), flirt, { user: kees }))?.liked_by).toEqual([]);
    });

    it('clears the new-like flag once the liked member opens the liker\'s profile', async () => {
      const lotte = await member('lotte', flirt);
      const maarten = await member('maarten', flirt, { gender: 'male', seeking: 'female' });
      await likeProfile(db(), flirt, { user: lotte }, maarten.profile_id!);
      expect((await listLikes(db(), flirt, { user: maarten }))?.liked_by).toEqual([{ id: lotte.profile_id, like_new: true }]);
      await markLikeSeen(db(), { user: maarten }, lotte.profile_id!);
      expect((await listLikes(db(), flirt, { user: maarten }))?.liked_by).toEqual([{ id: lotte.profile_id, like_new: false }]);
    });

    it('needs an account, refuses liking oneself, another tenant\'s member and across a block either way', async () => {
      const nina = await member('nina', flirt);
      const otto = await member('otto', flirt, { gender: 'male', seeking: 'female' });
      expect(await likeProfile(db(), flirt, { user: null }, otto.profile_id!)).toEqual({ ok: false, error: 'authentication_required' });
      expect(await listLikes(db(), flirt, { user: null })).toBeNull();
      expect(await likeProfile(db(), flirt, { user: nina }, nina.profile_id!)).toEqual({ ok: false, error: 'self' });
      expect(await likeProfile(db(), flirt, { user: nina }, members.hilde!.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      expect(await likeProfile(db(), tenant('herzklopfen'), { user: members.hilde! }, nina.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      await blockProfile(db(), flirt, { user: otto }, nina.profile_id!);
      // Blocked by otto, nina hears so as for a message or a gift (issue 48 item 12, decision 0069); otto, who blocked, finds no one to like.
      expect(await likeProfile(db(), flirt, { user: nina }, otto.profile_id!)).toEqual({ ok: false, error: 'blocked', name: 'otto' });
      expect(await likeProfile(db(), flirt, { user: otto }, nina.profile_id!)).toEqual({ ok: false, error: 'not_found' });
    });
  });
});
