// npm run bench:mix — what one member online costs (issue 46 item 1, docs/decisions/0067): a replayed
// member traffic mix against one production instance (build/server.js) on PostgreSQL + Redis, the
// load model of decision 0046 made executable. Per simulated member, each minute:
//   - an open event stream (GET /api/events.php), held throughout;
//   - the three refreshes (user, chats, likes) as the app sends them, If-None-Match included when
//     the last answer carried an ETag;
//   - one navigation as the app fetches it: the `.data` requests (and the refreshes or stream a
//     navigation sets off) that a real browser sent for that step on that build (recorded once per
//     build with Chromium, see `recordNavigations`) — a full page instead when a session starts
//     (probability 1 / BENCH_SESSION_MIN each minute, which also opens a new stream);
//   - one search call (GET /api/members.php, a random page of a random filter set);
//   - a message with probability 1 / BENCH_MESSAGE_EVERY_MIN (POST /api/message.php to a profile).
// Each member's requests fall at random moments of its minute. It reports the server's CPU and the
// PostgreSQL backends' CPU (of this database only; /proc as bench/pages.ts reads it) per
// member-minute, the idle instance's own rate subtracted; p50/p99 per kind; and the cores 100,000
// members online would need at that cost.
//
// BENCH_COMPARE=<commit>: that commit too, built in a temporary git worktree (node_modules linked
// from here), both instances up at once and measured in turns, minute by minute, so that both see
// the same machine. Needs DATABASE_URL and REDIS_URL; run after npm run build.
// BENCH_MEMBERS (300), BENCH_MINUTES (2 per instance), BENCH_MINUTE_S (60: a simulated minute's
// length in real seconds; shorter compresses time, and undercounts the streams' heartbeats).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { hashToken } from '../app/.server/accounts/tokens';
import { openDatabase, type Database } from '../app/.server/db/database';
import type { DB } from '../app/.server/db/schema';
import { hydrated, launchBrowser } from '../tests/support/browser';
import { databaseKinds } from '../tests/support/databases';
import { openEventStream, type OpenStream } from '../tests/support/event-stream';
import { listeningPort, request } from '../tests/support/server';
import { backendPids, percentile, processCpuMs, startCpuMeter } from './cpu';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
if (!DATABASE_URL || !REDIS_URL) {
  console.log('bench:mix skipped: set DATABASE_URL=postgres://… and REDIS_URL=redis://…');
  process.exit(0);
}
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 300);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 2);
const MINUTE_MS = Number(process.env.BENCH_MINUTE_S ?? 60) * 1000;
const SESSION_MIN = Number(process.env.BENCH_SESSION_MIN ?? 20);
const MESSAGE_EVERY_MIN = Number(process.env.BENCH_MESSAGE_EVERY_MIN ?? 4);
const ONLINE = 100_000;
const TENANT = 'flirtlokaal';
const HOST = `${TENANT}.localhost`;
const kind = databaseKinds.find((k) => k.name === 'postgres')!;

type Kind = 'refresh' | 'refresh 304' | 'navigation .data' | 'navigation, other' | 'full page' | 'search' | 'message' | 'stream open';

/** One step of a recorded navigation: what the browser asked for (PROFILE stands for the profile id). */
interface Step {
  /** The page navigated to (PROFILE for a profile page). */
  page: string;
  /** The requests the navigation set off, in order: `.data` loads, refreshes, a new event stream. */
  requests: string[];
}

interface Instance {
  label: string;
  cwd: string;
  port: number;
  pid: number;
  child: ChildProcess;
  database: Database;
  dbName: string;
  drop: () => Promise<void>;
  dataDir: string;
  agent: http.Agent;
  members: Member[];
  profiles: number[];
  navigation: Step[];
}

interface Member {
  cookie: string;
  userId: number;
  etags: Map<string, string>;
  stream: OpenStream | null;
  step: number;
}

const load = () => os.loadavg().map((v) => v.toFixed(1)).join(' ');

