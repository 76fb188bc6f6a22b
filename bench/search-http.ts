// node --import tsx bench/search-http.ts — member search over HTTP at millions of profiles (issue 33 item 4,
// docs/decisions/0046): p50/p95 of page 1 and page 1,000 with typical filters through
// GET /api/members.php of the running server (server.ts, NODE_ENV=test, PostgreSQL), a logged-in
// member asking; the search index's size, load time and the process's memory from its metrics.
//
// One database grows step by step (BENCH_STEPS, default 1,000,000 then 10,000,000 profiles), each
// step made by the database itself (set-based inserts of 1,000,000 rows) and measured with a fresh
// server. BENCH_BUDGET_MIN (default 15) stops growing once the step would start past it: the table
// then ends at the largest scale measured. Needs DATABASE_URL (a server where it may create a database).
import { keepAliveGet } from './keep-alive-get';
import os from 'node:os';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';
import { signUpMember } from '../tests/support/members';
import { startServer } from '../tests/support/server';
import { backendPids, metricValue, percentile, startCpuMeter } from './cpu';
import { benchServerUrl, createBenchDatabase, generateProfiles } from './profiles';

const url = benchServerUrl('bench:search-http');
const STEPS = (process.env.BENCH_STEPS ?? '1000000,10000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MIN ?? 15) * 60_000;
const BATCH = 1_000_000;
const TENANT = 'flirtlokaal';
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;


const { get, close: closeConnection } = keepAliveGet();

/** One request after another (a single member's latency), after 5 warm-ups; ms. */
async function time(port: number, path: string, headers: Record<string, string>): Promise<number[]> {
  for (let i = 0; i < 5; i++) {
    const res = await get(port, path, headers);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.body.slice(0, 200)}`);
  }
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await get(port, path, headers);
    out.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return out;
}


const name = `rdv_bench_http_${process.pid}`;
const benchDatabase = await createBenchDatabase(url, name);
const database = await openDatabase({ databaseUrl: benchDatabase.url, poolSize: 2 });
const rows: string[][] = [['profiles', 'query over HTTP', 'p50 ms', 'p95 ms', 'server CPU ms/req', 'PG CPU ms/req']];
const notes: string[] = [];
let have = 0;
try {
  await migrateToLatest(database.db);
  for (const target of STEPS) {
    const genStart = Date.now();
    let overBudget = false;
    while (have < target) {
      if (Date.now() - started > BUDGET_MS) {
        overBudget = true;
        notes.push(`stopped growing at ${have.toLocaleString('en')} of ${target.toLocaleString('en')} profiles: the budget of ${BUDGET_MS / 60_000} min was spent (${elapsed()})`);
        break;
      }
      const to = Math.min(target, have + BATCH);
      await generateProfiles(database.db, have + 1, to);
      have = to;
      console.log(`${have.toLocaleString('en')} profiles (${elapsed()})`);
    }
    const size = have;
    if (overBudget && rows.some((row) => row[0] === size.toLocaleString('en'))) break;
    await sql`vacuum analyze profiles`.execute(database.db);
    const genS = (Date.now() - genStart) / 1000;
    const { rows: tableSize } = await sql<{ bytes: number }>`select pg_total_relation_size('profiles')::float8 as bytes`.execute(database.db);

    const serverStart = Date.now();
    const server = await startServer({ SKIP_SEED: '1', DATABASE_URL: benchDatabase.url, METRICS_PORT: '0', TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn' });
    try {
      const member = await signUpMember(server, TENANT, { name: `Bench${size}`, country: 'NL', gender: 'male', seeking: 'female', ip: `10.46.${size % 250}.1` });
      const metricsPort = Number(/metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(server.output())?.[1]);
      // The index loads in the background: wait until its metric counts every listed profile.
      let metrics = '';
      for (;;) {
        metrics = (await get(metricsPort, '/metrics', {})).body;
        if (metricValue(metrics, 'rendezvous_search_index_profiles') >= size) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const loadS = (Date.now() - serverStart) / 1000;
      const headers = { host: `${TENANT}.localhost:${server.port}`, cookie: `locale=en; ${member.session}` };
      const queries = [
        ['page 1 (gender, country, age)', '/api/members.php?gender=female&country=NL&min_age=25&max_age=45&page=1'],
        ['page 1 (country, region)', '/api/members.php?country=NL&countryregion=NL-R3&page=1'],
        ['page 1,000 (gender)', '/api/members.php?gender=female&page=1000'],
        ['page 1,000 (gender, age)', '/api/members.php?gender=female&min_age=25&max_age=45&page=1000'],
      ] as const;
      for (const [label, path] of queries) {
        const serverCpu = await startCpuMeter(() => [server.process.pid!]);
        const pgCpu = await startCpuMeter(() => backendPids(database.db, name));
        const values = await time(server.port, path, headers);
        // CPU per request (warm-ups included): what a busy host does not change much.
        const perRequest = (ms: number) => (ms / (RUNS + 5)).toFixed(2);
        rows.push([size.toLocaleString('en'), label, percentile(values, 50).toFixed(2), percentile(values, 95).toFixed(2), perRequest(await serverCpu.stop()), perRequest(await pgCpu.stop())]);
      }
      metrics = (await get(metricsPort, '/metrics', {})).body;
      notes.push(
        `${size.toLocaleString('en')} profiles: generated and vacuumed in ${genS.toFixed(0)} s (profiles table with indexes ${(tableSize[0]!.bytes / 1e9).toFixed(2)} GB); ` +
          `server start to a loaded index ${loadS.toFixed(0)} s; index ${metricValue(metrics, 'rendezvous_search_index_profiles').toLocaleString('en')} profiles in ${(metricValue(metrics, 'rendezvous_search_index_bytes') / 1e6).toFixed(1)} MB of arrays; ` +
          `server RSS ${(metricValue(metrics, 'process_resident_memory_bytes') / 1e6).toFixed(0)} MB, heap ${(metricValue(metrics, 'nodejs_heap_size_used_bytes') / 1e6).toFixed(0)} MB, external ${(metricValue(metrics, 'nodejs_external_memory_bytes') / 1e6).toFixed(0)} MB`,
      );
    } finally {
      await server.stop();
    }
    if (overBudget) break;
  }
} finally {
  await database.close();
  closeConnection();
  await benchDatabase.drop();
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
console.log(`\nbench:search-http — ${RUNS} requests each, one after another, a logged-in member, PostgreSQL (${elapsed()} in all); load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')}\n`);
for (const row of rows) console.log(row.map((c, i) => (i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
console.log(`\n${notes.join('\n')}`);
