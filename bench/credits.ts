// npm run bench (with DATABASE_URL): concurrent credit spends per second on PostgreSQL through the
// ledger (spendCredits: conditional UPDATE + ledger entry in one transaction), next to a bare
// conditional UPDATE without ledger or transaction, measured in the same run on the same database
// so that the ratio is what matters. Two shapes: spends spread over many members (no waiting) and
// every spend on one member (all queue on one row lock). Afterwards the ledger must explain every
// balance exactly.
import { sql } from 'kysely';
import { grantCredits, spendCredits } from '../app/.server/credits/ledger';
import { databaseKinds, migratedDatabase } from '../tests/support/databases';

if (!process.env.DATABASE_URL) {
  console.log('bench:credits skipped: set DATABASE_URL=postgres://… (a server where it may create a database)');
  process.exit(0);
}

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 5) * 1000;
const WORKERS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MEMBERS = 200;

const kind = databaseKinds.find((k) => k.name === 'postgres')!;
const { database, drop } = await migratedDatabase(kind);
const { db } = database;

async function members(count: number, credits: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await db
      .insertInto('users')
      .values({ tenant_id: 'bench', email: `bench${ids.length}-${Date.now()}-${i}@example.com`, password_hash: 'x', status: 'confirmed', language: 'en', signup_date: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grantCredits(db, 'bonus', { userId: row.id, credits, reference: `bench-bonus:${row.id}` });
    ids.push(row.id);
  }
  return ids;
}

/** Runs `spend` from WORKERS loops for DURATION_MS; returns spends per second and refusals. */
async function run(spend: (worker: number, i: number) => Promise<boolean>): Promise<{ perSecond: number; refused: number }> {
  let done = 0;
  let refused = 0;
  const until = Date.now() + DURATION_MS;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = 0; Date.now() < until; i++) {
        if (await spend(worker, i)) done++;
        else refused++;
      }
    }),
  );
  return { perSecond: done / ((Date.now() - started) / 1000), refused };
}

const plenty = 10_000_000;
let reference = 0;
const ledger = (userId: () => number) => async () =>
  (await spendCredits(db, 'message', { userId: userId(), credits: 1, reference: `bench:${++reference}` })).ok;
const bare = (userId: () => number) => async () => {
  const { rows } = await sql`update users set credits = credits - 1 where id = ${userId()} and credits >= 1 returning credits`.execute(db);
  return rows.length === 1;
};

const rows: string[][] = [['shape', 'ledger spends/s', 'bare UPDATE/s', 'ledger/bare']];
try {
  // The bare UPDATE gets members of its own: it moves credits without ledger entries on purpose.
  const spread = await members(MEMBERS, plenty);
  const spreadBare = await members(MEMBERS, plenty);
  const [hot, hotBare] = await members(2, plenty);
  const pick = (ids: number[]) => () => ids[Math.floor(Math.random() * ids.length)]!;
  const shapes = [
    [`${MEMBERS} members`, pick(spread), pick(spreadBare)],
    ['one member', () => hot!, () => hotBare!],
  ] as const;
  for (const [shape, ledgerUser, bareUser] of shapes) {
    await run(ledger(ledgerUser)); // warm-up
    const ours = await run(ledger(ledgerUser));
    const baseline = await run(bare(bareUser));
    rows.push([shape, ours.perSecond.toFixed(0), baseline.perSecond.toFixed(0), (ours.perSecond / baseline.perSecond).toFixed(3)]);
  }
  // Every balance the ledger moved equals the sum of its entries; none went below zero.
  const { rows: off } = await sql<{ n: number }>`
    select count(*)::int as n from users u
    where u.id in (${sql.join([...spread, hot!])})
      and u.credits <> (select coalesce(sum(amount), 0) from credit_ledger l where l.user_id = u.id)`.execute(db);
  if (off[0]!.n !== 0) throw new Error(`${off[0]!.n} balances differ from their ledger`);
  const { rows: negative } = await sql<{ n: number }>`select count(*)::int as n from users where credits < 0`.execute(db);
  if (negative[0]!.n !== 0) throw new Error('a balance went below zero');
} finally {
  await database.close();
  await drop();
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
console.log(`\nCredit spends on PostgreSQL: ${WORKERS} concurrent spenders over a pool of 4 connections, ${DURATION_MS / 1000} s per run, 1 credit each\n`);
for (const row of rows) console.log(row.map((cell, i) => cell.padStart(widths[i]!)).join('  '));
