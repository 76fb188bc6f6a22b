// npm run bench:admission — what one instance admits under 200 concurrent clients on a member page, and
// how fast what it admits stays (issue 45, docs/decisions/0071). The production build with its
// production admission limits (sized from the cores), the demo member's session on `/members`:
//   1. quiet: QUIET_CLIENTS (1) client for BENCH_QUIET_S (5 s) — the baseline, in the same run;
//   2. BENCH_CLIENTS (200) clients for BENCH_DURATION (20 s), each sending its next request as soon
//      as its answer arrives, a 503 included (a client that ignores Retry-After: the worst case);
//   3. the same clients honouring Retry-After after a 503 (as the app's own client and a person do).
// Per phase: answers by status, p50 and p99 of the admitted (200) answers, their ratio to the quiet
// p99 (target ≤ 2), p99 of the 503s, unanswered requests (no answer within 20 s or a broken
// connection; target 0), the server's CPU ms per answer, and the load average at the end of the phase.
// Wall-clock figures on a shared machine: read them next to the load average.
import http from 'node:http';
import os from 'node:os';
import { startServer } from '../tests/support/server';
import { percentile, processCpuMs } from './cpu';
import { DEMO_HOST, demoMemberCookie } from './demo';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const QUIET_CLIENTS = Number(process.env.QUIET_CLIENTS ?? 1);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const QUIET_S = Number(process.env.BENCH_QUIET_S ?? 5);
const PATH = process.env.BENCH_PATH ?? '/members';
const TIMEOUT_MS = 20_000;

interface Phase {
  name: string;
  clients: number;
  statuses: Map<number, number>;
  admitted: number[];
  refused: number[];
  unanswered: number;
  cpuMsPerAnswer: number;
  load: number[];
}

// Production limits unless the caller tells (ADMISSION_* in the environment reach the server).
const server = await startServer({ NODE_ENV: 'production', DEMO: '1', RENDER_CACHE: 'off' });
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + QUIET_CLIENTS });

function get(cookie: string): Promise<{ status: number; retryAfterS: number } | null> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: server.port, path: PATH, agent, headers: { host: DEMO_HOST, cookie }, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfterS: Number(res.headers['retry-after'] ?? 0) }));
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
  });
}

async function phase(name: string, clients: number, seconds: number, cookie: string, honourRetryAfter: boolean): Promise<Phase> {
  const result: Phase = { name, clients, statuses: new Map(), admitted: [], refused: [], unanswered: 0, cpuMsPerAnswer: NaN, load: [] };
  const cpuBefore = processCpuMs(server.process.pid!);
  const until = performance.now() + seconds * 1000;
  let answered = 0;
  const client = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const answer = await get(cookie);
      const ms = performance.now() - started;
      if (!answer) {
        result.unanswered += 1;
        continue;
      }
      answered += 1;
      result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 200) result.admitted.push(ms);
      else if (answer.status === 503) {
        result.refused.push(ms);
        if (honourRetryAfter) await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(answer.retryAfterS * 1000, until - performance.now()))));
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  result.cpuMsPerAnswer = (processCpuMs(server.process.pid!) - cpuBefore) / Math.max(1, answered);
  result.load = os.loadavg();
  return result;
}

const phases: Phase[] = [];
try {
  const cookie = await demoMemberCookie(server.port);
  await phase('warm-up', 2, 3, cookie, false);
  const quiet = await phase(`quiet (${QUIET_CLIENTS} client)`, QUIET_CLIENTS, QUIET_S, cookie, false);
  phases.push(quiet);
  phases.push(await phase(`${CLIENTS} clients, retrying at once`, CLIENTS, DURATION_S, cookie, false));
  phases.push(await phase(`${CLIENTS} clients, honouring Retry-After`, CLIENTS, DURATION_S, cookie, true));
  const quietP99 = percentile(quiet.admitted, 99);
  const table = [
    ['phase', 'answers', '200', '503', 'other', 'unanswered', 'p50 200 ms', 'p99 200 ms', '× quiet p99', '≤ 2×', 'p99 503 ms', 'CPU ms/answer', 'load average'],
    ...phases.map((row) => {
      const total = [...row.statuses.values()].reduce((a, b) => a + b, 0);
      const other = total - (row.statuses.get(200) ?? 0) - (row.statuses.get(503) ?? 0);
      const p99 = row.admitted.length ? percentile(row.admitted, 99) : NaN;
      return [
        row.name,
        String(total),
        String(row.statuses.get(200) ?? 0),
        String(row.statuses.get(503) ?? 0),
        other ? `${other} (${[...row.statuses.keys()].filter((s) => s !== 200 && s !== 503).join(', ')})` : '0',
        String(row.unanswered),
        row.admitted.length ? percentile(row.admitted, 50).toFixed(1) : '',
        Number.isNaN(p99) ? '' : p99.toFixed(1),
        row === quiet ? '1.00' : (p99 / quietP99).toFixed(2),
        row === quiet ? '' : p99 <= 2 * quietP99 ? 'yes' : 'NO',
        row.refused.length ? percentile(row.refused, 99).toFixed(1) : '',
        row.cpuMsPerAnswer.toFixed(2),
        row.load.map((value) => value.toFixed(2)).join(' '),
      ];
    }),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const limits = /admission limits: ([^\n"]*)/.exec(server.output())?.[1] ?? 'production defaults';
  console.log(`\nbench:admission — GET ${PATH} as the demo member, ${os.availableParallelism()} cores, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${limits}\n`);
  for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
} finally {
  agent.destroy();
  await server.stop();
}
