// npm run bench:runtimes — bench:pages on the project's runtime (Node 24, the registry's `node` package)
// and on another Node (the machine's own, Node 20 here) in one run, in turns (docs/decisions/0062).
//
// One install cannot serve both: a native addon (argon2's prebuilt binary) that loads on 24 ends a
// Node 20 process with a segmentation fault. So the other runtime gets its own install of the same
// lock, made by its own npm: `npm ci --omit=dev --ignore-scripts` into <tmp>/rdv-runtimes/<version>/,
// the project's patches applied as patch-package would, and argon2 built from source against that
// Node's headers (npm's own node-gyp). The app's build is copied beside that install (module
// resolution follows the real path of build/server.js) and the folders the server reads at runtime
// are linked. The install is kept until package-lock.json changes.
//
// The runs alternate (24, other, 24, other … BENCH_ROUNDS rounds) so that a load that changes during
// the run moves both alike; each row's figure is the median of its runs. BENCH_OTHER_NODE names the
// other Node (default /usr/bin/node); BENCH_ROWS is passed on (default: a page of each kind).
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const otherNode = process.env.BENCH_OTHER_NODE ?? '/usr/bin/node';
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const rowsWanted = process.env.BENCH_ROWS ?? '^(framework floor|/ visitor|/members member|/members/\\{id\\} member|/api/user.php member|/api/chats.php member)';

const version = (node: string) => execFileSync(node, ['-v']).toString().trim();
const ours = { name: `Node ${version(process.execPath)}`, node: process.execPath, cwd: root };
const otherVersion = version(otherNode);

/** The other runtime's own install of this lock; made again only when the lock changes. */
function prepareOtherInstall(): string {
  const dir = path.join(os.tmpdir(), 'rdv-runtimes', otherVersion);
  const lock = fs.readFileSync(path.join(root, 'package-lock.json'));
  const stamp = crypto.createHash('sha256').update(lock).update(otherVersion).digest('hex');
  const stampFile = path.join(dir, '.installed');
  const npmCli = path.join(path.dirname(fs.realpathSync(otherNode)), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  if (!fs.existsSync(stampFile) || fs.readFileSync(stampFile, 'utf8') !== stamp) {
    console.log(`== installing the lock's runtime dependencies for Node ${otherVersion} in ${dir}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(root, file), path.join(dir, file));
    execFileSync(otherNode, [npmCli, 'ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
    // What patch-package does at postinstall (package.json), for the patched packages that are runtime dependencies.
    for (const patch of fs.readdirSync(path.join(root, 'patches'))) {
      execFileSync('patch', ['-p1', '--forward', '--silent', '-i', path.join(root, 'patches', patch)], { cwd: dir, stdio: 'inherit' });
    }
    // argon2 from source against this Node's headers; its prebuilt binary is the one that crashes.
    const argon2 = path.join(dir, 'node_modules', 'argon2');
    fs.rmSync(path.join(argon2, 'prebuilds'), { recursive: true, force: true });
    const gyp = path.join(path.dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
    execFileSync(otherNode, [gyp, 'rebuild', '--loglevel=error'], { cwd: argon2, stdio: ['ignore', 'ignore', 'inherit'] });
    fs.writeFileSync(stampFile, stamp);
  }
  execFileSync(otherNode, ['-e', "require('argon2').hash('x').then(() => process.exit(0))"], { cwd: dir });
  // The build beside that install, and what the server reads from its working folder.
  fs.rmSync(path.join(dir, 'build'), { recursive: true, force: true });
  fs.cpSync(path.join(root, 'build'), path.join(dir, 'build'), { recursive: true });
  for (const folder of ['tenants', 'content', 'locales', 'public', 'themes']) {
    const link = path.join(dir, folder);
    if (!fs.existsSync(link) && fs.existsSync(path.join(root, folder))) fs.symlinkSync(path.join(root, folder), link);
  }
  return dir;
}

interface Row { name: string; result: { rps: number; cpuMs: number; p99: number; errors: number } }

function run(runtime: { name: string; node: string; cwd: string }, round: number): Row[] {
  const out = path.join(os.tmpdir(), `rdv-runtimes-${process.pid}-${round}-${runtime.node.replace(/\W/g, '_')}.json`);
  console.log(`== round ${round + 1}/${rounds}: ${runtime.name} (load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')})`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/pages.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BENCH_ROWS: rowsWanted, BENCH_JSON: out, ...(runtime.cwd === root ? {} : { BENCH_SERVER_NODE: runtime.node, BENCH_SERVER_CWD: runtime.cwd }) },
  });
  if (result.status !== 0) throw new Error(`bench/pages.ts on ${runtime.name} exited with ${result.status}`);
  const rows = (JSON.parse(fs.readFileSync(out, 'utf8')) as { rows: Row[] }).rows;
  fs.rmSync(out);
  return rows;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const other = { name: `Node ${otherVersion}`, node: otherNode, cwd: prepareOtherInstall() };
const loadBefore = os.loadavg();
const runs = new Map<string, Row[][]>([[ours.name, []], [other.name, []]]);
for (let round = 0; round < rounds; round++) {
  for (const runtime of [ours, other]) runs.get(runtime.name)!.push(run(runtime, round));
}
const loadAfter = os.loadavg();

const names = runs.get(ours.name)![0]!.map((row) => row.name);
const figure = (runtime: string, name: string, pick: (row: Row) => number) =>
  median(runs.get(runtime)!.map((rows) => pick(rows.find((row) => row.name === name)!)));
const table = [
  ['page', `${ours.name} req/s`, 'CPU ms/req', 'p99 ms', `${other.name} req/s`, 'CPU ms/req', 'p99 ms', 'req/s 24 ÷ 20', 'CPU 24 ÷ 20', 'errors'],
  ...names.map((name) => {
    const [a, b] = [ours.name, other.name].map((runtime) => ({
      rps: figure(runtime, name, (row) => row.result.rps),
      cpu: figure(runtime, name, (row) => row.result.cpuMs),
      p99: figure(runtime, name, (row) => row.result.p99),
      errors: runs.get(runtime)!.reduce((sum, rows) => sum + rows.find((row) => row.name === name)!.result.errors, 0),
    })) as [{ rps: number; cpu: number; p99: number; errors: number }, { rps: number; cpu: number; p99: number; errors: number }];
    return [name, a.rps.toFixed(0), a.cpu.toFixed(2), String(a.p99), b.rps.toFixed(0), b.cpu.toFixed(2), String(b.p99), (a.rps / b.rps).toFixed(2), (a.cpu / b.cpu).toFixed(2), String(a.errors + b.errors)];
  }),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
console.log(`\nbench:runtimes — bench:pages rows, ${rounds} rounds in turns, medians, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; load average ${loadBefore.map((value) => value.toFixed(2)).join(' ')} before, ${loadAfter.map((value) => value.toFixed(2)).join(' ')} after\n`);
for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
