// node --import tsx bench/network-overview.ts — the network console's overview at scale (issue 35
// item 2, docs/decisions/0052): p50/p95 of GET /api/network/overview.php (a 30-day and a 365-day
// range) and of the series for the charts, through the running server (server.ts, NODE_ENV=test,
// PostgreSQL) with a network analyst's session, against a baseline measured in the same run: the
// same endpoint refused without a session (the request path and one indexed session lookup), and a
// trivial indexed query straight to the database. Prints each overview query's plan (EXPLAIN ANALYZE)
// first. The data is made by the database itself, set-based: BENCH_USERS members (default 300,000)
// over the demo tenants with signups spread over a year, every 10th a payer with one to three
// payments from their signup on (none after today) (fulfilled, three currencies), a visit per member plus as many again, a
// refund per 50 payments and a chargeback per 200. Needs DATABASE_URL (a server where it may create a database).
// Then the daily roll-ups (docs/decisions/0058): the first round's backfill is timed, and the overview
// and series are timed both ways in this process — every day live, and the rolled-up days from the
// roll-ups — before the HTTP figures (which read the roll-ups, as the server does). Ranges end today,
// as the console's default: today is always read live. BENCH_LIVE_RUNS (default BENCH_RUNS) times the
// live path fewer times at large scales; each row is printed as soon as it is measured.
import crypto from 'node:crypto';
import { keepAliveGet } from './keep-alive-get';
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../app/.server/db/schema';
import { hashToken } from '../app/.server/accounts/tokens';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';
import { networkOverview, networkSeries } from '../app/.server/network/overview';
import { rollUpNetworkDays } from '../app/.server/network/rollup';
import { loadTenants } from '../app/.server/tenants/registry';
import { startServer } from '../tests/support/server';
import { percentile } from './cpu';
import { benchServerUrl, createBenchDatabase } from './profiles';

