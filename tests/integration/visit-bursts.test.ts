// Bursts of visits (issue 31 item 7, docs/decisions/0055) on PGlite and PostgreSQL: 30 new visits from
// one address with 30 user agents on one lander count as one visit in the funnel and are listed as a
// suspicious burst (the address masked to its network); 30 returning visitors behind one address,
// each with the visitor cookie an earlier visit handed out, stay 30 visits. The rule's edges: 9
// agents are no burst, nor are 10 spread over more than 10 minutes; a made-up cookie is no returning
// visitor; another lander or another address is another count; an IPv6 /64 is one address; parallel
// visits agree on one burst. Only the site's marketer sees the list.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { Tracking } from '~/.server/db/schema';
import { burstsCsv, funnelReport, splitReport, suspiciousBursts } from '~/.server/marketing/reports';
import { loadTenants } from '~/.server/tenants/registry';
import { burstAddress, maskedAddress } from '~/.server/tracking/bursts';
import { newId } from '~/.server/tracking/cookies';
import { recordVisit } from '~/.server/tracking/visits';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { operatorOn } from '../support/operators';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
const DAY = '2026-06-10';
const RANGE = { from: '2026-06-01', to: DAY };
const START = Date.parse(`${DAY}T09:00:00Z`);

/** A browser's user agent, different for each n. */
const agent = (n: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + n}.0.${n}.0 Safari/537.36`;

describe('the address a burst is counted by', () => {
  it('is an IPv4 address itself or an IPv6 /64, and is shown masked to its network', () => {
    expect(burstAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(burstAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(burstAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(burstAddress('2001:db8:1:2:bbbb::9')).toBe(burstAddress('2001:db8:1:2:aaaa::1'));
    expect(burstAddress('10.77.18662.11')).toBeNull();
    expect(burstAddress(null)).toBeNull();
    expect(maskedAddress('203.0.113.7')).toBe('203.0.113.0/24');
    expect(maskedAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1::/48');
  });
});

describe.each(databaseKinds)('bursts of visits on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });
  afterEach(() => setClockForTests(null));
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const marketer = () => operatorOn(db(), [flirt.id], 'Marketer', ['marketing']);

  /** One hit as the visit recorder makes it: at START + `seconds`; a new visitor (whose new id is `visitorId`), or one whose rdv_vid cookie holds `cookie`. */
  async function visit(input: { seconds: number; ip: string; n: number; path?: string; tracking?: Tracking; cookie?: string; visitorId?: string; tenant?: typeof flirt }) {
    setClockForTests(new Date(START + input.seconds * 1000));
    const path = input.path ?? '/landers/video';
    const result = await recordVisit(
      db(),
      input.tenant ?? flirt,
      {
        lander: path.split('/')[2] ?? null,
        variant: null,
        profileId: null,
        path,
        tracking: input.tracking ?? null,
        ip: input.ip,
        userAgent: agent(input.n),
        country: 'NL',
        visitorId: input.cookie ?? input.visitorId ?? newId(),
        visitorCookie: input.cookie !== undefined,
        clickId: null,
      },
      { salt: 'test-salt' },
    );
    if (result.outcome === 'bot') throw new Error('counted as a bot');
    return result;
  }
  async function funnelVisits(network: string) {
    setClockForTests(new Date(START + 3600_000));
    const report = await funnelReport(db(), flirt, await marketer(), RANGE);
    if (!report.ok) throw new Error(report.error);
    return report.value.filter((row) => row.network === network).reduce((sum, row) => sum + row.visits, 0);
  }
  async function bursts(path: string) {
    const listed = await suspiciousBursts(db(), flirt, await marketer(), RANGE);
    if (!listed.ok) throw new Error(listed.error);
    return listed.value.filter((burst) => burst.path === path);
  }

  it('counts 30 new visits from one address with 30 user agents on one lander as one visit, listed as a suspicious burst', async () => {
    const tracking = { network: 'rotator', sub1: 'ua' };
    for (let n = 0; n < 30; n++) await visit({ seconds: n * 10, ip: '203.0.113.7', n, path: '/landers/video', tracking });
    expect(await funnelVisits('rotator')).toBe(1);
    const listed = await bursts('/landers/video');
    expect(listed).toEqual([{ lander: 'video', path: '/landers/video', address: '203.0.113.0/24', visits: 30, firstAt: expect.any(String), lastAt: expect.any(String) }]);
    // From the first visit to the thirtieth, 290 seconds later (the test clock moves on a millisecond or so per call).
    expect(Date.parse(listed[0]!.firstAt) - START).toBeLessThan(1000);
    expect(Date.parse(listed[0]!.lastAt) - Date.parse(listed[0]!.firstAt)).toBeGreaterThan(289_000);
    expect(Date.parse(listed[0]!.lastAt) - Date.parse(listed[0]!.firstAt)).toBeLessThan(291_000);
    // Every hit was stored, none is lost: 29 of them are folded into the first.
    const rows = await db().selectFrom('visits').select(['id', 'burst_of', 'burst_address']).where('network', '=', 'rotator').orderBy('id').execute();
    expect(rows).toHaveLength(30);
    expect(rows.filter((row) => row.burst_of === rows[0]!.id)).toHaveLength(29);
    const csv = burstsCsv(listed);
    expect(csv.split('\r\n')[0]).toBe('lander,path,address,visits,first_visit,last_visit');
    expect(csv.split('\r\n')[1]).toBe(`video,/landers/video,203.0.113.0/24,30,${listed[0]!.firstAt},${listed[0]!.lastAt}`);
  });

  it('keeps 30 returning visitors behind one address apart: each carries the visitor cookie an earlier visit handed out', async () => {
    // Their first visits, hours earlier and far apart (no burst): the recorder hands each a cookie.
    const cookies = Array.from({ length: 30 }, () => newId());
    for (const [n, cookie] of cookies.entries()) await visit({ seconds: -30_000 + n * 900, ip: '198.51.100.20', n, path: '/landers/gallery', visitorId: cookie });
    // Then all 30 come back within five minutes, one after the other, to one lander.
    for (const [n, cookie] of cookies.entries()) await visit({ seconds: n * 10, ip: '198.51.100.20', n, path: '/landers/alonetonight', tracking: { network: 'office' }, cookie });
    expect(await funnelVisits('office')).toBe(30);
    expect(await bursts('/landers/alonetonight')).toEqual([]);
  });

  it('takes a made-up visitor cookie for a new visitor: ten of them with ten user agents are a burst', async () => {
    for (let n = 0; n < 10; n++) await visit({ seconds: n * 5, ip: '203.0.113.40', n, path: '/landers/maplanding', tracking: { network: 'forger' }, cookie: newId() });
    expect(await funnelVisits('forger')).toBe(1);
    expect((await bursts('/landers/maplanding')).map((burst) => burst.visits)).toEqual([10]);
  });

  it('needs ten user agents within ten minutes: nine are no burst, nor are ten spread over more than ten minutes', async () => {
    for (let n = 0; n < 9; n++) await visit({ seconds: n * 5, ip: '203.0.113.50', n, path: '/landers/socialnetwork', tracking: { network: 'nine' } });
    // The same agent again (no cookie) is the same visit, not a tenth agent.
    await visit({ seconds: 60, ip: '203.0.113.50', n: 0, path: '/landers/socialnetwork', tracking: { network: 'nine' } });
    expect(await funnelVisits('nine')).toBe(9);
    // 70 seconds apart: the tenth is 630 seconds after the first.
    for (let n = 0; n < 10; n++) await visit({ seconds: 7200 + n * 70, ip: '203.0.113.51', n, path: '/landers/socialnetwork', tracking: { network: 'slow' } });
    expect(await funnelVisits('slow')).toBe(10);
    expect(await bursts('/landers/socialnetwork')).toEqual([]);
  });

  it('counts by address and lander: a burst folds neither another lander from that address nor another address on that lander', async () => {
    for (let n = 0; n < 12; n++) {
      await visit({ seconds: 20_000 + n, ip: '203.0.113.60', n, path: '/landers/iconslanding', tracking: { network: 'mixed', sub1: 'burst' } });
      await visit({ seconds: 20_000 + n, ip: `203.0.113.${100 + n}`, n, path: '/landers/iconslanding', tracking: { network: 'mixed', sub1: 'crowd' } });
      if (n % 2) await visit({ seconds: 20_000 + n, ip: '203.0.113.60', n, path: '/landers/collagelanding', tracking: { network: 'mixed', sub1: 'other' } });
    }
    setClockForTests(new Date(START + 30_000_000));
    const report = await funnelReport(db(), flirt, await marketer(), RANGE);
    const bySub = Object.fromEntries((report.ok ? report.value : []).filter((row) => row.network === 'mixed').map((row) => [row.sub1, row.visits]));
    expect(bySub).toEqual({ burst: 1, crowd: 12, other: 6 });
  });

  it('takes an IPv6 /64 for one address', async () => {
    for (let n = 0; n < 10; n++) await visit({ seconds: 40_000 + n, ip: `2001:db8:77:1::${(n + 1).toString(16)}`, n, path: '/landers/transitionsvideolanding', tracking: { network: 'sixnet' } });
    expect(await funnelVisits('sixnet')).toBe(1);
    expect((await bursts('/landers/transitionsvideolanding')).map((burst) => burst.address)).toEqual(['2001:db8:77::/48']);
  });

  it('agrees on one burst when its visits arrive at once', async () => {
    setClockForTests(new Date(START + 50_000_000));
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        recordVisit(db(), flirt, { lander: 'video', variant: null, profileId: null, path: '/landers/video/parallel', tracking: { network: 'parallel' }, ip: '203.0.113.80', userAgent: agent(n), country: 'NL', visitorId: newId(), clickId: null }, { salt: 'test-salt' }),
      ),
    );
    expect(await funnelVisits('parallel')).toBe(1);
    const split = await splitReport(db(), flirt, await marketer(), RANGE);
    expect(split.ok).toBe(true);
  });

  it("shows a site's bursts to its own marketer only", async () => {
    for (let n = 0; n < 10; n++) await visit({ seconds: 45_000 + n, ip: '203.0.113.90', n, path: '/landers/video/herz', tenant: herz, tracking: { network: 'herznet' } });
    expect(await bursts('/landers/video/herz')).toEqual([]);
    const own = await suspiciousBursts(db(), herz, await operatorOn(db(), [herz.id], 'Marketer', ['marketing']), RANGE);
    expect(own.ok && own.value.map((burst) => burst.path)).toEqual(['/landers/video/herz']);
    expect(await suspiciousBursts(db(), flirt, await operatorOn(db(), [herz.id], 'Marketer', ['marketing']), RANGE)).toEqual({ ok: false, error: 'forbidden' });
    expect(await suspiciousBursts(db(), flirt, await operatorOn(db(), [flirt.id], 'Answerer', ['answering']), RANGE)).toEqual({ ok: false, error: 'forbidden' });
  });
});
