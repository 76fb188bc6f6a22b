// What the database benchmarks share: a database of their own on the DATABASE_URL server, members
// with sessions, and fictional profiles for the search benchmarks (bench/search.ts,
// bench/search-http.ts), made by the database itself with one set-based insert per batch: spread like the demo pool over the tenant
// countries, both genders, four sexualities and ages 18–80.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { hashToken } from '../app/.server/accounts/tokens';
import type { DB } from '../app/.server/db/schema';

/** Inserts profiles numbered `from`..`to` (inclusive). */
export async function generateProfiles(db: Kysely<DB>, from: number, to: number): Promise<void> {
  await sql`insert into profiles (name, gender, sexuality, birth_date, country, region, city, fictional, status)
            select 'P' || g,
                   case when g % 2 = 0 then 'female' else 'male' end,
                   (array['hetero','gay','lesbian','bi'])[1 + g % 4],
                   date '2008-01-01' - ((g::bigint * 7919) % (62 * 365))::int,
                   (array['NL','BE','DE','GB','DK','SE','ES','IT','FR','PL'])[1 + (g / 7) % 10],
                   'NL-R' || (g % 12), null, true, 'active'
            from generate_series(${from}::int, ${to}::int) g`.execute(db);
}

/** DATABASE_URL of a PostgreSQL server where a benchmark may create databases; exits (skipped) without one. */
export function benchServerUrl(bench: string): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log(`${bench} skipped: set DATABASE_URL=postgres://… (a server where it may create a database)`);
    process.exit(0);
  }
  return url;
}

/** Creates database `name` on the server of `serverUrl`; its URL, and a drop that ends its connections. */
export async function createBenchDatabase(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** `count` confirmed members of `tenant` with a session each, made directly in the database: their ids and session cookies. */
export async function membersWithSessions(db: Kysely<DB>, tenant: string, count: number, prefix: string): Promise<{ userIds: number[]; cookies: string[] }> {
  const userIds: number[] = [];
  const cookies: string[] = [];
  const now = new Date();
  for (let i = 0; i < count; i += 500) {
    const batch = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({ tenant_id: tenant, email: `${prefix}-${i + j}@example.com`, password_hash: 'x', status: 'confirmed' as const, language: 'nl', signup_date: now }));
    const rows = await db.insertInto('users').values(batch).returning('id').execute();
    const tokens = rows.map(() => crypto.randomBytes(24).toString('base64url'));
    await db
      .insertInto('sessions')
      .values(rows.map((row, j) => ({ id: hashToken(tokens[j]!), tenant_id: tenant, user_id: row.id, created_at: now, last_seen_at: now, expires_at: new Date(now.getTime() + 86_400_000), ip: null, user_agent: 'bench' })))
      .execute();
    userIds.push(...rows.map((row) => row.id));
    cookies.push(...tokens.map((token) => `rdv_session=${token}`));
  }
  return { userIds, cookies };
}
