// Issue 26 items 5 and 6 (docs/product.md §6, docs/decisions/0030), on PGlite and PostgreSQL: an invisible
// member is hidden from search and from others' likes and messages, except what they send while
// invisible; a privacy-mode member is shown — in search too — to exactly the people they liked or
// wrote to, with the search index loaded (a search with such a member asks the database alone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { setPrivacy } from '~/.server/accounts/notifications';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { setClockForTests } from '~/.server/clock';
import { listChats } from '~/.server/chat/conversations';
import { sendMessage } from '~/.server/chat/send';
import { grantCredits } from '~/.server/credits/ledger';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { likeProfile, listLikes } from '~/.server/likes/likes';
import { viewProfile } from '~/.server/members/profile';
import { PAGE_SIZE, searchMembers } from '~/.server/members/search';
import { searchIndexOf } from '~/.server/members/search-index';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { databaseKinds, migratedDatabase } from '../support/databases';

const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;

describe.each(databaseKinds)('visibility on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  let n = 0;

  async function member(name: string, gender: 'male' | 'female' = 'female'): Promise<User> {
    const result = await signUp(db(), flirt, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `${name}${++n}@example.com`, name, password: 'a good password', date_of_birth: '1985-01-01', gender, seeking: gender === 'male' ? 'female' : 'male',
      country: 'NL', terms: true, orientation_consent: true,
    });
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(await activateAccount(db(), flirt, await createToken(db(), { tenantId: flirt.id, userId: result.user.id, kind: 'activation' }))).toBe(true);
    await grantCredits(db(), 'bonus', { userId: result.user.id, credits: 20, reference: `test:${result.user.id}` });
    return reload(result.user);
  }
  const reload = (user: User) => db().selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  const as = (user: User) => ({ user, hasTrafficSource: false });
  const write = async (from: User, to: User, text = 'Hello') =>
    sendMessage(db(), flirt, { user: await reload(from) }, { profile: to.profile_id!, content: { kind: 'text', text } }, { media: createDiskStorage('/tmp/rdv-defects-a-media') });
  const chatsOf = async (user: User) => (await listChats(db(), flirt, 'en', { user: await reload(user) })).map((c) => c.profile.id);
  const likersOf = async (user: User) => (await listLikes(db(), flirt, { user: await reload(user) }))!.liked_by.map((l) => l.id);
  async function found(viewer: User, filters: Record<string, unknown> = {}) {
    const ids: number[] = [];
    let total = 0;
    for (let page = 1; page <= 50; page++) {
      const result = await searchMembers(db(), flirt, as(await reload(viewer)), { ...filters, page });
      if (!result.ok) throw new Error(result.error);
      total = result.numResults;
      ids.push(...result.results.map((r) => r.id));
      if (result.results.length < PAGE_SIZE) break;
    }
    return { ids, total };
  }

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    await seedDemoProfiles(database.db, 120);
    await searchIndexOf(database.db).ready();
  });
  afterAll(async () => {
    setClockForTests(null);
    await database?.close();
    await drop?.();
  });

  describe('item 5: invisible mode', () => {
    it('hides the member from the likes and messages they sent before going invisible', async () => {
      const iris = await member('Iris');
      const bob = await member('Bob', 'male');
      const carl = await member('Carl', 'male');
      expect(await likeProfile(db(), flirt, { user: iris }, bob.profile_id!)).toEqual({ ok: true, state: 'liked' });
      expect((await write(iris, carl)).ok).toBe(true);
      expect((await write(carl, iris, 'Hi Iris')).ok).toBe(true);
      expect(await likersOf(bob)).toEqual([iris.profile_id]);
      expect(await chatsOf(carl)).toEqual([iris.profile_id]);

      setClockForTests(new Date(Date.now() + 60_000));
      await setPrivacy(db(), iris, { invisible: true, privacy_mode: false });
      expect(await likersOf(bob)).toEqual([]);
      expect((await viewProfile(db(), flirt, as(bob), iris.profile_id!)).ok).toBe(false);
      expect(await chatsOf(carl)).toEqual([]);
      expect(await write(carl, iris, 'Still there?')).toEqual({ ok: false, error: 'not_found' });
      expect((await found(bob)).ids).not.toContain(iris.profile_id);
      // Iris herself still has her conversation.
      expect(await chatsOf(iris)).toEqual([carl.profile_id]);
    });

    it('shows what the member sends while invisible: they make the first move', async () => {
      const ines = await member('Ines');
      const dirk = await member('Dirk', 'male');
      const emil = await member('Emil', 'male');
      expect((await write(ines, emil)).ok).toBe(true);
      setClockForTests(new Date(Date.now() + 120_000));
      await setPrivacy(db(), ines, { invisible: true, privacy_mode: false });
      expect(await chatsOf(emil)).toEqual([]);
      setClockForTests(new Date(Date.now() + 180_000));
      expect(await likeProfile(db(), flirt, { user: await reload(ines) }, dirk.profile_id!)).toEqual({ ok: true, state: 'liked' });
      expect(await likersOf(dirk)).toEqual([ines.profile_id]);
      expect((await viewProfile(db(), flirt, as(dirk), ines.profile_id!)).ok).toBe(true);
      expect((await write(ines, emil, 'Me again')).ok).toBe(true);
      expect(await chatsOf(emil)).toEqual([ines.profile_id]);
      expect((await write(emil, ines, 'Welcome back')).ok).toBe(true);
      // Never in search, not even for those she reached out to.
      expect((await found(dirk)).ids).not.toContain(ines.profile_id);
      expect((await found(emil)).ids).not.toContain(ines.profile_id);
      // Visible again: everything shows as before.
      await setPrivacy(db(), await reload(ines), { invisible: false, privacy_mode: false });
      expect((await found(dirk)).ids).toContain(ines.profile_id);
    });
  });

  describe('item 6: privacy mode', () => {
    it('shows the member in search to the people they liked or wrote to, and to nobody else', async () => {
      const pia = await member('Pia');
      const liked = await member('Lars', 'male');
      const written = await member('Wim', 'male');
      const stranger = await member('Sven', 'male');
      const before = await found(stranger, { gender: 'female' });
      await setPrivacy(db(), pia, { invisible: false, privacy_mode: true });
      expect(await likeProfile(db(), flirt, { user: await reload(pia) }, liked.profile_id!)).toEqual({ ok: true, state: 'liked' });
      expect((await write(pia, written)).ok).toBe(true);

      for (const viewer of [liked, written]) {
        const all = await found(viewer, { gender: 'female' });
        expect(all.ids).toContain(pia.profile_id);
        // The count agrees with the pages: what the index counts plus her.
        expect(all.total).toBe(all.ids.length);
        expect(all.total).toBe(before.total);
        expect(all.ids).toEqual([...all.ids].sort((a, b) => b - a));
        // Filters still apply to her.
        expect((await found(viewer, { gender: 'male' })).ids).not.toContain(pia.profile_id);
        expect((await found(viewer, { gender: 'female', min_age: 50 })).ids).not.toContain(pia.profile_id);
      }
      const others = await found(stranger, { gender: 'female' });
      expect(others.ids).not.toContain(pia.profile_id);
      expect(others.total).toBe(before.total - 1);
      const visitor = await searchMembers(db(), flirt, { user: null, hasTrafficSource: false }, { gender: 'female' });
      expect(visitor.ok && visitor.results.map((r) => r.id)).not.toContain(pia.profile_id);
    });
  });
});
