// node --import tsx bench/cpu-profile.ts <dir> [path]: the production server under autocannon load on one path (a member's
// session, or a visitor's with PROFILE_VISITOR=1; RENDER_CACHE=on for cached pages; PostgreSQL when DATABASE_URL is set) with node --cpu-prof; prints the share of route matching and the top self times (docs/decisions/0041).
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import os from 'node:os';
import { databaseKinds } from '../tests/support/databases';
import { listeningPort, request } from '../tests/support/server';

const dir = process.argv[2]!;
const target = process.argv[3] ?? '/api/user.php';
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const HOST = 'flirtlokaal.localhost';
// As tests/support/server.ts starts it, with --cpu-prof (which NODE_OPTIONS may not carry).
const database = await databaseKinds[databaseKinds.length - 1]!.create();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-profile-'));
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', 'server.ts'], {
  env: { ...process.env, NODE_ENV: 'production', DEMO: '1', RENDER_CACHE: process.env.RENDER_CACHE ?? 'off', OVERLOAD_DELAY_MS: '0', ADMISSION_IN_FLIGHT: '0', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', DATABASE_URL: database.url ?? '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await listeningPort(child.stdout);
const server = {
  port,
  stop: () => new Promise<void>((resolve) => {
    child.once('exit', () => void database.drop().then(() => { fs.rmSync(dataDir, { recursive: true, force: true }); resolve(); }));
    child.kill('SIGTERM');
  }),
};
const login = await request(server.port, `${HOST}:${server.port}`, '/api/user.php', { method: 'POST', body: JSON.stringify({ email: `member@flirtlokaal.example`, password: 'rendezvous-demo' }), headers: { 'content-type': 'application/json', origin: `http://${HOST}:${server.port}` } });
const cookie = String(login.headers['set-cookie']).split(';')[0]!;
const r = await autocannon({ url: `http://127.0.0.1:${server.port}${target}`, headers: process.env.PROFILE_VISITOR ? { host: HOST } : { host: HOST, cookie }, connections: 10, duration: 8 });
console.log(`${target}: ${r.requests.average} req/s, non2xx ${r.non2xx}`);
await server.stop();
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
for (const file of files) {
  const prof = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[]; samples: number[]; timeDeltas: number[]; endTime: number };
  // Only the load's samples: the run's 8 s before the stop, not the start (migrations, demo seeding).
  const count = new Map<number, number>();
  const times: number[] = [];
  let at = prof.endTime;
  for (let i = prof.samples.length - 1; i >= 0; i -= 1) {
    times[i] = at;
    at -= prof.timeDeltas[i]!;
  }
  const lastSample = times[times.length - 1] ?? 0;
  const from = lastSample - 8_500_000;
  prof.samples = prof.samples.filter((_, i) => times[i]! >= from);
  for (const s of prof.samples) count.set(s, (count.get(s) ?? 0) + 1);
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = prof.samples.length;
  const idle = [...count].filter(([id]) => ['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id)!.callFrame.functionName)).reduce((a, [, c]) => a + c, 0);
  // inclusive share of named functions
  const names = (process.env.PROFILE_NAMES ? process.env.PROFILE_NAMES.split(',') : null) ?? ['flattenRoutes', 'rankRouteBranches', 'computeScore', 'compilePath', 'matchRoutes', 'matchRoutesImpl', 'matchServerRoutes', 'Request', 'remixHandler', 'requestHandler', 'sessionOf', 'activeMember', 'userFor', 'serve', 'csp', 'compression', 'sendApiResponse'];
  const incl = new Map<string, number>();
  for (const [id, c] of count) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const fn = byId.get(at)!.callFrame.functionName;
      if (names.includes(fn) && !seen.has(fn)) { seen.add(fn); incl.set(fn, (incl.get(fn) ?? 0) + c); }
    }
  }
  const self = new Map<string, number>();
  for (const [id, c] of count) { const f = byId.get(id)!.callFrame; const k = `${f.functionName || '(anon)'} ${f.url.split('/node_modules/').pop()?.slice(-50)}`; self.set(k, (self.get(k) ?? 0) + c); }
  console.log(`${file}: ${total} samples, ${idle} idle/program/gc`);
  for (const n of names) if (incl.get(n)) console.log(`  ${n}: ${((100 * incl.get(n)!) / total).toFixed(1)} % inclusive (${((100 * incl.get(n)!) / (total - idle)).toFixed(1)} % of busy)`);
  console.log('  top self:', [...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, c]) => `${k}=${((100 * c) / total).toFixed(1)}%`).join('\n    '));
}
