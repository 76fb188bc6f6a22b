// npm run bench:search — member search latency on PostgreSQL at 100,000 and 1,000,000 profiles:
// p50/p95 of page 1 and page 1,000 with typical filters, with the search index (the normal case)
// and by the database alone (while the index loads), next to a primary-key lookup measured in the
// same run (the baseline); and the index's load time and memory. Needs DATABASE_URL (a server where
// it may create a database). Run with --expose-gc for an exact memory figure.
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../app/.server/db/database';
import { searchMembers } from '../app/.server/members/search';
import { searchIndexOf } from '../app/.server/members/search-index';
import { loadTenants } from '../app/.server/tenants/registry';
import { percentile } from './cpu';
import { benchServerUrl, createBenchDatabase, generateProfiles } from './profiles';

const url = benchServerUrl('bench:search');
const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const tenant = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;


/** Durations in ms; a `fn` that answers a number times itself (to leave its set-up out). */
async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn(); // warm-up: plans, caches, the JIT
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    const own = await fn();
    out.push(typeof own === 'number' ? own : Number(process.hrtime.bigint() - start) / 1e6);
  }
  return out;
}

const rows: string[][] = [['profiles', 'query', 'p50 ms', 'p95 ms', 'p95 / baseline p95']];
const notes: string[] = [];
for (const size of SIZES) {
  const benchDatabase = await createBenchDatabase(url, `rdv_bench_${process.pid}_${size}`);
  const database = await openDatabase({ databaseUrl: benchDatabase.url, poolSize: 4 });
  try {
    await migrateToLatest(database.db);
    // Fictional profiles spread like the demo pool: tenant countries, both genders, ages 18–80.
    await generateProfiles(database.db, 1, size);
    // What autovacuum does to a live table: statistics and the visibility map (index-only scans).
    await sql`vacuum analyze profiles`.execute(database.db);
    const viewer = { user: null, hasTrafficSource: false };
    const filters = { gender: 'female', country: 'NL', min_age: 25, max_age: 45 };
    const baseline = await time(() => database.db.selectFrom('profiles').select('name').where('id', '=', Math.floor(size / 2)).execute());
    const queries = [
      ['page 1 (gender, country, age)', { ...filters, page: 1 }],
      ['page 1 (country, region)', { country: 'NL', countryregion: 'NL-R3', page: 1 }],
      ['page 1,000 (gender)', { gender: 'female', page: 1000 }],
      ['page 1,000 (gender, age)', { gender: 'female', min_age: 25, max_age: 45, page: 1000 }],
    ] as const;
    const measured: (readonly [string, number[]])[] = [['primary-key lookup (baseline)', baseline]];

    // By the database alone, as while the index loads.
    const index = searchIndexOf(database.db);
    index.enabled = false;
    for (const [label, query] of queries) {
      measured.push([`database alone: ${label}`, await time(() => searchMembers(database.db, tenant, viewer, query, { pageLimit: 'none' }))]);
    }
    // Stepping on with Next from page 999 (keyset: ids below the last one shown).
    const page999 = await searchMembers(database.db, tenant, viewer, { gender: 'female', page: 999 }, { pageLimit: 'none' });
    const after = page999.ok ? page999.results.at(-1)?.id : undefined;
    measured.push(['database alone: page 1,000 via Next (gender)', await time(() => searchMembers(database.db, tenant, viewer, { gender: 'female', page: 1000, after }, { pageLimit: 'none' }))]);

    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const heapBefore = process.memoryUsage();
    const loadStart = process.hrtime.bigint();
    index.enabled = true;
    await index.ready();
    const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;
    gc?.();
    const heapAfter = process.memoryUsage();
    const bytes = heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers;
    notes.push(
      `${size.toLocaleString('en')} profiles: the index loaded ${index.size.toLocaleString('en')} listed profiles in ${(loadMs / 1000).toFixed(1)} s; ` +
        `its arrays hold ${(index.bytes / 1e6).toFixed(1)} MB (${(index.bytes / index.size).toFixed(1)} bytes a profile), ` +
        `the heap grew by ${(bytes / 1e6).toFixed(1)} MB${gc ? '' : ' (without --expose-gc: approximate)'}`,
    );
    for (const [label, query] of queries) measured.push([`with the index: ${label}`, await time(() => searchMembers(database.db, tenant, viewer, query, { pageLimit: 'none' }))]);
    // The feed: each search first applies what changed since the last one (here 100 profiles).
    let round = 0;
    measured.push([
      'with the index: page 1,000 (gender), 100 profiles changed before each',
      await time(async () => {
        round++;
        await sql`update profiles set birth_date = birth_date + ${round % 2 ? 1 : -1}::int where id in (select id from profiles order by id desc limit 100)`.execute(database.db);
        const start = process.hrtime.bigint();
        await searchMembers(database.db, tenant, viewer, { gender: 'female', page: 1000 }, { pageLimit: 'none' });
        return Number(process.hrtime.bigint() - start) / 1e6;
      }),
    ]);
    const base95 = percentile(baseline, 95);
    for (const [label, values] of measured) {
      rows.push([size.toLocaleString('en'), label, percentile(values, 50).toFixed(2), percentile(values, 95).toFixed(2), (percentile(values, 95) / base95).toFixed(1)]);
    }
  } finally {
    await database.close();
    await benchDatabase.drop();
  }
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
console.log(`\n${RUNS} runs each\n`);
for (const row of rows) console.log(row.map((c, i) => (i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
console.log(`\n${notes.join('\n')}`);
