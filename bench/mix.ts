// npm run bench:mix — what one member online costs (issue 46 item 1, docs/decisions/0046 and 0067): decision
// 0046's load model made executable and replayed against one production instance on PostgreSQL +
// Redis. Per simulated member (each signed up through the API, so with a profile, then confirmed and
// given credits in the database):
//   - one live event stream (GET /api/events.php), held the whole run;
//   - each minute the three refreshes together, as app/state/user-sync.ts sends them (GET
//     /api/user.php, /api/chats.php, /api/likes.php, `Accept: application/json`, and the
//     `If-None-Match` of the previous answer where the answer carried an ETag — docs/api.md);
//   - each minute one navigation as the app fetches it, a single-fetch `.data` request of /members,
//     /chats, /likes or /members/{id} in turn (`?_routes=` naming the routes to load when the
//     server's build says the root's loader is skipped, app/root.tsx);
//   - each minute one search call (GET /api/members.php with the filters of the search page, a page of 1–3);
//   - a message every BENCH_MESSAGE_MINUTES (3) minutes to a demo profile (POST /api/message.php);
//   - a new session (a full page, /members as HTML, and a new stream) every BENCH_SESSION_MINUTES (10).
// Time is compressed by BENCH_SPEEDUP (10): a member's minute lasts 6 s, every member's actions at
// random moments of it. What is not compressed: the streams' heartbeats (every 25 s of real time),
// the instance's own job polling; both are counted, so a compressed run puts slightly *less* of them
// on each member-minute than real time would (0.19 ms per stream-minute, decision 0046).
//
// Measured over BENCH_MINUTES (5) compressed minutes after one of warm-up: the server process's CPU
// (user + system, /proc) and the PostgreSQL backends' of its database, per member-minute; p50/p99
// of each kind (wall clock of the load generator, which depends on the machine); the cores 100,000
// members online need (CPU per member-minute × 100,000 / 60 s). BENCH_COMPARE=<commit>: that
// commit is built in a temporary worktree and measured in the same run, first, and the ratio printed.
// Needs DATABASE_URL and REDIS_URL; `npm run bench:mix` builds this checkout first.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../app/.server/db/database';
import { openEventStream, type OpenStream } from '../tests/support/event-stream';
import { signUpMember } from '../tests/support/members';
import { startServer, type RunningServer } from '../tests/support/server';
import { backendPids, percentile, processCpuMs, startCpuMeter } from './cpu';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
if (!DATABASE_URL || !REDIS_URL) {
  console.log('bench:mix skipped: set DATABASE_URL=postgres://… and REDIS_URL=redis://…');
  process.exit(0);
}
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 300);
const SPEEDUP = Number(process.env.BENCH_SPEEDUP ?? 10);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 5);
const MESSAGE_MINUTES = Number(process.env.BENCH_MESSAGE_MINUTES ?? 3);
const SESSION_MINUTES = Number(process.env.BENCH_SESSION_MINUTES ?? 10);
const COMPARE = process.env.BENCH_COMPARE;
const MINUTE_MS = 60_000 / SPEEDUP;
const TENANT = 'flirtlokaal';
const HOST = `${TENANT}.localhost`;

type Kind = 'refresh user.php' | 'refresh chats.php' | 'refresh likes.php' | 'navigation .data' | 'search members.php' | 'message' | 'session start (page)';
const KINDS: Kind[] = ['refresh user.php', 'refresh chats.php', 'refresh likes.php', 'navigation .data', 'search members.php', 'message', 'session start (page)'];

interface Member {
  cookie: string;
  profileId: number;
  stream: OpenStream | null;
  /** The ETag of each refresh's previous answer (what the app's client keeps, docs/api.md). */
  etags: Map<string, string>;
  nav: number;
}

