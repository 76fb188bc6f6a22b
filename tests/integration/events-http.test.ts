// GET /api/events.php against the built server (issue 14 item 6, docs/api.md, docs/decisions/0018):
// members only, the stream's framing and headers (never compressed), heartbeats, likes, matches and
// credits as they happen, resumption after Last-Event-ID (header and ?lastEventId=), a refresh after
// a gap too old, isolation between members and tenants, the end of the stream at logout and the
// limit of streams per member. With DATABASE_URL and REDIS_URL, also two server processes on one
// database and one Redis: a like made through one reaches a stream held by the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type OpenStream } from '../support/event-stream';
import { request, startServer, type RunningServer } from '../support/server';
import { fitsNicheOfHost } from '../support/niche';

const HOST = 'flirtlokaal.nl';
let n = 0;

interface Member {
  email: string;
  cookie: string;
  profile: number;
}

const call = (server: RunningServer, method: string, path: string, cookie: string, body?: unknown, host = HOST) =>
  request(server.port, host, path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    // Each member signs up from an address of its own (the signup limit counts per address).
    headers: { 'content-type': 'application/json', origin: `http://${host}`, cookie, 'x-forwarded-for': `10.14.${Math.floor(n / 250)}.${n % 250}` },
  });

/** A confirmed member with English texts (activated through the mailed link). */
async function member(server: RunningServer, gender: 'male' | 'female', host = HOST): Promise<Member> {
  n++;
  const email = `events${n}-${Date.now()}@example.com`;
  const res = await call(server, 'POST', '/api/signup.php', 'locale=en', { email, name: `Streamer${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender, seeking: gender === 'male' ? 'female' : 'male', country: host === HOST ? 'NL' : 'ES', terms: true, orientation_consent: true, ...fitsNicheOfHost(host, gender) }, host);
  expect(res.status, res.text).toBe(201);
  const cookie = `${String(res.headers['set-cookie']).split(';')[0]!}; locale=en`;
  const outbox = await request(server.port, host, '/dev/outbox');
  const token = new RegExp(`data-to="${email}"[\\s\\S]*?/activate\\?token=([\\w-]+)`).exec(outbox.text)![1]!;
  await request(server.port, host, `/activate?token=${token}`);
  const me = await call(server, 'GET', '/api/user.php', cookie, undefined, host);
  return { email, cookie, profile: me.json<{ user: { profile: { id: number } } }>().user.profile.id };
}

const stream = (server: RunningServer, who: Member | null, options: { lastEventId?: string; path?: string; host?: string } = {}) =>
  openEventStream(server.port, options.host ?? HOST, { cookie: who?.cookie ?? 'locale=en', lastEventId: options.lastEventId, path: options.path });

interface LikeData {
  profile: { id: number; name: string; main_image: unknown; fictional: boolean };
  new_likes: number;
}

describe('one server', () => {
  let server: RunningServer;
  const open: OpenStream[] = [];
  const track = async (opening: Promise<OpenStream>) => {
    const s = await opening;
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    server = await startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback', EVENTS_HEARTBEAT_MS: '150' });
  });

  afterAll(async () => {
    for (const s of open) s.close();
    await server?.stop();
  });

  it('answers a visitor 403 authentication_required as JSON, and other methods 405', async () => {
    const visitor = await stream(server, null);
    expect(visitor.status).toBe(403);
    expect(visitor.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(await visitor.text())).toEqual({ error: 'authentication_required', message: 'Please log in to continue' });
    const someone = await member(server, 'male');
    const post = await call(server, 'POST', '/api/events.php', someone.cookie, {});
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.json<{ error: string }>().error).toBe('method_not_allowed');
  });

  it('streams uncompressed text/event-stream with a retry hint, a ready event with an id and heartbeats', async () => {
    const someone = await member(server, 'female');
    const s = await track(stream(server, someone));
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['content-encoding']).toBeUndefined();
    expect(s.headers['cache-control']).toBe('no-store, no-transform');
    expect(s.headers['content-security-policy']).toContain("default-src 'self'");
    const ready = await s.next('ready');
    expect(ready.id).toMatch(/^\d+-\d+$/);
    expect(s.retry).toBe(3000);
    // The server was started with a heartbeat every 150 ms.
    await s.comment(4);
    expect(s.comments).toContain('heartbeat');
    // HEAD answers the headers only.
    const head = await request(server.port, HOST, '/api/events.php', { method: 'HEAD', headers: { cookie: someone.cookie } });
    expect(head.status).toBe(200);
  });

  it('delivers like and match to the member who was liked, and to nobody else', async () => {
    const she = await member(server, 'female');
    const he = await member(server, 'male');
    const bystander = await member(server, 'female');
    const hers = await track(stream(server, she));
    const his = await track(stream(server, he));
    const theirs = await track(stream(server, bystander));
    await Promise.all([hers.next('ready'), his.next('ready'), theirs.next('ready')]);

    expect((await call(server, 'POST', '/api/like.php', he.cookie, { profile: she.profile })).json()).toEqual({ state: 'liked' });
    const like = await hers.next<LikeData>('like');
    expect(like.id).toMatch(/^\d+-\d+$/);
    expect(like.data).toMatchObject({ profile: { id: he.profile, name: expect.stringMatching(/^Streamer/), fictional: false }, new_likes: 1 });
    // Liking again makes no new like and no new event.
    await call(server, 'POST', '/api/like.php', he.cookie, { profile: she.profile });

    expect((await call(server, 'POST', '/api/like.php', she.cookie, { profile: he.profile })).json()).toEqual({ state: 'match' });
    const match = await his.next<LikeData>('match');
    expect(match.data.profile.id).toBe(she.profile);

    // A credits event for the bystander shows what each stream received by then.
    await buyCredits(server, bystander);
    await theirs.next('credits');
    expect(hers.events.map((e) => e.event)).toEqual(['ready', 'like']);
    expect(his.events.map((e) => e.event)).toEqual(['ready', 'match']);
    expect(theirs.events.map((e) => e.event)).toEqual(['ready', 'credits']);
  });

  it('tells the balance after a purchase and after a refund', async () => {
    const buyer = await member(server, 'male');
    const s = await track(stream(server, buyer));
    await s.next('ready');
    const before = (await call(server, 'GET', '/api/user.php', buyer.cookie)).json<{ user: { credits: number } }>().user.credits;
    const payment = await buyCredits(server, buyer);
    const bought = await s.next<{ credits: number }>('credits');
    expect(bought.data.credits).toBe(before + payment.credits);
    const refund = await call(server, 'POST', '/api/refund.php', buyer.cookie, { payment: payment.id });
    expect(refund.status, refund.text).toBe(201);
    const refunded = await s.next<{ credits: number }>('credits');
    expect(refunded.data.credits).toBe(before);
  });

  it('replays what a member missed after Last-Event-ID (header or ?lastEventId=), then goes on live', async () => {
    const she = await member(server, 'female');
    const first = await member(server, 'male');
    const second = await member(server, 'male');
    const s = await track(stream(server, she));
    const ready = await s.next('ready');
    s.close();
    await call(server, 'POST', '/api/like.php', first.cookie, { profile: she.profile });
    await call(server, 'POST', '/api/like.php', second.cookie, { profile: she.profile });

    const resumed = await track(stream(server, she, { lastEventId: ready.id! }));
    const missed = [await resumed.next<LikeData>('like'), await resumed.next<LikeData>('like')];
    expect(missed.map((e) => e.data.profile.id)).toEqual([first.profile, second.profile]);
    expect(missed.map((e) => e.data.new_likes)).toEqual([1, 2]);
    await resumed.next('ready');
    expect(resumed.events.map((e) => e.event)).toEqual(['like', 'like', 'ready']);

    // A client that opens a new EventSource names the id in the query; only what came after it is sent.
    const byQuery = await track(stream(server, she, { path: `/api/events.php?lastEventId=${encodeURIComponent(missed[0]!.id!)}` }));
    expect((await byQuery.next<LikeData>('like')).data.profile.id).toBe(second.profile);
    await byQuery.next('ready');
    expect(byQuery.events.map((e) => e.event)).toEqual(['like', 'ready']);

    // Live again: a third like reaches both open streams once.
    const third = await member(server, 'male');
    await call(server, 'POST', '/api/like.php', third.cookie, { profile: she.profile });
    expect((await resumed.next<LikeData>('like')).data.profile.id).toBe(third.profile);
    expect((await byQuery.next<LikeData>('like')).data.profile.id).toBe(third.profile);
  });

  it('asks for a refresh after an id too old to replay, or one it cannot place', async () => {
    const someone = await member(server, 'female');
    for (const lastEventId of ['1000-0', 'garbage', '99999999999999-0']) {
      const s = await track(stream(server, someone, { lastEventId }));
      const refresh = await s.next('refresh');
      expect(refresh.id, lastEventId).toMatch(/^\d+-\d+$/);
      s.close();
    }
    const long = await request(server.port, HOST, `/api/events.php?lastEventId=${'1'.repeat(65)}`, { headers: { cookie: someone.cookie } });
    expect(long.status).toBe(400);
    expect(long.json<{ error: string }>().error).toBe('validation');
  });

  it('ends the stream of a session that logs out, with a logout event; other sessions stay', async () => {
    const someone = await member(server, 'male');
    const login = await call(server, 'POST', '/api/user.php', 'locale=en', { email: someone.email, password: 'a good password' });
    expect(login.status, login.text).toBe(200);
    const other = { ...someone, cookie: `${String(login.headers['set-cookie']).split(';')[0]!}; locale=en` };
    const leaving = await track(stream(server, someone));
    const staying = await track(stream(server, other));
    await Promise.all([leaving.next('ready'), staying.next('ready')]);
    await call(server, 'POST', '/api/logout.php', someone.cookie, {});
    await leaving.next('logout');
    await leaving.ended;
    // The other session's stream goes on: a purchase still reaches it.
    await buyCredits(server, other);
    await staying.next('credits');
    expect(staying.events.map((e) => e.event)).not.toContain('logout');
  });

  it('answers the 11th open stream of a member 429 too_many_streams, and takes one again once another closed', async () => {
    const someone = await member(server, 'female');
    const streams = await Promise.all(Array.from({ length: 10 }, () => track(stream(server, someone))));
    await Promise.all(streams.map((s) => s.next('ready')));
    const refused = await stream(server, someone);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.text())).toEqual({ error: 'too_many_streams', message: 'Too many windows are receiving live updates; close a few and try again' });
    streams[0]!.close();
    await waitFor(async () => {
      const again = await stream(server, someone);
      again.close();
      return again.status === 200;
    });
  });

  it('keeps tenants apart: a session of one tenant is a visitor on another, whose streams never see its events', async () => {
    const dutch = await member(server, 'female');
    const spanish = await member(server, 'male', 'bellacurva.es');
    const across = await stream(server, dutch, { host: 'bellacurva.es' });
    expect(across.status).toBe(403);
    const spanishStream = await track(stream(server, spanish, { host: 'bellacurva.es' }));
    await spanishStream.next('ready');
    const dutchStream = await track(stream(server, dutch));
    await dutchStream.next('ready');
    const liker = await member(server, 'male');
    await call(server, 'POST', '/api/like.php', liker.cookie, { profile: dutch.profile });
    await dutchStream.next('like');
    await buyCredits(server, spanish, 'bellacurva.es');
    await spanishStream.next('credits');
    expect(spanishStream.events.map((e) => e.event)).toEqual(['ready', 'credits']);
  });
});

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('two servers on one PostgreSQL and one Redis', () => {
  let a: RunningServer;
  let b: RunningServer;
  const open: OpenStream[] = [];

  beforeAll(async () => {
    a = await startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback' });
    b = await startServer({ SKIP_SEED: '1', TRUST_PROXY: 'loopback', DATABASE_URL: a.databaseUrl });
  });

  afterAll(async () => {
    for (const s of open) s.close();
    // B first: A's stop drops the database they share.
    await b?.stop();
    await a?.stop();
  });

  it('delivers a like made through server A to a stream held by server B, and back', async () => {
    const she = await member(a, 'female');
    const he = await member(b, 'male');
    const hers = await openEventStream(b.port, HOST, { cookie: she.cookie });
    const his = await openEventStream(a.port, HOST, { cookie: he.cookie });
    open.push(hers, his);
    await Promise.all([hers.next('ready'), his.next('ready')]);
    expect((await call(a, 'POST', '/api/like.php', he.cookie, { profile: she.profile })).json()).toEqual({ state: 'liked' });
    expect((await hers.next<LikeData>('like')).data.profile.id).toBe(he.profile);
    expect((await call(b, 'POST', '/api/like.php', she.cookie, { profile: he.profile })).json()).toEqual({ state: 'match' });
    expect((await his.next<LikeData>('match')).data.profile.id).toBe(she.profile);
  });

  it('resumes on server A after Last-Event-ID from a stream that server B held', async () => {
    const she = await member(a, 'female');
    const onB = await openEventStream(b.port, HOST, { cookie: she.cookie });
    const ready = await onB.next('ready');
    onB.close();
    const liker = await member(b, 'male');
    await call(b, 'POST', '/api/like.php', liker.cookie, { profile: she.profile });
    const onA = await openEventStream(a.port, HOST, { cookie: she.cookie, lastEventId: ready.id! });
    open.push(onA);
    expect((await onA.next<LikeData>('like')).data.profile.id).toBe(liker.profile);
    await onA.next('ready');
  });

  it('ends a stream on server B when the session logs out through server A', async () => {
    const someone = await member(a, 'male');
    const onB = await openEventStream(b.port, HOST, { cookie: someone.cookie });
    open.push(onB);
    await onB.next('ready');
    await call(a, 'POST', '/api/logout.php', someone.cookie, {});
    await onB.next('logout');
    await onB.ended;
  });
});

async function buyCredits(server: RunningServer, who: Member, host = HOST): Promise<{ id: number; credits: number }> {
  const created = await call(server, 'POST', '/api/payment.php', who.cookie, { package: 'popular', method: host === HOST ? 'ideal' : 'creditcard' }, host);
  expect(created.status, created.text).toBe(201);
  const { payment } = created.json<{ payment: { id: number; credits: number; checkout_url: string } }>();
  const settled = await request(server.port, host, new URL(payment.checkout_url).pathname, {
    method: 'POST',
    body: 'outcome=paid',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, cookie: who.cookie },
  });
  expect(settled.status).toBe(302);
  return payment;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