/** A production server of the checkout at `cwd` (built there), on a new PostgreSQL database and the shared Redis. */
async function startInstance(label: string, cwd: string): Promise<Instance> {
  // Not from the migrated template: the other checkout may have other migrations; each server migrates its own.
  const created = await kind.create({ migrated: false });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-mix-'));
  const child = spawn(process.execPath, ['build/server.js'], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO: '1',
      DEMO_HISTORY: 'off',
      // Admission control off: the bench measures what is served (docs/decisions/0039).
      OVERLOAD_DELAY_MS: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      DATABASE_URL: created.url!,
      REDIS_URL,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await listeningPort(child.stdout!);
  const database = await openDatabase({ databaseUrl: created.url!, poolSize: 2 });
  const instance: Instance = {
    label,
    cwd,
    port,
    pid: child.pid!,
    child,
    database,
    dbName: new URL(created.url!).pathname.slice(1),
    drop: created.drop,
    dataDir,
    agent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    members: [],
    profiles: [],
    navigation: [],
  };
  await addMembers(instance);
  return instance;
}

/** MEMBERS confirmed members with an active profile, plenty of credits and a session each, made in the database. */
async function addMembers(instance: Instance): Promise<void> {
  const db = instance.database.db as Kysely<DB>;
  const now = new Date();
  for (let i = 0; i < MEMBERS; i++) {
    const user = await db
      .insertInto('users')
      .values({ tenant_id: TENANT, email: `mix-${i}@example.com`, password_hash: 'x', status: 'confirmed', language: 'en', signup_date: now, credits: 1_000_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const profile = await db
      .insertInto('profiles')
      .values({ user_id: user.id, tenant_id: TENANT, name: `Mix ${i}`, gender: i % 2 ? 'female' : 'male', sexuality: 'hetero', body_type: null, birth_date: '1990-05-05', country: 'NL', region: null, fictional: false, status: 'active', seed: null, main_photo_id: null } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('users').set({ profile_id: profile.id }).where('id', '=', user.id).execute();
    const token = crypto.randomBytes(24).toString('base64url');
    await db
      .insertInto('sessions')
      .values({ id: hashToken(token), tenant_id: TENANT, user_id: user.id, created_at: now, last_seen_at: now, expires_at: new Date(now.getTime() + 86_400_000), ip: null, user_agent: 'bench' })
      .execute();
    instance.members.push({ cookie: `rdv_session=${token}; locale=en`, userId: user.id, etags: new Map(), stream: null, step: i % 4 });
  }
  // The profiles a member sees (and writes to): the search's first pages.
  for (let page = 1; page <= 5; page++) {
    const res = await request(instance.port, HOST, `/api/members.php?page=${page}`, { headers: { cookie: instance.members[0]!.cookie } });
    instance.profiles.push(...res.json<{ results: { id: number }[] }>().results.map((r) => r.id));
  }
  if (!instance.profiles.length) throw new Error(`${instance.label}: the search shows no profiles`);
}

/**
 * What this build's app really fetches when a member navigates: Chromium, logged in as a bench
 * member, opens /members and follows the links of the mix's cycle (a profile, the chats, the likes,
 * the search page) through the client router; every request other than scripts, styles and images is noted per step.
 */
async function recordNavigations(instance: Instance): Promise<Step[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const member = instance.members[instance.members.length - 1]!;
    const token = /rdv_session=([^;]+)/.exec(member.cookie)![1]!;
    await context.addCookies([{ name: 'rdv_session', value: token, domain: HOST, path: '/' }, { name: 'locale', value: 'en', domain: HOST, path: '/' }]);
    const page = await context.newPage();
    let current: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (/\.(js|css|svg|png|webp|jpe?g|woff2?|webmanifest)$/.test(url.pathname) || url.pathname.startsWith('/__manifest') || url.pathname.startsWith('/media/')) return;
      if (req.method() !== 'GET') return;
      current.push(url.pathname + url.search);
    });
    await page.goto(`http://${HOST}:${instance.port}/members`, { waitUntil: 'networkidle' });
    await hydrated(page);
    // The first refreshes and the stream (5 s after load) belong to the session's start, not to a navigation.
    await page.waitForTimeout(6500);
    const steps: Step[] = [];
    // The client router's own navigation (what a click on a <Link> does; a page without the link, a
    // chat without the top navigation, is navigated from all the same).
    const profileId = instance.profiles[0]!;
    for (const to of [`/members/${profileId}`, '/chats', '/likes', '/members']) {
      current = [];
      await page.evaluate((href) => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(href), to);
      await page.waitForURL((url) => url.pathname === to);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      const target = new URL(page.url()).pathname;
      const profile = /\/members\/(\d+)$/.exec(target)?.[1];
      const swap = (p: string) => (profile ? p.replaceAll(`/members/${profile}`, '/members/PROFILE') : p);
      steps.push({ page: swap(target), requests: current.map(swap) });
    }
    return steps;
  } finally {
    await browser.close();
  }
}

interface Sample {
  kind: Kind;
  ms: number;
  status: number;
}

/** A GET or POST with the member's cookie over a kept-alive connection, as a browser sends it (compressed answers accepted); resolves with status, time and the ETag. */
function send(instance: Instance, member: Member, pathname: string, options: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; ms: number; etag: string | null }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = { host: `${HOST}:${instance.port}`, cookie: member.cookie, 'accept-encoding': 'gzip, deflate, br', accept: '*/*', ...options.headers };
    if (options.body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(options.body)), origin: `http://${HOST}:${instance.port}` });
    const req = http.request({ host: '127.0.0.1', port: instance.port, path: pathname, method: options.method ?? 'GET', headers, agent: instance.agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, etag: (res.headers.etag as string | undefined) ?? null }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, etag: null }));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const REFRESHES = ['/api/user.php', '/api/chats.php', '/api/likes.php'];