interface Outcome {
  label: string;
  members: number;
  memberMinutes: number;
  /** How many (compressed) minutes the measured part took: more than BENCH_MINUTES when the server fell behind. */
  elapsedMinutes: number;
  serverMs: number;
  pgMs: number;
  latencies: Map<Kind, number[]>;
  statuses: Map<Kind, Map<number, number>>;
  load: number[];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function send(port: number, method: string, target: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: target, agent, headers: { host: HOST, ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Whether this build skips the root loader on a member's navigation (then the app names the routes to load). */
function skipsRootLoader(checkout: string): boolean {
  try {
    // The root's own rule (decision 0067); before it, the root's shouldRevalidate kept Remix's default on a navigation.
    return /root-revalidation/.test(fs.readFileSync(path.join(checkout, 'app/root.tsx'), 'utf8'));
  } catch {
    return false;
  }
}

async function run(label: string, checkout: string): Promise<Outcome> {
  console.log(`[${label}] starting the server (${checkout})…`);
  const server: RunningServer = await startServer(
    { NODE_ENV: 'production', DEMO: '1', REDIS_URL, OVERLOAD_DELAY_MS: '0', TRUST_PROXY: 'loopback' },
    { cwd: checkout },
  );
  const port = server.port;
  const database = await openDatabase({ databaseUrl: server.databaseUrl!, poolSize: 1 });
  const dbName = new URL(server.databaseUrl!).pathname.slice(1);
  const namesRoutes = skipsRootLoader(checkout);
  try {
    console.log(`[${label}] signing up ${MEMBERS} members…`);
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, MEMBERS - i) }, (_, j) =>
          signUpMember(server, TENANT, { name: `Mix${i + j}`, country: 'NL', gender: (i + j) % 2 ? 'male' : 'female', seeking: (i + j) % 2 ? 'female' : 'male', activate: false, ip: `10.46.${(i + j) >> 8}.${(i + j) & 255}` }),
        ),
      );
      members.push(...batch.map((member) => ({ cookie: member.session, profileId: member.profileId, stream: null, etags: new Map(), nav: 0 })));
    }
    await database.db.updateTable('users').set({ status: 'confirmed', credits: 100_000, paid_user: true }).where('email', 'like', 'mix%@e2e.example').execute();
    const search = await send(port, 'GET', '/api/members.php', { accept: 'application/json', cookie: members[0]!.cookie });
    const profiles = (JSON.parse(search.text) as { results: { id: number }[] }).results.map((result) => result.id);
    if (!profiles.length) throw new Error(`no profiles to write to: ${search.status} ${search.text.slice(0, 200)}`);

    const latencies = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
    const statuses = new Map<Kind, Map<number, number>>(KINDS.map((kind) => [kind, new Map()]));
    let recording = false;
    const timed = async (kind: Kind, work: () => Promise<number>) => {
      const started = performance.now();
      let status = 0;
      try {
        status = await work();
      } catch {
        status = -1;
      }
      if (!recording) return;
      latencies.get(kind)!.push(performance.now() - started);
      const counts = statuses.get(kind)!;
      counts.set(status, (counts.get(status) ?? 0) + 1);
    };

    const origin = `http://${HOST}`;
    const refusals = new Set<number>();
    const refresh = (member: Member, endpoint: 'user.php' | 'chats.php' | 'likes.php') =>
      timed(`refresh ${endpoint}`, async () => {
        const etag = member.etags.get(endpoint);
        const res = await send(port, 'GET', `/api/${endpoint}`, { accept: 'application/json', cookie: member.cookie, ...(etag ? { 'if-none-match': etag } : {}) });
        if (res.status === 200 && typeof res.headers.etag === 'string') member.etags.set(endpoint, res.headers.etag);
        return res.status;
      });
    const pages = ['/members', '/chats', '/likes', '/members/{id}'];
    const routeIds: Record<string, string> = { '/members': 'routes/members._index', '/chats': 'routes/chats,routes/chats._index', '/likes': 'routes/likes._index', '/members/{id}': 'routes/members.$id' };
    const navigate = (member: Member) =>
      timed('navigation .data', async () => {
        const page = pages[member.nav++ % pages.length]!;
        const target = `${page.replace('{id}', String(profiles[member.nav % profiles.length]))}.data${namesRoutes ? `?_routes=${encodeURIComponent(routeIds[page]!)}` : ''}`;
        return (await send(port, 'GET', target, { accept: '*/*', cookie: member.cookie })).status;
      });
    const searchCall = (member: Member) =>
      timed('search members.php', async () => {
        const page = 1 + Math.floor(Math.random() * 3);
        return (await send(port, 'GET', `/api/members.php?gender=${member.profileId % 2 ? 'female' : 'male'}&country=NL&min_age=18&max_age=${50 + (page % 3) * 10}&page=${page}`, { accept: 'application/json', cookie: member.cookie })).status;
      });
    const message = (member: Member) =>
      timed('message', async () => {
        const body = JSON.stringify({ profile: profiles[Math.floor(Math.random() * profiles.length)], text: `Hallo, hoe gaat het? ${Math.random().toString(36).slice(2, 8)}` });
        const res = await send(port, 'POST', '/api/message.php', { accept: 'application/json', 'content-type': 'application/json', origin, cookie: member.cookie }, body);
        if (res.status !== 201 && !refusals.has(res.status)) {
          refusals.add(res.status);
          console.log(`[${label}] a message answered ${res.status}: ${res.text.slice(0, 300)}`);
        }
        return res.status;
      });
    const sessionStart = (member: Member) =>
      timed('session start (page)', async () => {
        member.stream?.close();
        member.etags.clear();
        const res = await send(port, 'GET', '/members', { accept: 'text/html', cookie: member.cookie });
        member.stream = await openEventStream(port, HOST, { cookie: member.cookie });
        return res.status;
      });

    // Every member starts a session (unmeasured), then lives minute by minute.
    for (let i = 0; i < members.length; i += 20) await Promise.all(members.slice(i, i + 20).map(sessionStart));
    const pending = new Set<Promise<void>>();
    const at = (delay: number, work: () => Promise<void>) => {
      const done: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, delay)).then(work).finally(() => pending.delete(done));
      pending.add(done);
    };
    const minute = (index: number) => {
      for (const member of members) {
        const when = () => Math.random() * MINUTE_MS;
        at(when(), async () => {
          await Promise.all([refresh(member, 'user.php'), refresh(member, 'chats.php'), refresh(member, 'likes.php')]);
        });
        at(when(), () => navigate(member));
        at(when(), () => searchCall(member));
        if (Math.random() < 1 / MESSAGE_MINUTES) at(when(), () => message(member));
        if (index > 0 && Math.random() < 1 / SESSION_MINUTES) at(when(), () => sessionStart(member));
      }
    };

    console.log(`[${label}] warm-up minute (${MINUTE_MS / 1000} s)…`);
    minute(0);
    await new Promise((resolve) => setTimeout(resolve, MINUTE_MS));
    await Promise.all([...pending]);
    recording = true;
    const serverPid = server.process.pid!;
    const serverBefore = processCpuMs(serverPid);
    const pgMeter = await startCpuMeter(() => backendPids(database.db, dbName));
    const started = Date.now();
    for (let index = 1; index <= MINUTES; index++) {
      minute(index);
      await new Promise((resolve) => setTimeout(resolve, started + index * MINUTE_MS - Date.now()));
    }
    await Promise.all([...pending]);
    const serverMs = processCpuMs(serverPid) - serverBefore;
    const pgMs = await pgMeter.stop();
    const elapsedMinutes = (Date.now() - started) / MINUTE_MS;
    recording = false;
    for (const member of members) member.stream?.close();
    // The member-minutes are those scheduled (and all answered), however long a busy machine took to answer them.
    return { label, members: MEMBERS, memberMinutes: MEMBERS * MINUTES, elapsedMinutes, serverMs, pgMs, latencies, statuses, load: os.loadavg() };
  } finally {
    await database.close();
    await server.stop();
  }
}

