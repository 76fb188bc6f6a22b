// node --import tsx bench/member-pages.ts [dir]: the server's own CPU time per request of the member pages
// (issue 32 item 3, docs/decisions/0057), far less sensitive to a busy machine than req/s. The production
// build on PostgreSQL when DATABASE_URL is set (else PGlite), started with `node --cpu-prof`; a demo
// member's session; per page 30 warm-up requests, then BENCH_REQUESTS (200) sequential ones, the
// server's user + system CPU (/proc) over them divided by their number, and the CPU profile's samples
// of that window: top self-time frames, self time by package, and the inclusive share of named frames.
// BENCH_ROWS=<regex> keeps only the pages whose name matches. Prints the load average with each figure.
// BENCH_COMPARE=<another checkout, built>: its server too, measured in turns with this one (before/after
// under the same load: `git worktree add /tmp/base <commit> && (cd /tmp/base && npm run build)`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseKinds } from '../tests/support/databases';
import { listeningPort, request } from '../tests/support/server';
import { processCpuMs } from './cpu';

const dir = process.argv[2] ?? path.join(os.tmpdir(), 'rdv-member-pages-prof');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 30;
const HOST = 'flirtlokaal.localhost';
const only = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS) : null;

fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const kind = databaseKinds[databaseKinds.length - 1]!;

interface Server {
  label: string;
  profileDir: string;
  pid: number;
  port: number;
  pages: { name: string; path: string; headers: Record<string, string> }[];
  stop: () => Promise<void>;
}

/** The production server of the checkout at `cwd` (built there), with --cpu-prof, on its own database, logged in as the demo member. */
async function start(label: string, cwd: string): Promise<Server> {
  const profileDir = path.join(dir, label);
  fs.mkdirSync(profileDir, { recursive: true });
  const database = await kind.create({ migrated: kind.name === 'postgres' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-member-pages-'));
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', 'server.ts'], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', DEMO: '1', RENDER_CACHE: 'off', OVERLOAD_DELAY_MS: '0', ADMISSION_IN_FLIGHT: '0', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', DATABASE_URL: database.url ?? '' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const port = await listeningPort(child.stdout);
  const login = await request(port, `${HOST}:${port}`, '/api/user.php', { method: 'POST', body: JSON.stringify({ email: 'member@flirtlokaal.example', password: 'rendezvous-demo' }), headers: { 'content-type': 'application/json', origin: `http://${HOST}:${port}` } });
  if (login.status !== 200) throw new Error(`${label}: login answered ${login.status}`);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const profileId = (await request(port, HOST, '/api/members.php')).json<{ results: { id: number }[] }>().results[0]!.id;
  const pages = [
    { name: '/members member', path: '/members', headers: { cookie } },
    { name: '/members/{id} member', path: `/members/${profileId}`, headers: { cookie } },
    { name: '/chats member', path: '/chats', headers: { cookie } },
    { name: '/likes member', path: '/likes', headers: { cookie } },
    { name: '/members visitor', path: '/members', headers: {} as Record<string, string> },
  ].filter((page) => !only || only.test(page.name));
  return {
    label,
    profileDir,
    pid: child.pid!,
    port,
    pages,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => void database.drop().then(() => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        }));
        child.kill('SIGTERM');
      }),
  };
}

// BENCH_COMPARE=<checkout>: a second server from another checkout (built there), measured in turns
// with this one — blocks of BLOCK requests each, so that both see the same machine load.
const BLOCK = 20;
const servers = [await start('this', process.cwd())];
if (process.env.BENCH_COMPARE) servers.push(await start('compared', path.resolve(process.env.BENCH_COMPARE)));

