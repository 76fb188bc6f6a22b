// npm run bench:pages — the pages and refresh endpoints of the production build, measured in one run
// next to two floors (docs/decisions/0025): a bare node:http server sending the very same bytes, and
// the framework's floor, the smallest Remix page with styled-components and react-intl
// (bench/floor). Ratios matter, not the machine; issue 32's targets are printed beside them: cached
// anonymous pages and landers ≥ 0.25 × bare, the refresh endpoints ≥ 0.03 × bare, and each member page
// 3 × its ratio when the issue was filed (its done-when asks only ≥ 0.004 × bare of `/members`).
// CPU ms/req: the server's own CPU time per request answered (not the database's), which a busy
// machine moves far less than req/s (docs/decisions/0057; bench/member-pages.ts profiles it); PG
// ms/req: PostgreSQL's, on the same machine and so part of what bounds req/s (decision 0060).
//
// Two app instances, one after the other: the first with the render cache off (uncached anonymous
// pages, member pages, refresh endpoints), the second with it on (cached anonymous pages, landers).
// Set DATABASE_URL=postgres://… to measure on PostgreSQL (as the targets were set); else PGlite.
// BENCH_ROWS=api measures only the refresh endpoints (/api/user.php, chats, likes) against their bare floors.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { request, startServer } from '../tests/support/server';
import { postgresPids, processCpuMs, startCpuMeter } from './cpu';
import { demoMemberCookie } from './demo';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
// BENCH_SERVER_NODE + BENCH_SERVER_CWD: start the app (and the framework floor) on another Node, from an
// install built for it (bench/runtimes.ts prepares one and compares the two); BENCH_JSON=<file> writes the rows.
const runtime = process.env.BENCH_SERVER_NODE && process.env.BENCH_SERVER_CWD ? { execPath: process.env.BENCH_SERVER_NODE, cwd: process.env.BENCH_SERVER_CWD } : undefined;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TENANT = 'flirtlokaal';
const HOST = `${TENANT}.localhost`;

interface Result {
  rps: number;
  /** The server's own CPU (user + system) per request answered, in ms; NaN when not measured (the bare floor runs in this process). */
  cpuMs: number;
  /** PostgreSQL's CPU per request answered, in ms (all its processes on this machine); NaN without DATABASE_URL or a server pid. */
  pgMs: number;
  p50: number;
  p99: number;
  errors: number;
}

type Floor = 'bare' | 'framework';
interface Row {
  name: string;
  bytes: number;
  result: Result;
  bare: Result | null;
  /** The target: at least `ratio` × the named floor. */
  target: { floor: Floor; ratio: number } | null;
}