/** A refresh as the app sends it: If-None-Match with the last ETag of that path. */
async function refresh(instance: Instance, member: Member, pathname: string, samples: Sample[]): Promise<void> {
  const etag = member.etags.get(pathname);
  const res = await send(instance, member, pathname, etag ? { headers: { 'if-none-match': etag } } : {});
  if (res.etag) member.etags.set(pathname, res.etag);
  samples.push({ kind: res.status === 304 ? 'refresh 304' : 'refresh', ms: res.ms, status: res.status });
}

async function openStream(instance: Instance, member: Member, samples: Sample[]): Promise<void> {
  member.stream?.close();
  const started = performance.now();
  member.stream = await openEventStream(instance.port, HOST, { cookie: member.cookie });
  samples.push({ kind: 'stream open', ms: performance.now() - started, status: member.stream.status });
}

const FILTERS = ['', 'gender=female', 'gender=male', 'gender=female&min_age=25&max_age=45', 'country=NL', 'gender=male&min_age=30&max_age=60'];

/** One member's simulated minute: every request at a random moment of it. */
async function memberMinute(instance: Instance, member: Member, samples: Sample[], minuteMs = MINUTE_MS): Promise<void> {
  const at = () => Math.random() * minuteMs * 0.9;
  const later = (ms: number, work: () => Promise<void>) => new Promise<void>((resolve) => setTimeout(() => void work().finally(resolve), ms));
  const jobs: Promise<void>[] = [];
  // The three refreshes go together (app/state/user-sync.ts).
  jobs.push(later(at(), async () => void (await Promise.all(REFRESHES.map((p) => refresh(instance, member, p, samples))))));
  const profile = instance.profiles[Math.floor(Math.random() * instance.profiles.length)]!;
  if (Math.random() < 1 / SESSION_MIN) {
    // A session starts: a full page, a new stream, then the first refreshes come with the minute's.
    jobs.push(later(at(), async () => {
      const res = await send(instance, member, '/members', { headers: { accept: 'text/html' } });
      samples.push({ kind: 'full page', ms: res.ms, status: res.status });
      await openStream(instance, member, samples);
    }));
  } else {
    const step = instance.navigation[member.step++ % instance.navigation.length]!;
    jobs.push(later(at(), async () => {
      for (const pathname of step.requests) {
        const real = pathname.replaceAll('PROFILE', String(profile));
        const bare = real.split('?')[0]!;
        if (bare === '/api/events.php') await openStream(instance, member, samples);
        else if (REFRESHES.includes(bare)) await refresh(instance, member, bare, samples);
        else {
          const res = await send(instance, member, real);
          samples.push({ kind: bare.endsWith('.data') ? 'navigation .data' : 'navigation, other', ms: res.ms, status: res.status });
        }
      }
    }));
  }
  jobs.push(later(at(), async () => {
    const page = 1 + Math.floor(Math.random() * 5);
    const filter = FILTERS[Math.floor(Math.random() * FILTERS.length)]!;
    const res = await send(instance, member, `/api/members.php?${filter}${filter ? '&' : ''}page=${page}`);
    samples.push({ kind: 'search', ms: res.ms, status: res.status });
  }));
  if (Math.random() < 1 / MESSAGE_EVERY_MIN) {
    jobs.push(later(at(), async () => {
      const res = await send(instance, member, '/api/message.php', { method: 'POST', body: JSON.stringify({ profile, text: 'Hoi, hoe gaat het?', client_id: crypto.randomUUID() }) });
      samples.push({ kind: 'message', ms: res.ms, status: res.status });
    }));
  }
  await Promise.all(jobs);
}