/** Monotonic clock in µs, the clock of V8's profile timestamps on Linux. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const windows: { server: string; name: string; from: number; to: number; cpuMs: number; load: string; bytes: number }[] = [];
for (let p = 0; p < servers[0]!.pages.length; p++) {
  const bytes = new Map<string, number>();
  for (const server of servers) {
    const page = server.pages[p]!;
    for (let i = 0; i < WARM_UP; i++) {
      const res = await request(server.port, HOST, page.path, { headers: page.headers });
      if (res.status !== 200) throw new Error(`${server.label} ${page.path} answered ${res.status}`);
      bytes.set(server.label, res.body.length);
    }
  }
  const load = os.loadavg().map((value) => value.toFixed(2)).join(' ');
  const from = nowUs();
  const cpu = new Map(servers.map((server) => [server.label, 0]));
  for (let done = 0; done < REQUESTS; done += BLOCK) {
    for (const server of servers) {
      const page = server.pages[p]!;
      const before = processCpuMs(server.pid);
      for (let i = 0; i < BLOCK; i++) await request(server.port, HOST, page.path, { headers: page.headers });
      cpu.set(server.label, cpu.get(server.label)! + processCpuMs(server.pid) - before);
    }
  }
  const to = nowUs();
  for (const server of servers) windows.push({ server: server.label, name: server.pages[p]!.name, from, to, cpuMs: cpu.get(server.label)!, load, bytes: bytes.get(server.label)! });
}

for (const server of servers) await server.stop();
fs.writeFileSync(path.join(dir, 'windows.json'), JSON.stringify(windows));

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }

const NOT_BUSY = ['(idle)', '(program)'];
const packageOf = (url: string) => {
  const inModules = url.split('/node_modules/').pop()!;
  if (inModules !== url) return inModules.startsWith('@') ? inModules.split('/').slice(0, 2).join('/') : inModules.split('/')[0]!;
  if (url.includes('/build/server/')) return 'build/server (app)';
  if (url.startsWith('node:') || !url) return url || '(native)';
  return url.replace(/^.*\/wt\/[^/]+\//, '');
};
const pct = (count: number, total: number) => `${((100 * count) / total).toFixed(1)} %`;
/** Where a sample is spent, by what is on its stack (inclusive; one sample may count in several). */
const SHARES: [string, (names: string[], urls: string[]) => boolean][] = [
  ['React render (react-dom-server on the stack)', (_names, urls) => urls.some((url) => url.includes('react-dom-server'))],
  ['styled-components (generateAndInjectStyles)', (names) => names.includes('generateAndInjectStyles')],
  ['route matching (matchRoutes)', (names) => names.includes('matchRoutes') || names.includes('matchServerRoutes')],
  ['loaders (callRouteLoader)', (names) => names.includes('callRouteLoader')],
  ['database queries (executeQuery)', (names) => names.includes('executeQuery')],
  ['react-intl (formatMessage)', (names) => names.includes('formatMessage')],
  ['loader data (turbo-stream encode)', (names) => names.includes('encode') && names.includes('encodeViaTurboStream')],
  ['garbage collector', (names) => names.includes('(garbage collector)')],
];

console.log(`\nmember pages — ${REQUESTS} sequential requests per page after ${WARM_UP} warm-up${servers.length > 1 ? `, servers in turns of ${BLOCK}` : ''}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, profiles in ${dir}\n`);
console.log('server    page                      bytes   CPU ms/request   load average (1 5 15)');
for (const window of windows) console.log(`${window.server.padEnd(8)}  ${window.name.padEnd(24)}  ${String(window.bytes).padStart(6)}  ${(window.cpuMs / REQUESTS).toFixed(2).padStart(14)}   ${window.load}`);
for (const server of servers) {
  // The main thread's profile (a worker's, if any, has another thread number in its name).
  const file = fs.readdirSync(server.profileDir).find((name) => /\.0\.\d+\.cpuprofile$/.test(name))!;
  const profile = JSON.parse(fs.readFileSync(path.join(server.profileDir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const childId of node.children ?? []) parent.set(childId, node.id);
  const times: number[] = [];
  let at = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((at += delta));
  for (const window of windows.filter((w) => w.server === server.label)) {
    const counts = new Map<number, number>();
    times.forEach((time, i) => {
      if (time >= window.from && time <= window.to) counts.set(profile.samples[i]!, (counts.get(profile.samples[i]!) ?? 0) + 1);
    });
    let busy = 0;
    const self = new Map<string, number>();
    const packages = new Map<string, number>();
    const shares = new Map<string, number>();
    for (const [id, count] of counts) {
      const frame = byId.get(id)!.callFrame;
      if (NOT_BUSY.includes(frame.functionName)) continue;
      busy += count;
      const key = `${frame.functionName || '(anonymous)'} ${packageOf(frame.url)}:${frame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + count);
      packages.set(packageOf(frame.url), (packages.get(packageOf(frame.url)) ?? 0) + count);
      const names: string[] = [];
      const urls: string[] = [];
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
        names.push(byId.get(node)!.callFrame.functionName);
        urls.push(byId.get(node)!.callFrame.url);
      }
      for (const [share, test] of SHARES) if (test(names, urls)) shares.set(share, (shares.get(share) ?? 0) + count);
    }
    console.log(`\n${server.label} ${window.name}: ${busy} busy samples (shares of busy), ${file}`);
    console.log('  inclusive:\n    ' + SHARES.map(([share]) => `${pct(shares.get(share) ?? 0, busy).padStart(7)}  ${share}`).join('\n    '));
    console.log('  top self:\n    ' + [...self].sort((x, y) => y[1] - x[1]).slice(0, 15).map(([key, count]) => `${pct(count, busy).padStart(7)}  ${key}`).join('\n    '));
    console.log('  self by package:\n    ' + [...packages].sort((x, y) => y[1] - x[1]).slice(0, 10).map(([key, count]) => `${pct(count, busy).padStart(7)}  ${key}`).join('\n    '));
  }
}