/** A worktree of `commit` with its production build, for BENCH_COMPARE; removed at the end. */
function buildCheckout(commit: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-mix-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { stdio: 'ignore' });
  const remove = () => execFileSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  try {
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
    console.log(`building ${commit} in ${dir}…`);
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'ignore' });
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

const outcomes: Outcome[] = [];
if (COMPARE) {
  const base = buildCheckout(COMPARE);
  try {
    outcomes.push(await run(`base ${COMPARE.slice(0, 10)}`, base.dir));
  } finally {
    base.remove();
  }
}
outcomes.push(await run('this checkout', process.cwd()));
agent.destroy();

const fmt = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '');
console.log(`\nbench:mix — ${MEMBERS} members, ${MINUTES} minutes of ${MINUTE_MS / 1000} s (${SPEEDUP}× compressed), a message every ${MESSAGE_MINUTES} min, a new session every ${SESSION_MINUTES} min, PostgreSQL + Redis, one instance`);
for (const outcome of outcomes) {
  const perServer = outcome.serverMs / outcome.memberMinutes;
  const perPg = outcome.pgMs / outcome.memberMinutes;
  console.log(`\n${outcome.label}: load average at the end ${outcome.load.map((value) => value.toFixed(2)).join(' ')}`);
  console.log(`  server CPU ${fmt(perServer)} ms per member-minute, PostgreSQL CPU ${fmt(perPg)} ms per member-minute (${fmt(outcome.memberMinutes, 0)} member-minutes in ${fmt((outcome.elapsedMinutes * MINUTE_MS) / 1000, 1)} s; ${fmt(outcome.serverMs / 1000, 1)} s server CPU, ${fmt(outcome.pgMs / 1000, 1)} s PostgreSQL CPU)`);
  console.log(`  100,000 members online: ${fmt((perServer * 100_000) / 60_000, 1)} server cores, ${fmt((perPg * 100_000) / 60_000, 1)} PostgreSQL cores`);
  const table = [['kind', 'requests', 'p50 ms', 'p99 ms', 'statuses']];
  for (const kind of KINDS) {
    const values = outcome.latencies.get(kind)!;
    if (!values.length) continue;
    const counts = [...outcome.statuses.get(kind)!].sort((a, b) => a[0] - b[0]).map(([status, count]) => `${status}×${count}`).join(' ');
    table.push([kind, String(values.length), fmt(percentile(values, 50), 1), fmt(percentile(values, 99), 1), counts]);
  }
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const row of table) console.log(`  ${row.map((cell, i) => (i === 0 || i === 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')}`);
}
if (outcomes.length === 2) {
  const [base, head] = outcomes as [Outcome, Outcome];
  const ratio = (a: number, b: number) => fmt(a / b, 3);
  console.log(`\nthis checkout ÷ base: server CPU per member-minute × ${ratio(head.serverMs / head.memberMinutes, base.serverMs / base.memberMinutes)}, PostgreSQL × ${ratio(head.pgMs / head.memberMinutes, base.pgMs / base.memberMinutes)} (issue 46's target: ≤ 0.25 server)`);
}