interface Window {
  serverMs: number;
  pgMs: number;
  seconds: number;
  samples: Sample[];
}

async function measureWindow(instance: Instance, work: () => Promise<Sample[]>): Promise<Window> {
  const serverBefore = processCpuMs(instance.pid);
  const pg = await startCpuMeter(() => backendPids(instance.database.db as Kysely<DB>, instance.dbName));
  const started = performance.now();
  const samples = await work();
  const seconds = (performance.now() - started) / 1000;
  return { serverMs: processCpuMs(instance.pid) - serverBefore, pgMs: await pg.stop(), seconds, samples };
}

async function stopInstance(instance: Instance): Promise<void> {
  for (const member of instance.members) member.stream?.close();
  instance.agent.destroy();
  await instance.database.close();
  await new Promise<void>((resolve) => {
    instance.child.once('exit', () => resolve());
    instance.child.kill('SIGTERM');
  });
  await instance.drop();
  fs.rmSync(instance.dataDir, { recursive: true, force: true });
}

/** The base commit built in a temporary git worktree, node_modules linked from this checkout. */
function buildCompare(commit: string): { cwd: string; remove: () => void } {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-mix-base-'));
  execFileSync('git', ['worktree', 'add', '--detach', cwd, commit], { stdio: 'ignore' });
  fs.symlinkSync(path.resolve('node_modules'), path.join(cwd, 'node_modules'));
  console.log(`building ${commit} in ${cwd}…`);
  execFileSync('npm', ['run', 'build'], { cwd, stdio: 'ignore' });
  return { cwd, remove: () => execFileSync('git', ['worktree', 'remove', '--force', cwd], { stdio: 'ignore' }) };
}

