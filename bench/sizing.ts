// node --expose-gc --import tsx bench/sizing.ts — per-request costs of one instance for the fleet sizing (issue 33 item 4,
// docs/decisions/0046): for the refresh endpoints a member's page polls (docs/product.md §7: user, likes, chats),
// the member search and a member's profile page, each under autocannon (10 connections, 5 s):
// requests per second and latency (wall clock: they depend on how busy the host is), and what does not:
// the server's CPU per request, the PostgreSQL backends' CPU per request, database transactions and
// Redis commands per request. Then the cost of open event streams (memory, Redis, idle CPU).
// Needs DATABASE_URL and REDIS_URL; run after npm run build.
import os from 'node:os';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { openDatabase } from '../app/.server/db/database';
import { openEventStream, type OpenStream } from '../tests/support/event-stream';
import { request, startServer } from '../tests/support/server';
import { backendPids, metricValue, startCpuMeter } from './cpu';
import { membersWithSessions } from './profiles';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
if (!DATABASE_URL || !REDIS_URL) {
  console.log('bench:sizing skipped: set DATABASE_URL=postgres://… and REDIS_URL=redis://…');
  process.exit(0);
}
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const TENANT = 'flirtlokaal';
const HOST = `${TENANT}.localhost`;
const MEMBER = { email: `member@${TENANT}.example`, password: 'rendezvous-demo' };

const loadBefore = os.loadavg();
console.log('starting the server (a demo seed on a new PostgreSQL database)…');
const server = await startServer({ NODE_ENV: 'production', DEMO: '1', REDIS_URL, METRICS_PORT: '0', TRUST_PROXY: 'loopback' });
const dbName = new URL(server.databaseUrl!).pathname.slice(1);
const database = await openDatabase({ databaseUrl: server.databaseUrl!, poolSize: 1 });
const redis = new Redis(REDIS_URL);
const metricsPort = Number(/metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(server.output())?.[1]);
const serverPid = server.process.pid!;

async function counters() {
  const { rows } = await sql<{ xacts: number }>`select (xact_commit + xact_rollback)::float8 as xacts from pg_stat_database where datname = ${dbName}`.execute(database.db);
  const info = await redis.info('stats');
  return { xacts: rows[0]!.xacts, redis: Number(/total_commands_processed:(\d+)/.exec(info)?.[1]) };
}
// Statistics reach pg_stat_database within a second of a transaction's end.
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

async function meterOf(work: () => Promise<number>) {
  const before = await counters();
  const serverCpu = await startCpuMeter(() => [serverPid]);
  const pgCpu = await startCpuMeter(() => backendPids(database.db, dbName));
  const started = Date.now();
  const requests = await work();
  const seconds = (Date.now() - started) / 1000;
  const cpu = { server: await serverCpu.stop(), pg: await pgCpu.stop() };
  await settle();
  const after = await counters();
  return { requests, seconds, cpu, xacts: after.xacts - before.xacts, redis: after.redis - before.redis - 2 };
}

// What an idle instance does anyway (job polling, heartbeats): subtracted from every row.
const idle = await meterOf(async () => {
  await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
  return 0;
});
const idleRate = { server: idle.cpu.server / idle.seconds, pg: idle.cpu.pg / idle.seconds, xacts: (idle.xacts - 0) / (idle.seconds + 1.5), redis: idle.redis / (idle.seconds + 1.5) };

const login = await request(server.port, `${HOST}:${server.port}`, '/api/user.php', {
  method: 'POST',
  body: JSON.stringify(MEMBER),
  headers: { 'content-type': 'application/json', origin: `http://${HOST}:${server.port}` },
});
if (login.status !== 200) throw new Error(`login answered ${login.status}`);
const cookie = `locale=en; ${String(login.headers['set-cookie']).split(';')[0]!}`;
const profile = (await request(server.port, HOST, '/api/members.php', { headers: { cookie } })).json<{ results: { id: number }[] }>().results[0]!.id;

const endpoints = [
  ['GET /api/user.php (refresh)', '/api/user.php'],
  ['GET /api/likes.php (refresh)', '/api/likes.php'],
  ['GET /api/chats.php (refresh)', '/api/chats.php'],
  ['GET /api/members.php (search)', '/api/members.php?gender=female&min_age=25&max_age=45'],
  ['GET /members/{id} (profile page)', `/members/${profile}`],
  ['GET /members (search page)', '/members'],
] as const;

