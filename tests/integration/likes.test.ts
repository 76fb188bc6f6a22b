// Likes, matches, the swipe game, auto-likes and the match finder in the domain layer (issue 12),
// on PGlite and PostgreSQL: the like-state matrix, the likes tabs, invisible, privacy-mode and block
// rules, the swipe game's daily limit under parallel requests and across the day boundary (moved
// clock), and auto-like's rules.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { AUTO_LIKE_EVERY_HOURS, autoLike } from '~/.server/likes/auto-like';
import { fitEachOther } from '~/.server/likes/fit';
import { countNewLikes, likeProfile, likesPage, likeState, likeStates, markLikeSeen, unlikeProfile, type LikesTab } from '~/.server/likes/likes';
import { findMatches } from '~/.server/likes/match-finder';
import { SWIPE_LIKES_PER_DAY, swipe, swipeDeck } from '~/.server/likes/swipe';
import { blockProfile } from '~/.server/members/blocking';
import { ageOn } from '~/.server/profiles/age';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const tenant = (id: string): Tenant => tenants.find((t) => t.id === id)!;
const flirt = tenant('flirtlokaal');

describe.each(databaseKinds)('likes on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  let n = 0;

  async function member(name: string, overrides: Record<string, unknown> = {}, t: Tenant = flirt): Promise<User> {
    n++;
    const result = await signUp(db(), t, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `${name.toLowerCase()}${n}@example.com`, name, password: 'a good password', date_of_birth: '1990-01-01', gender: 'female', seeking: 'male',
      country: t.settings.countries[0], terms: true, orientation_consent: true, tracking: { network: 'n', ref: 'r' }, ...overrides,
    });
    if (!result.ok) throw new Error(`signup ${name}: ${JSON.stringify(result)}`);
    const token = await createToken(db(), { tenantId: t.id, userId: result.user.id, kind: 'activation' });
    expect(await activateAccount(db(), t, token)).toBe(true);
    return db().selectFrom('users').selectAll().where('id', '=', result.user.id).executeTakeFirstOrThrow();
  }
  const man = (name: string, overrides: Record<string, unknown> = {}) => member(name, { gender: 'male', seeking: 'female', ...overrides });
  const ids = async (user: User, tab: LikesTab) => (await likesPage(db(), flirt, { user }, tab))!.cards.map((c) => c.id);
  const counts = async (user: User) => (await likesPage(db(), flirt, { user }, 'received'))!.counts;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    await seedDemoProfiles(database.db, 450);
  });

  afterEach(() => setClockForTests(null));

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  describe('like states', () => {
    it('goes none → liked / liked by them → match and back, the same on both sides, on cards and tabs', async () => {
      const anna = await member('Anna');
      const bram = await man('Bram');
      const a = anna.profile_id!;
      const b = bram.profile_id!;
      const both = async () => [await likeState(db(), a, b), await likeState(db(), b, a)];
      expect(await both()).toEqual(['none', 'none']);
      expect(await counts(anna)).toEqual({ received: 0, sent: 0, matches: 0 });

      expect(await likeProfile(db(), flirt, { user: anna }, b)).toEqual({ ok: true, state: 'liked' });
      expect(await both()).toEqual(['liked', 'liked_by_them']);
      expect((await likeStates(db(), b, [a, 1])).get(a)).toBe('liked_by_them');
      expect(await ids(anna, 'sent')).toEqual([b]);
      expect(await ids(bram, 'received')).toEqual([a]);
      expect(await countNewLikes(db(), flirt, { user: bram })).toBe(1);

      // Liking back makes a match and clears the new-like flag: Bram has seen it.
      expect(await likeProfile(db(), flirt, { user: bram }, a)).toEqual({ ok: true, state: 'match' });
      expect(await both()).toEqual(['match', 'match']);
      expect(await ids(anna, 'matches')).toEqual([b]);
      expect(await ids(bram, 'matches')).toEqual([a]);
      expect(await ids(bram, 'received')).toEqual([]);
      expect(await countNewLikes(db(), flirt, { user: bram })).toBe(0);
      // Anna's side of the match is new to her until she opens Bram's profile.
      const annaMatches = await likesPage(db(), flirt, { user: anna }, 'matches');
      expect(annaMatches!.cards[0]).toMatchObject({ id: b, like: 'match', like_new: true });
      expect(annaMatches!.newLikes).toBe(1);

      expect(await unlikeProfile(db(), { user: anna }, b)).toEqual({ ok: true, state: 'liked_by_them' });
      expect(await both()).toEqual(['liked_by_them', 'liked']);
      expect(await counts(anna)).toEqual({ received: 1, sent: 0, matches: 0 });
      expect(await counts(bram)).toEqual({ received: 0, sent: 1, matches: 0 });
      expect(await unlikeProfile(db(), { user: bram }, a)).toEqual({ ok: true, state: 'none' });
      expect(await both()).toEqual(['none', 'none']);
      // A second like changes nothing.
      await likeProfile(db(), flirt, { user: anna }, b);
      expect(await likeProfile(db(), flirt, { user: anna }, b)).toEqual({ ok: true, state: 'liked' });
    });

    it('lists each tab newest first, with the new-like flag until the liker\'s profile is opened', async () => {
      const cleo = await member('Cleo');
      const likers = [await man('Daan'), await man('Emre'), await man('Floris')];
      const start = Date.now();
      for (const [i, liker] of likers.entries()) {
        setClockForTests(new Date(start + i * 60_000));
        await likeProfile(db(), flirt, { user: liker }, cleo.profile_id!);
      }
      const received = await likesPage(db(), flirt, { user: cleo }, 'received');
      expect(received!.cards.map((c) => c.id)).toEqual(likers.map((l) => l.profile_id).reverse());
      expect(received!.cards.every((c) => c.like_new && c.like === 'liked_by_them')).toBe(true);
      expect(received!.newLikes).toBe(3);
      await markLikeSeen(db(), { user: cleo }, likers[1]!.profile_id!);
      const after = await likesPage(db(), flirt, { user: cleo }, 'received');
      expect(after!.cards.map((c) => c.like_new)).toEqual([true, false, true]);
      expect(after!.newLikes).toBe(2);
    });
  });

  describe('invisible, privacy mode and blocks', () => {
    it('refuses a first like to an invisible member; once they liked someone, that member can like back', async () => {
      const ines = await member('Ines');
      const jorn = await man('Jorn');
      const karel = await man('Karel');
      await db().updateTable('users').set({ invisible: true }).where('id', '=', ines.id).execute();
      expect(await likeProfile(db(), flirt, { user: jorn }, ines.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      expect(await likeProfile(db(), flirt, { user: ines }, jorn.profile_id!)).toEqual({ ok: true, state: 'liked' });
      expect(await ids(jorn, 'received')).toEqual([ines.profile_id]);
      expect(await likeProfile(db(), flirt, { user: jorn }, ines.profile_id!)).toEqual({ ok: true, state: 'match' });
      // Karel, whom she did not like, still cannot.
      expect(await likeProfile(db(), flirt, { user: karel }, ines.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      // Invisible members are never offered in the swipe game or the match finder.
      const deck = await swipeDeck(db(), flirt, { user: karel }, 200);
      expect(deck!.profiles.map((p) => p.id)).not.toContain(ines.profile_id);
      expect((await findMatches(db(), flirt, { user: karel }, { area: 'all', photo: '0' }))!.matches.map((m) => m.id)).not.toContain(ines.profile_id);
    });

    it('shows a privacy-mode member only to those they liked', async () => {
      const lies = await member('Lies');
      const mats = await man('Mats');
      const niels = await man('Niels');
      await db().updateTable('users').set({ privacy_mode: true }).where('id', '=', lies.id).execute();
      expect(await likeProfile(db(), flirt, { user: mats }, lies.profile_id!)).toEqual({ ok: false, error: 'not_found' });
      await likeProfile(db(), flirt, { user: lies }, mats.profile_id!);
      expect(await ids(mats, 'received')).toEqual([lies.profile_id]);
      expect(await ids(niels, 'received')).toEqual([]);
      expect(await likeProfile(db(), flirt, { user: mats }, lies.profile_id!)).toEqual({ ok: true, state: 'match' });
      expect(await likeProfile(db(), flirt, { user: niels }, lies.profile_id!)).toEqual({ ok: false, error: 'not_found' });
    });

    it('takes a blocked profile off both members\' likes, badge, swipe deck and match finder', async () => {
      const olga = await member('Olga');
      const piet = await man('Piet');
      await likeProfile(db(), flirt, { user: piet }, olga.profile_id!);
      await likeProfile(db(), flirt, { user: olga }, piet.profile_id!);
      expect(await ids(olga, 'matches')).toEqual([piet.profile_id]);
      await blockProfile(db(), flirt, { user: olga }, piet.profile_id!);
      expect(await counts(olga)).toEqual({ received: 0, sent: 0, matches: 0 });
      expect(await counts(piet)).toEqual({ received: 0, sent: 0, matches: 0 });
      expect(await countNewLikes(db(), flirt, { user: piet })).toBe(0);
      // Blocked by Olga: a like and a swipe get the answer a message or a gift gets (issue 48 item 12, decision 0069).
      expect(await likeProfile(db(), flirt, { user: piet }, olga.profile_id!)).toEqual({ ok: false, error: 'blocked', name: 'Olga' });
      expect(await swipe(db(), flirt, { user: piet }, olga.profile_id!, true)).toEqual({ ok: false, error: 'blocked', name: 'Olga' });
      expect((await swipeDeck(db(), flirt, { user: piet }, 200))!.profiles.map((p) => p.id)).not.toContain(olga.profile_id);
    });
  });

  describe('the swipe game', () => {
    it('deals profiles with a photo that fit the member both ways, never liked, passed or blocked ones, and mixes in who liked them', async () => {
      const quinten = await man('Quinten');
      const deck = (await swipeDeck(db(), flirt, { user: quinten }))!;
      expect(deck.profiles.length).toBe(10);
      expect(deck.remaining).toBe(SWIPE_LIKES_PER_DAY);
      const rows = await db().selectFrom('profiles').select(['id', 'gender', 'sexuality', 'main_photo_id', 'country']).where('id', 'in', deck.profiles.map((p) => p.id)).execute();
      for (const row of rows) {
        expect(fitEachOther({ gender: 'male', sexuality: 'hetero' }, row)).toBe(true);
        expect(row.main_photo_id).not.toBeNull();
        expect(flirt.settings.countries).toContain(row.country);
      }
      const [first, second, third] = deck.profiles;
      expect((await swipe(db(), flirt, { user: quinten }, first!.id, true))).toEqual({ ok: true, state: 'liked', remaining: 3 });
      expect((await swipe(db(), flirt, { user: quinten }, second!.id, false))).toEqual({ ok: true, state: 'none', remaining: 3 });
      await blockProfile(db(), flirt, { user: quinten }, third!.id);
      const next = (await swipeDeck(db(), flirt, { user: quinten }, 200))!.profiles.map((p) => p.id);
      expect(next).not.toContain(first!.id);
      expect(next).not.toContain(second!.id);
      expect(next).not.toContain(third!.id);
      // A retried swipe changes nothing and costs nothing.
      expect((await swipe(db(), flirt, { user: quinten }, first!.id, true))).toEqual({ ok: true, state: 'liked', remaining: 3 });

      // A member who likes Quinten turns up in his deck; liking them there makes a match.
      const roos = await member('Roos');
      await db().updateTable('profiles').set({ main_photo_id: (await db().selectFrom('photos').select('id').executeTakeFirstOrThrow()).id }).where('id', '=', roos.profile_id!).execute();
      await likeProfile(db(), flirt, { user: roos }, quinten.profile_id!);
      const withLiker = (await swipeDeck(db(), flirt, { user: quinten }))!.profiles.map((p) => p.id);
      expect(withLiker.indexOf(roos.profile_id!)).toBe(1);
      expect(await swipe(db(), flirt, { user: quinten }, roos.profile_id!, true)).toEqual({ ok: true, state: 'match', remaining: 2 });
    });

    it('allows 4 likes a day even when 8 arrive at once, and refuses the 5th; passes still work', async () => {
      const sem = await man('Sem');
      const deck = (await swipeDeck(db(), flirt, { user: sem }))!;
      const results = await Promise.all(deck.profiles.slice(0, 8).map((p) => swipe(db(), flirt, { user: sem }, p.id, true)));
      expect(results.filter((r) => r.ok)).toHaveLength(SWIPE_LIKES_PER_DAY);
      expect(results.filter((r) => !r.ok)).toEqual(Array(8 - SWIPE_LIKES_PER_DAY).fill({ ok: false, error: 'daily_limit', remaining: 0 }));
      expect(await counts(sem)).toMatchObject({ sent: SWIPE_LIKES_PER_DAY });
      // The refused likes left nothing behind: those profiles are still in the deck.
      const refused = deck.profiles.slice(0, 8).filter((_, i) => !results[i]!.ok).map((p) => p.id);
      const again = (await swipeDeck(db(), flirt, { user: sem }, 200))!;
      expect(again.remaining).toBe(0);
      for (const id of refused) expect(again.profiles.map((p) => p.id)).toContain(id);
      expect(await swipe(db(), flirt, { user: sem }, deck.profiles[9]!.id, false)).toEqual({ ok: true, state: 'none', remaining: 0 });
      // Liking on a profile page is not the game: no limit there.
      expect(await likeProfile(db(), flirt, { user: sem }, refused[0]!)).toEqual({ ok: true, state: 'liked' });
    });

    it('gives 4 new likes at midnight in the member\'s time zone (Europe/Amsterdam for NL)', async () => {
      const thijs = await man('Thijs');
      // 23:59:30 in Amsterdam in winter is 22:59:30 UTC.
      setClockForTests(new Date('2027-01-14T22:59:30Z'));
      const deck = (await swipeDeck(db(), flirt, { user: thijs }))!;
      expect(deck.resets_at).toBe('2027-01-14T23:00:00.000Z');
      for (const profile of deck.profiles.slice(0, 4)) expect((await swipe(db(), flirt, { user: thijs }, profile.id, true)).ok).toBe(true);
      expect(await swipe(db(), flirt, { user: thijs }, deck.profiles[4]!.id, true)).toMatchObject({ ok: false, error: 'daily_limit' });
      setClockForTests(new Date('2027-01-14T23:00:30Z'));
      expect((await swipeDeck(db(), flirt, { user: thijs }))!.remaining).toBe(4);
      expect(await swipe(db(), flirt, { user: thijs }, deck.profiles[4]!.id, true)).toMatchObject({ ok: true, remaining: 3 });
      // In summer Amsterdam is UTC+2.
      setClockForTests(new Date('2027-07-01T12:00:00Z'));
      expect((await swipeDeck(db(), flirt, { user: thijs }))!.resets_at).toBe('2027-07-01T22:00:00.000Z');
    });
  });

  describe('auto-like', () => {
    const later = (user: User, minutes: number) => setClockForTests(new Date(new Date(user.created_at).getTime() + minutes * 60_000));

    it('waits 10 minutes after signup, then makes one fitting fictional profile like the member, at most every 6 hours', async () => {
      const umut = await man('Umut');
      const first = await autoLike(db(), flirt, { user: umut });
      expect(first).toMatchObject({ ok: true, profile: null });
      later(umut, 11);
      const made = await autoLike(db(), flirt, { user: umut });
      if (!made.ok || !made.profile) throw new Error('no auto-like');
      expect(made.profile.main_image.match).toMatch(new RegExp(`^${flirt.settings.cdn_prefix}demo/.+\\.webp$`));
      expect(made.profile.fictional).toBe(true);
      const liker = await db().selectFrom('profiles').selectAll().where('id', '=', made.profile.id).executeTakeFirstOrThrow();
      expect(liker.fictional).toBe(true);
      expect(fitEachOther({ gender: 'male', sexuality: 'hetero' }, liker)).toBe(true);
      expect(made.profile.age).toBe(ageOn(liker.birth_date, new Date().toISOString().slice(0, 10)));
      expect(await likeState(db(), umut.profile_id!, made.profile.id)).toBe('liked_by_them');
      expect(await ids(umut, 'received')).toEqual([made.profile.id]);
      later(umut, 11 + 60);
      expect(await autoLike(db(), flirt, { user: umut })).toMatchObject({ ok: true, profile: null });
      later(umut, 11 + AUTO_LIKE_EVERY_HOURS * 60 + 1);
      const again = await autoLike(db(), flirt, { user: umut });
      expect(again.ok && again.profile?.id).toBeTruthy();
      expect(again.ok && again.profile?.id).not.toBe(made.profile.id);
    });

    it('makes one like at most when called in parallel', async () => {
      const vince = await man('Vince');
      later(vince, 11);
      const results = await Promise.all(Array.from({ length: 6 }, () => autoLike(db(), flirt, { user: vince })));
      expect(results.filter((r) => r.ok && r.profile)).toHaveLength(1);
      expect(await counts(vince)).toMatchObject({ received: 1 });
    });

    it('never picks a profile the member blocked, passed, or is already in a like or match with', async () => {
      const first = () => 0;
      const wim = await man('Wim');
      later(wim, 11);
      const probe = await autoLike(db(), flirt, { user: wim }, first);
      const top = probe.ok ? probe.profile!.id : 0;
      // Another member: the same first candidate, blocked, passed or matched, is never chosen.
      for (const setUp of [
        (user: User) => blockProfile(db(), flirt, { user }, top),
        (user: User) => swipe(db(), flirt, { user }, top, false),
        async (user: User) => {
          await likeProfile(db(), flirt, { user }, top);
          await db().insertInto('likes').values({ liker_profile_id: top, liked_profile_id: user.profile_id!, seen_at: null }).execute();
        },
        (user: User) => likeProfile(db(), flirt, { user }, top),
      ]) {
        const other = await man('Xander');
        await setUp(other);
        later(other, 11);
        const result = await autoLike(db(), flirt, { user: other }, first);
        expect(result.ok && result.profile).toBeTruthy();
        expect(result.ok && result.profile!.id).not.toBe(top);
      }
    });

    it('waits while the member has 3 new likes, and answers 403 to visitors', async () => {
      const yara = await member('Yara');
      for (const name of ['Abe', 'Bob', 'Cas']) await likeProfile(db(), flirt, { user: await man(name) }, yara.profile_id!);
      later(yara, 11);
      expect(await autoLike(db(), flirt, { user: yara })).toMatchObject({ ok: true, profile: null });
      expect(await autoLike(db(), flirt, { user: null })).toEqual({ ok: false, error: 'authentication_required' });
    });
  });

  describe('the match finder', () => {
    it('offers fitting profiles in the chosen ages and area, best score first, with reasons; never liked ones', async () => {
      const zoe = await member('Zoe', { date_of_birth: '1985-06-01' });
      const found = (await findMatches(db(), flirt, { user: zoe }, {}))!;
      const age = ageOn('1985-06-01', new Date().toISOString().slice(0, 10));
      expect(found.choices).toEqual({ min_age: age - 10, max_age: age + 10, area: 'country', photo: true });
      expect(found.matches.length).toBeGreaterThan(0);
      const scores = found.matches.map((m) => m.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      for (const match of found.matches) {
        expect(match.age).toBeGreaterThanOrEqual(age - 10);
        expect(match.age).toBeLessThanOrEqual(age + 10);
        expect(match.country).toBe('NL');
        expect(match.main_image).not.toBeNull();
        expect(match.gender).toBe('male');
      }
      const best = found.matches[0]!;
      await likeProfile(db(), flirt, { user: zoe }, best.id);
      expect((await findMatches(db(), flirt, { user: zoe }, {}))!.matches.map((m) => m.id)).not.toContain(best.id);
      // Bad choices fall back to the defaults (here: from age − 10, which is above 30); a reversed range is put right.
      expect((await findMatches(db(), flirt, { user: zoe }, { min_age: '200', area: 'moon', max_age: '30' }))!.choices).toEqual({ min_age: 30, max_age: age - 10, area: 'country', photo: true });
      expect((await findMatches(db(), flirt, { user: zoe }, { min_age: '50', max_age: '30' }))!.choices).toMatchObject({ min_age: 30, max_age: 50 });
    });
  });
});