const compare = process.env.BENCH_COMPARE ? buildCompare(process.env.BENCH_COMPARE) : null;
const loadBefore = load();
const instances: Instance[] = [];
try {
  console.log(`starting ${compare ? 'two instances' : 'the instance'} (demo seed, ${MEMBERS} members each)… load ${load()}`);
  instances.push(await startInstance('this checkout', process.cwd()));
  if (compare) instances.push(await startInstance(`base ${process.env.BENCH_COMPARE}`, compare.cwd));
  for (const instance of instances) {
    instance.navigation = await recordNavigations(instance);
    console.log(`${instance.label}: a navigation fetches`, JSON.stringify(instance.navigation));
  }
  // Every member's stream open, and what an idle instance does (job polling) measured, before the mix starts.
  for (const instance of instances) for (let i = 0; i < instance.members.length; i += 50) await Promise.all(instance.members.slice(i, i + 50).map((m) => openStream(instance, m, [])));
  // A warm-up minute (compressed to 15 s, not measured): the JIT and the caches as in a running instance.
  for (const instance of instances) await Promise.all(instance.members.map((member) => memberMinute(instance, member, [], 15_000)));
  const idle = new Map<Instance, { server: number; pg: number }>();
  for (const instance of instances) {
    const window = await measureWindow(instance, async () => {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      return [];
    });
    idle.set(instance, { server: window.serverMs / window.seconds, pg: window.pgMs / window.seconds });
  }
  const windows = new Map<Instance, Window[]>(instances.map((i) => [i, []]));
  for (let minute = 0; minute < MINUTES; minute++) {
    // In turns, the order swapped each minute: both see the same machine.
    const order = minute % 2 ? [...instances].reverse() : instances;
    for (const instance of order) {
      const window = await measureWindow(instance, async () => {
        const samples: Sample[] = [];
        await Promise.all(instance.members.map((member) => memberMinute(instance, member, samples)));
        return samples;
      });
      windows.get(instance)!.push(window);
      console.log(`${instance.label}, minute ${minute + 1}: ${window.samples.length} requests in ${window.seconds.toFixed(1)} s, server CPU ${window.serverMs.toFixed(0)} ms, PG CPU ${window.pgMs.toFixed(0)} ms, load ${load()}`);
    }
  }

  console.log(`\nbench:mix — ${MEMBERS} members × ${MINUTES} minutes per instance (a minute = ${MINUTE_MS / 1000} s), a session per ${SESSION_MIN} minutes, a message per ${MESSAGE_EVERY_MIN} minutes; PostgreSQL, Redis; ${os.cpus().length} cores, load average before ${loadBefore}, after ${load()}\n`);
  const summary: Record<string, unknown> = {};
  for (const instance of instances) {
    const list = windows.get(instance)!;
    const rate = idle.get(instance)!;
    const seconds = list.reduce((s, w) => s + w.seconds, 0);
    const memberMinutes = MEMBERS * list.length;
    const server = (list.reduce((s, w) => s + w.serverMs, 0) - rate.server * seconds) / memberMinutes;
    const pg = (list.reduce((s, w) => s + w.pgMs, 0) - rate.pg * seconds) / memberMinutes;
    const samples = list.flatMap((w) => w.samples);
    console.log(`${instance.label}: server CPU ${server.toFixed(2)} ms per member-minute, PostgreSQL CPU ${pg.toFixed(2)} ms (idle instance ${rate.server.toFixed(1)} and ${rate.pg.toFixed(1)} ms/s, subtracted)`);
    console.log(`  100,000 members online: ${((server * ONLINE) / 60_000).toFixed(1)} server cores busy, ${((pg * ONLINE) / 60_000).toFixed(1)} PostgreSQL cores busy`);
    const kinds = [...new Set(samples.map((s) => s.kind))];
    const table = [['kind', 'requests', 'per member-minute', 'p50 ms', 'p99 ms', 'not 2xx/304']];
    for (const k of kinds) {
      const of = samples.filter((s) => s.kind === k);
      const ms = of.map((s) => s.ms);
      table.push([k, String(of.length), (of.length / memberMinutes).toFixed(2), percentile(ms, 50).toFixed(1), percentile(ms, 99).toFixed(1), String(of.filter((s) => !(s.status >= 200 && s.status < 300) && s.status !== 304).length)]);
    }
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    for (const row of table) console.log('  ' + row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
    summary[instance.label] = { serverMsPerMemberMinute: server, pgMsPerMemberMinute: pg, serverCores100k: (server * ONLINE) / 60_000, pgCores100k: (pg * ONLINE) / 60_000 };
  }
  if (instances.length === 2) {
    const [mine, base] = instances.map((i) => summary[i.label] as { serverMsPerMemberMinute: number; pgMsPerMemberMinute: number });
    console.log(`\nthis checkout / base: server CPU × ${(mine!.serverMsPerMemberMinute / base!.serverMsPerMemberMinute).toFixed(2)}, PostgreSQL CPU × ${(mine!.pgMsPerMemberMinute / base!.pgMsPerMemberMinute).toFixed(2)} (target ≤ 0.25 × server CPU)`);
  }
  console.log('\nJSON:', JSON.stringify({ summary, loadBefore, loadAfter: load() }));
} finally {
  for (const instance of instances) await stopInstance(instance).catch(() => {});
  compare?.remove();
}