const table: string[][] = [['request', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'server CPU ms/req', 'PG CPU ms/req', 'PG xacts/req', 'Redis cmds/req']];
const results: Record<string, unknown> = {};
for (const [label, path] of endpoints) {
  const headers = { host: HOST, cookie };
  await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, headers, connections: CONNECTIONS, duration: 1 }); // warm-up
  let run: autocannon.Result | null = null;
  const measured = await meterOf(async () => {
    run = await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, headers, connections: CONNECTIONS, duration: DURATION_S });
    return run.requests.total;
  });
  const r = run! as autocannon.Result;
  const n = measured.requests || 1;
  const row = {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    serverCpuMs: (measured.cpu.server - idleRate.server * measured.seconds) / n,
    pgCpuMs: (measured.cpu.pg - idleRate.pg * measured.seconds) / n,
    xacts: (measured.xacts - idleRate.xacts * (measured.seconds + 1.5)) / n,
    redis: (measured.redis - idleRate.redis * (measured.seconds + 1.5)) / n,
  };
  results[label] = row;
  console.log(label, JSON.stringify(row));
  table.push([label, row.rps.toFixed(0), String(row.p50), String(row.p99), String(row.errors), row.serverCpuMs.toFixed(2), row.pgCpuMs.toFixed(2), row.xacts.toFixed(2), row.redis.toFixed(2)]);
}

// Open event streams: one per member online (sessions made directly in the database).
const metricsText = async () => (await request(metricsPort, 'localhost', '/metrics')).text;
const { cookies } = await membersWithSessions(database.db, TENANT, STREAMS, 'bench-sizing');
(globalThis as { gc?: () => void }).gc?.();
await new Promise((resolve) => setTimeout(resolve, 2000));
const before = await metricsText();
const streams: OpenStream[] = [];
const opened = await meterOf(async () => {
  for (let i = 0; i < STREAMS; i += 100) streams.push(...(await Promise.all(cookies.slice(i, i + 100).map((c) => openEventStream(server.port, HOST, { cookie: c })))));
  return STREAMS;
});
await new Promise((resolve) => setTimeout(resolve, 3000));
const after = await metricsText();
const held = await meterOf(async () => {
  await new Promise((resolve) => setTimeout(resolve, 30_000));
  return 0;
});
const channels = Number(await redis.call('PUBSUB', 'NUMPAT'));
const subscriptions = ((await redis.call('PUBSUB', 'CHANNELS', '*')) as string[]).length;
for (const stream of streams) stream.close();
const streamNotes = {
  open: metricValue(after, 'rendezvous_event_streams_open'),
  rssPerStreamKB: (metricValue(after, 'process_resident_memory_bytes') - metricValue(before, 'process_resident_memory_bytes')) / STREAMS / 1024,
  heapPerStreamKB: (metricValue(after, 'nodejs_heap_size_used_bytes') - metricValue(before, 'nodejs_heap_size_used_bytes')) / STREAMS / 1024,
  openServerCpuMs: opened.cpu.server / STREAMS,
  openPgCpuMs: opened.cpu.pg / STREAMS,
  openXacts: opened.xacts / STREAMS,
  openRedis: opened.redis / STREAMS,
  heldServerCpuPct: ((held.cpu.server - idleRate.server * held.seconds) / held.seconds / 10) | 0,
  heldServerCpuMsPerStreamMinute: ((held.cpu.server - idleRate.server * held.seconds) / STREAMS) * (60 / held.seconds),
  heldXactsPerSecond: held.xacts / (held.seconds + 1.5) - idleRate.xacts,
  heldRedisPerSecond: held.redis / (held.seconds + 1.5) - idleRate.redis,
  redisChannels: subscriptions,
  redisPatterns: channels,
};

await redis.quit();
await database.close();
await server.stop();
const loadAfter = os.loadavg();

const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
console.log(`\nbench:sizing — one instance (server.ts, NODE_ENV=production DEMO=1, PostgreSQL, Redis), ${CONNECTIONS} connections, ${DURATION_S} s per row`);
console.log(`host: ${os.cpus().length} cores, load average before ${loadBefore.map((v) => v.toFixed(1)).join(' ')}, after ${loadAfter.map((v) => v.toFixed(1)).join(' ')}`);
console.log(`idle instance: ${idleRate.server.toFixed(1)} ms server CPU/s, ${idleRate.pg.toFixed(1)} ms PG CPU/s, ${idleRate.xacts.toFixed(1)} xacts/s, ${idleRate.redis.toFixed(1)} Redis cmds/s (subtracted below)\n`);
for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
console.log(`\n${STREAMS} event streams:`, JSON.stringify(streamNotes, null, 2));
console.log('\nJSON:', JSON.stringify({ results, streams: streamNotes, loadBefore, loadAfter }));