const url = benchServerUrl('bench:network-overview');
const USERS = Number(process.env.BENCH_USERS ?? 300_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const LIVE_RUNS = Number(process.env.BENCH_LIVE_RUNS ?? RUNS);
const BATCH = 500_000;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const tenants = loadTenants('tenants');
const ids = tenants.map((tenant) => tenant.id);

const { get } = keepAliveGet();

async function time(run: () => Promise<unknown>, runs = RUNS): Promise<number[]> {
  for (let i = 0; i < Math.min(3, Math.ceil(runs / 5)); i++) await run();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await run();
    out.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return out;
}

const name = `rdv_bench_network_${process.pid}`;
const benchDatabase = await createBenchDatabase(url, name);
const captured: CompiledQuery[] = [];
let capture = false;
const database = await openDatabase({ databaseUrl: benchDatabase.url, poolSize: 10 });
try {
  await migrateToLatest(database.db);
  const db = database.db;
  const tenantArray = sql.raw(`array[${ids.map((id) => `'${id}'`).join(',')}]`);
  const day = 86_400_000;
  const end = new Date(Math.floor(Date.now() / day) * day);
  const yearAgo = new Date(end.getTime() - 365 * day);
  // A bulk load before the first round: the roll-up's triggers (which mark changed past days) and the
  // foreign keys are off while the data is made; the first round's backfill reads it all.
  const bulk = (statement: { execute: (db: Kysely<DB>) => Promise<unknown> }) =>
    db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });
  for (let from = 1; from <= USERS; from += BATCH) {
    const to = Math.min(USERS, from + BATCH - 1);
    await bulk(sql`insert into users (tenant_id, email, password_hash, status, language, signup_date, confirmed_at, created_at)
      select (${tenantArray})[1 + g % ${ids.length}], 'b' || g || '@bench.example', 'x', 'confirmed', 'en',
             ${yearAgo}::timestamptz + (g % 365) * interval '1 day' + (g % 86400) * interval '1 second',
             case when g % 10 < 7 then ${yearAgo}::timestamptz + (g % 365) * interval '1 day' + interval '2 hours' end,
             now()
      from generate_series(${from}::int, ${to}::int) g`);
    console.log(`${to} members (${elapsed()})`);
  }
  // Visits: one per member and as many again, spread over the year.
  await bulk(sql`insert into visits (tenant_id, click_id, path, user_agent_class, visitor_key, visitor_id, target_key, created_at, last_seen_at)
    select (${tenantArray})[1 + g % ${ids.length}], 'c' || g, '/', 'mobile', 'k' || g, 'v' || g, 't' || g,
           ${yearAgo}::timestamptz + (g % 365) * interval '1 day', ${yearAgo}::timestamptz + (g % 365) * interval '1 day'
    from generate_series(1, ${USERS * 2}::int) g`);
  console.log(`visits (${elapsed()})`);
  // Payments: every 10th member pays one to three times, after signing up, within the year.
  await bulk(sql`insert into payments (tenant_id, user_id, order_number, provider, provider_id, package_id, credits, price, amount, currency, country, method, locale, status, paid_at, fulfilled_at, created_at, updated_at, checked_at)
    select u.tenant_id, u.id, 'o' || u.id || '-' || k, 'sandbox', 'p' || u.id || '-' || k, 'popular', 100, 1995, 1995,
           (array['EUR','GBP','PLN'])[1 + u.id % 3], 'NL', 'ideal', 'en', 'paid', t, t, t, t, t
    from users u, generate_series(1, 1 + (u.id / 10) % 3) k,
         lateral (select u.signup_date + ((k - 1) * 40 + u.id % 30) * interval '1 day' as t) times
    where u.id % 10 = 0 and t < ${end}::timestamptz`);
  await bulk(sql`update payments set charged_back_at = fulfilled_at + interval '10 days' where id % 200 = 0 and fulfilled_at + interval '10 days' < ${end}::timestamptz`);
  await bulk(sql`insert into refunds (tenant_id, payment_id, user_id, amount, currency, credits, status, created_at, updated_at)
    select tenant_id, id, user_id, amount, currency, credits, 'refunded', fulfilled_at + interval '2 days', fulfilled_at + interval '2 days' from payments where id % 50 = 0 and fulfilled_at + interval '2 days' < ${end}::timestamptz`);
  // As autovacuum leaves a table in steady use: statistics and the visibility map (index-only scans).
  await sql`vacuum analyze`.execute(db);
  const counts = await sql<{ users: string; payments: string; visits: string }>`select (select count(*) from users) users, (select count(*) from payments) payments, (select count(*) from visits) visits`.execute(db);
  console.log(`data ready (${elapsed()}):`, counts.rows[0]);
  // The first round of the roll-up: the backfill of every day with data, up to yesterday.
  const rollupStarted = Date.now();
  const rolledUp = await rollUpNetworkDays(db);
  const backfillSeconds = (Date.now() - rollupStarted) / 1000;
  if (rolledUp.through !== new Date(end.getTime() - day).toISOString().slice(0, 10)) throw new Error(`the roll-up stopped at ${rolledUp.through}`);
  await sql`vacuum analyze network_daily, network_daily_money, network_daily_payers`.execute(db);
  const sizes = await sql<{ daily: string; money: string; payers: string }>`select (select count(*) from network_daily) daily, (select count(*) from network_daily_money) money, (select count(*) from network_daily_payers) payers`.execute(db);
  console.log(`roll-up backfill: ${rolledUp.added} days through ${rolledUp.through} in ${backfillSeconds.toFixed(1)} s; rows:`, sizes.rows[0]);

  // The plans of the overview's queries, as the server runs them.
  const today = end.toISOString().slice(0, 10);
  const range = { from: new Date(end.getTime() - 29 * day).toISOString().slice(0, 10), to: today };
  const year = { from: new Date(end.getTime() - 364 * day).toISOString().slice(0, 10), to: today };
  const staff = { id: 1, email: 'bench@rendezvous.example', name: 'Bench', role: 'network_analyst' as const };
  const explainDb = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: benchDatabase.url, max: 1 }) }),
    log: (event) => {
      if (capture) captured.push(event.query);
    },
  });
  capture = true;
  await networkOverview(explainDb, staff, { tenants, range, live: true });
  await networkOverview(explainDb, staff, { tenants, range: year });
  capture = false;
  for (const query of captured) {
    const result = await explainDb.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]));
    const lines = result.rows.map((row) => row['QUERY PLAN']);
    console.log(`\n${query.sql.slice(0, 110)}…\n  ${lines.filter((line) => /Scan|Execution Time/.test(line)).slice(0, 8).join('\n  ')}`);
  }
  await explainDb.destroy();

  // The two paths give the same answers (the integration tests prove it on small data; here at scale).
  for (const r of [range, year]) {
    const [live, rolled] = [await networkOverview(db, staff, { tenants, range: r, live: true }), await networkOverview(db, staff, { tenants, range: r })];
    console.log(`overview ${r.from}..${r.to}: roll-up ${isDeepStrictEqual(live, rolled) ? 'equal to' : 'DIFFERS FROM'} live`);
    if (!isDeepStrictEqual(live, rolled)) console.log(JSON.stringify(live), '\n', JSON.stringify(rolled));
  }
  const table: [string, number[]][] = [];
  const row = (label: string, times: number[]) => {
    table.push([label, times]);
    console.log(`| ${label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | (${elapsed()}, load ${os.loadavg()[0]!.toFixed(1)})`);
  };
  const overview = (r: typeof range, live: boolean) => async () => {
    const result = await networkOverview(db, staff, { tenants, range: r, live });
    if (!result.ok) throw new Error(result.error);
  };
  const series = (live: boolean) => async () => {
    const result = await networkSeries(db, staff, { tenants, range: year, bucket: 'week', live });
    if (!result.ok) throw new Error(result.error);
  };
  console.log('\n| what | p50 ms | p95 ms |\n|---|---:|---:|');
  row('networkOverview, 30 days, roll-up', await time(overview(range, false)));
  row('networkOverview, 365 days, roll-up', await time(overview(year, false)));
  row('networkSeries, 365 days by week, roll-up', await time(series(false)));
  row('networkOverview, 30 days, live', await time(overview(range, true), LIVE_RUNS));
  row('networkOverview, 365 days, live', await time(overview(year, true), LIVE_RUNS));
  row('networkSeries, 365 days by week, live', await time(series(true), LIVE_RUNS));

  // A network analyst with a session, made directly.
  const token = crypto.randomBytes(24).toString('base64url');
  const staffRow = await db.insertInto('network_staff').values({ email: staff.email, name: staff.name, password_hash: null, role: staff.role, created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('network_sessions').values({ id: hashToken(token), staff_id: staffRow.id, created_at: new Date(), expires_at: new Date(Date.now() + 3600_000), ip: null, user_agent: 'bench' }).execute();

  const server = await startServer({ SKIP_SEED: '1', DATABASE_URL: benchDatabase.url, METRICS_PORT: '0', LOG_LEVEL: 'warn' });
  try {
    const host = { host: `admin.localhost:${server.port}` };
    const withSession = { ...host, cookie: `rdv_network=${token}` };
    const ok = async (path: string, headers: Record<string, string>, status = 200) => {
      const res = await get(server.port, path, headers);
      if (res.status !== status) throw new Error(`${path} answered ${res.status}: ${res.body.slice(0, 200)}`);
    };
    row('baseline: SELECT by primary key (database)', await time(() => sql`select id from users where id = ${1 + Math.floor(Math.random() * USERS)}`.execute(db)));
    row('baseline: overview.php without a session (403)', await time(() => ok(`/api/network/overview.php?from=${range.from}&to=${range.to}`, host, 403)));
    row('overview.php, 30 days (roll-up)', await time(() => ok(`/api/network/overview.php?from=${range.from}&to=${range.to}`, withSession)));
    row('overview.php, 365 days (roll-up)', await time(() => ok(`/api/network/overview.php?from=${year.from}&to=${year.to}`, withSession)));
    row('series.php, 365 days by week (roll-up)', await time(() => ok(`/api/network/series.php?from=${year.from}&to=${year.to}&bucket=week`, withSession)));
    row('health.php', await time(() => ok('/api/network/health.php', withSession)));
    console.log(`\nbench:network-overview — ${USERS.toLocaleString('en')} members, ${RUNS} requests each (live path ${LIVE_RUNS}), one after another, PostgreSQL (${elapsed()} in all); load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')}\n`);
    console.log('| what | p50 ms | p95 ms |\n|---|---:|---:|');
    for (const [label, times] of table) console.log(`| ${label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`);
  } finally {
    await server.stop();
  }
} finally {
  await database.close();
  await benchDatabase.drop();
}
