// Visits and attribution in the domain layer (issue 23 item 4, docs/decisions/0027), on PGlite and
// PostgreSQL: a visit keeps network, ref, sub1–3 and a click id of ours; bots and repeated hits are
// no new visits (also under parallel hits); attribution is the last touch with a traffic source; a
// signup is attributed to the visit its cookie names, never to another tenant's.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { newId } from '~/.server/tracking/cookies';
import { attributionFor, memberAttribution, recordVisit, REPEAT_WINDOW_MS, type RecordVisitInput } from '~/.server/tracking/visits';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNiche } from '../support/niche';

const tenants = loadTenants('tenants');
const tenant = (id: string): Tenant => tenants.find((t) => t.id === id)!;
const flirt = tenant('flirtlokaal');
const herz = tenant('herzklopfen');
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const salt = { salt: 'test-salt' };

describe.each(databaseKinds)('visits on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  let n = 0;

  const hit = (overrides: Partial<RecordVisitInput> = {}, t: Tenant = flirt) =>
    recordVisit(
      db(),
      t,
      {
        lander: 'video',
        variant: 'default',
        profileId: null,
        path: '/landers/video',
        tracking: { network: 'adnet', ref: 'r1', sub1: 'spring', sub2: 'banner', sub3: 'de' },
        ip: '203.0.113.7',
        userAgent: PHONE,
        country: 'NL',
        visitorId: newId(),
        clickId: null,
        ...overrides,
      },
      salt,
    );
  const visits = () => db().selectFrom('visits').selectAll().orderBy('id').execute();
  const signup = (t: Tenant, attribution: Awaited<ReturnType<typeof attributionFor>>) => {
    n++;
    return signUp(db(), t, { ip: null, origin: 'http://x', locale: 'en', attribution }, {
      email: `v${n}@example.com`, name: `Visitor${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender: 'female', seeking: 'male',
      country: t.settings.countries[0], terms: true, orientation_consent: true, ...fitsNiche(t),
    });
  };

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });
  afterEach(async () => {
    setClockForTests(null);
    await db().updateTable('users').set({ visit_id: null }).execute();
    await db().deleteFrom('visits').execute();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('records network, ref, sub1–3, the lander and variant, country and user-agent class with a click id of ours', async () => {
    const result = await hit();
    expect(result.outcome).toBe('new');
    const [visit] = await visits();
    expect(visit).toMatchObject({
      tenant_id: 'flirtlokaal', network: 'adnet', ref: 'r1', sub1: 'spring', sub2: 'banner', sub3: 'de',
      lander: 'video', variant: 'default', path: '/landers/video', country: 'NL', user_agent_class: 'mobile', hits: 1,
    });
    expect(visit!.click_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(result).toMatchObject({ clickId: visit!.click_id, attributedClickId: visit!.click_id });
    // Neither the address nor the user agent is stored.
    expect(JSON.stringify(visit)).not.toContain('203.0.113.7');
    expect(JSON.stringify(visit)).not.toContain('iPhone');
  });

  it('does not count bots or agents without a user agent', async () => {
    expect((await hit({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).outcome).toBe('bot');
    expect((await hit({ userAgent: 'curl/8.5.0' })).outcome).toBe('bot');
    expect((await hit({ userAgent: null })).outcome).toBe('bot');
    expect(await visits()).toHaveLength(0);
  });

  it('counts a reload of the same visitor within the window once, and again after it', async () => {
    const visitorId = newId();
    const first = await hit({ visitorId });
    // Same cookie from another address (a phone changing networks): still the same visit.
    const again = await hit({ visitorId, ip: '198.51.100.9' });
    // No cookies kept, same address and agent: still the same visit.
    const cookieless = await hit({ visitorId: newId() });
    expect(again).toMatchObject({ outcome: 'repeat', clickId: (first as { clickId: string }).clickId });
    expect(cookieless.outcome).toBe('repeat');
    expect((await visits())[0]!.hits).toBe(3);
    setClockForTests(new Date(Date.now() + REPEAT_WINDOW_MS + 60_000));
    expect((await hit({ visitorId })).outcome).toBe('new');
    expect(await visits()).toHaveLength(2);
  });

  it('counts another lander, another traffic source or another visitor as a new visit', async () => {
    const visitorId = newId();
    await hit({ visitorId });
    expect((await hit({ visitorId, path: '/landers/gallery', lander: 'gallery' })).outcome).toBe('new');
    expect((await hit({ visitorId, tracking: { network: 'adnet', ref: 'r1', sub1: 'autumn' } })).outcome).toBe('new');
    expect((await hit({ ip: '198.51.100.1', userAgent: DESKTOP })).outcome).toBe('new');
    const all = await visits();
    expect(all).toHaveLength(4);
    expect(all[3]!.user_agent_class).toBe('desktop');
  });

  it('makes one visit of parallel hits of one visitor', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => hit({ visitorId: newId() })));
    expect(results.filter((result) => result.outcome === 'new')).toHaveLength(1);
    const all = await visits();
    expect(all).toHaveLength(1);
    expect(all[0]!.hits).toBe(8);
  });

  it('attributes to the last visit with a traffic source: a later visit without one keeps the credit where it was', async () => {
    const visitorId = newId();
    const paid = await hit({ visitorId });
    if (paid.outcome === 'bot') throw new Error('not a bot');
    const direct = await hit({ visitorId, path: '/landers/gallery', lander: 'gallery', tracking: null, clickId: paid.attributedClickId });
    expect(direct).toMatchObject({ outcome: 'new', attributedClickId: paid.clickId });
    const later = await hit({ visitorId, path: '/landers/maplanding', lander: 'maplanding', tracking: { network: 'othernet', ref: '9' }, clickId: paid.attributedClickId });
    if (later.outcome === 'bot') throw new Error('not a bot');
    expect(later.attributedClickId).toBe(later.clickId);
    expect(later.clickId).not.toBe(paid.clickId);
  });

  it('attributes a signup to the visit, with its traffic source, and opens signups with_trafficsource', async () => {
    const visit = await hit({ path: '/landers/video', tracking: { network: 'adnet', ref: 'r1', sub1: 'spring' } }, herz);
    if (visit.outcome === 'bot') throw new Error('not a bot');
    const attribution = await attributionFor(db(), herz, visit.attributedClickId);
    expect(attribution).toMatchObject({ clickId: visit.clickId, tracking: { network: 'adnet', ref: 'r1', sub1: 'spring' } });
    const result = await signup(herz, attribution);
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.user.visit_id).toBe(visit.visitId);
    expect(await memberAttribution(db(), herz, result.user.id)).toMatchObject({ click_id: visit.clickId, network: 'adnet', ref: 'r1', sub1: 'spring', lander: 'video' });
  });

  it('keeps signups closed with_trafficsource after a visit without a traffic source', async () => {
    const visit = await hit({ tracking: null }, herz);
    if (visit.outcome === 'bot') throw new Error('not a bot');
    const attribution = await attributionFor(db(), herz, visit.attributedClickId);
    expect(attribution?.tracking).toBeNull();
    expect(await signup(herz, attribution)).toEqual({ ok: false, error: 'signups_closed' });
    // On a site open to all, the member is still attributed to the lander they came through.
    const visitFlirt = await hit({ tracking: null });
    if (visitFlirt.outcome === 'bot') throw new Error('not a bot');
    const result = await signup(flirt, await attributionFor(db(), flirt, visitFlirt.attributedClickId));
    expect(result.ok && result.user.visit_id).toBe(visitFlirt.visitId);
  });

  it("never attributes to another tenant's visit, nor to one past the attribution window", async () => {
    const visit = await hit({}, flirt);
    if (visit.outcome === 'bot') throw new Error('not a bot');
    expect(await attributionFor(db(), herz, visit.clickId)).toBeNull();
    expect(await attributionFor(db(), flirt, 'not-a-click-id')).toBeNull();
    setClockForTests(new Date(Date.now() + 31 * 24 * 3600 * 1000));
    expect(await attributionFor(db(), flirt, visit.clickId)).toBeNull();
  });
});