/** `pid`: the server process, whose CPU time per request is read from /proc (bench/cpu.ts) — less sensitive to a busy machine than req/s. */
async function measure(port: number, path: string, headers: Record<string, string> = {}, pid?: number): Promise<Result> {
  const run = () => autocannon({ url: `http://127.0.0.1:${port}${path}`, headers: { host: HOST, ...headers }, connections: CONNECTIONS, duration: DURATION_S });
  await autocannon({ url: `http://127.0.0.1:${port}${path}`, headers: { host: HOST, ...headers }, connections: CONNECTIONS, duration: 1 }); // warm-up
  const withPg = Boolean(pid && process.env.DATABASE_URL);
  const cpuBefore = pid ? processCpuMs(pid) : NaN;
  // Sampled through the run: a backend that ends meanwhile (an idle pool connection closing) keeps what it spent.
  const pgMeter = withPg ? await startCpuMeter(postgresPids) : null;
  const result = await run();
  const answered = Math.max(1, result.requests.total);
  const cpuMs = pid ? (processCpuMs(pid) - cpuBefore) / answered : NaN;
  const pgMs = pgMeter ? (await pgMeter.stop()) / answered : NaN;
  return { rps: result.requests.average, cpuMs, pgMs, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** A server answering every request with the given bytes and content type, doing nothing else. */
async function bareServer(body: Buffer, contentType: string): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function withBare(port: number, path: string, headers: Record<string, string>, pid: number | undefined) {
  const sample = await request(port, HOST, path, { headers });
  if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}`);
  const result = await measure(port, path, headers, pid);
  const bare = await bareServer(sample.body, String(sample.headers['content-type']));
  const bareResult = await measure((bare.address() as AddressInfo).port, path);
  bare.close();
  return { bytes: sample.body.length, result, bare: bareResult };
}

async function startFloor(): Promise<{ port: number; pid: number; stop: () => void }> {
  execFileSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'vite:build', '--config', 'bench/floor/vite.config.ts'], { stdio: 'ignore' });
  // DEMO=1: the demo's tenant files (sandbox payments) are refused in a real production start.
  const child = spawn(runtime?.execPath ?? process.execPath, ['--import', 'tsx', 'bench/floor/server.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production', DEMO: '1' } });
  const port = await new Promise<number>((resolve) => child.stdout.on('data', (chunk: Buffer) => {
    const match = /listening on (\d+)/.exec(chunk.toString());
    if (match) resolve(Number(match[1]));
  }));
  return { port, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

// BENCH_ROWS=<regular expression>: only the rows whose name matches; one that leaves the framework
// floor's row out (BENCH_ROWS=api, only the API rows) also skips building and measuring the floor.
const only = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS) : null;
const wanted = (name: string) => !only || only.test(name);
const rows: Row[] = [];
const anonymous = ['/', '/pages/terms', '/pricing'];
// The framework floor only when its row is wanted (BENCH_ROWS=api, or any filter that leaves it out, skips it).
const apiOnly = !wanted('framework floor (bench/floor)');

let frameworkRps = NaN;
if (!apiOnly) {
  const floor = await startFloor();
  try {
    const framework = await withBare(floor.port, '/', {}, floor.pid);
    rows.push({ name: 'framework floor (bench/floor)', ...framework, target: null });
  } finally {
    floor.stop();
  }
  frameworkRps = rows[0]!.result.rps;
}

// Admission control off: a benchmark saturates the server on purpose and measures what it serves (docs/decisions/0039, 0071).
const env = { NODE_ENV: 'production', DEMO: '1', OVERLOAD_DELAY_MS: '0', ADMISSION_IN_FLIGHT: '0' };
const uncached = await startServer({ ...env, RENDER_CACHE: 'off' }, { ...runtime });
try {
  const member = { cookie: await demoMemberCookie(uncached.port) };
  const profile = (await request(uncached.port, HOST, '/api/members.php')).json<{ results: { id: number }[] }>().results[0]!.id;
  const add = async (name: string, path: string, headers: Record<string, string>, target: Row['target']) => {
    if (wanted(name)) rows.push({ name, ...(await withBare(uncached.port, path, headers, uncached.process.pid)), target });
  };
  for (const path of anonymous) await add(`${path} visitor, uncached`, path, {}, null);
  await add('/members visitor', '/members', {}, null);
  // Issue 32 item 3: member pages 3 × their × bare when it was filed (0.009, 0.007, 0.006, 0.006).
  const before: Record<string, number> = { '/members': 0.009, '/members/{id}': 0.007, '/chats': 0.006, '/likes': 0.006 };
  for (const path of ['/members', '/members/{id}', '/chats', '/likes']) await add(`${path} member`, path.replace('{id}', String(profile)), member, { floor: 'bare', ratio: Number((3 * before[path]!).toFixed(3)) });
  for (const path of ['/api/user.php', '/api/chats.php', '/api/likes.php']) await add(`${path} member`, path, member, { floor: 'bare', ratio: 0.03 });
  // A member's navigation as the app fetches it (single fetch, the root's loader skipped, app/root.tsx;
  // issue 46's target: ≤ 1.5 ms of server CPU): the page's own loaders named in `_routes`.
  const dataRoutes: Record<string, string> = { '/chats': 'routes/chats,routes/chats._index', '/likes': 'routes/likes._index', '/members/{id}': 'routes/members.$id' };
  for (const [path, routes] of Object.entries(dataRoutes)) {
    await add(`${path}.data member (navigation)`, `${path.replace('{id}', String(profile))}.data?_routes=${encodeURIComponent(routes)}`, member, null);
  }
  // The same refreshes revalidated, as the app sends them once it has an answer (docs/decisions/0067):
  // If-None-Match with the answer's ETag, answered 304 (issue 46's target: ≤ 0.15 ms of server CPU).
  for (const path of ['/api/user.php', '/api/chats.php', '/api/likes.php']) {
    const name = `${path} member, 304`;
    if (!wanted(name)) continue;
    const etag = (await request(uncached.port, HOST, path, { headers: member })).headers.etag;
    if (typeof etag !== 'string') continue; // a build without ETags (a base commit)
    const result = await measure(uncached.port, path, { ...member, 'if-none-match': etag }, uncached.process.pid);
    // autocannon counts a 304 as a non-2xx answer: not an error here.
    rows.push({ name, bytes: 0, result: { ...result, errors: 0 }, bare: null, target: null });
  }
} finally {
  await uncached.stop();
}

const cached = !only || /cached|lander/.test(only.source) ? await startServer(env, { ...runtime }) : null;
if (cached) try {
  for (const path of anonymous) if (wanted(`${path} visitor, cached`)) rows.push({ name: `${path} visitor, cached`, ...(await withBare(cached.port, path, {}, cached.process.pid)), target: { floor: 'bare', ratio: 0.25 } });
  // Landers and a member landing (issue 23 item 7, docs/decisions/0035): cached, each hit still counted
  // by the visit recorder (one visitor here, so hits of one visit); tracking parameters are not in the key.
  const profile = (await request(cached.port, HOST, '/api/members.php')).json<{ results: { id: number }[] }>().results[0]!.id;
  for (const path of ['/landers/alonetonight?network=bench&ref=1&sub1=a', '/landers/tinderswipe', `/members/${profile}/landing`]) {
    const name = `${path.replace(String(profile), '{id}')} lander, cached`;
    if (wanted(name)) rows.push({ name, ...(await withBare(cached.port, path, {}, cached.process.pid)), target: { floor: 'bare', ratio: 0.25 } });
  }
} finally {
  await cached.stop();
}


const ratio = (row: Row, floor: Floor) => row.result.rps / (floor === 'bare' ? row.bare!.rps : frameworkRps);
const table = [
  ['page', 'bytes', 'req/s', 'CPU ms/req', 'PG ms/req', 'p50 ms', 'p99 ms', 'bare req/s', '× bare', '× framework', 'target', 'met', 'errors'],
  ...rows.map((row) => [
    row.name,
    String(row.bytes),
    row.result.rps.toFixed(0),
    Number.isNaN(row.result.cpuMs) ? '' : row.result.cpuMs.toFixed(2),
    Number.isNaN(row.result.pgMs) ? '' : row.result.pgMs.toFixed(2),
    String(row.result.p50),
    String(row.result.p99),
    row.bare ? row.bare.rps.toFixed(0) : '',
    row.bare ? ratio(row, 'bare').toFixed(3) : '',
    apiOnly ? '' : ratio(row, 'framework').toFixed(3),
    row.target ? `≥ ${row.target.ratio} × ${row.target.floor}` : '',
    row.target ? (ratio(row, row.target.floor) >= row.target.ratio ? 'yes' : 'NO') : '',
    String(row.result.errors),
  ]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
console.log(`\nbench:pages — ${CONNECTIONS} connections, ${DURATION_S} s per run, Host: ${HOST}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, load average at the end ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}\n`);
for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ node: runtime?.execPath ?? process.execPath, loadavg: os.loadavg(), rows }, null, 2));
