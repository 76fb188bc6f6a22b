// Decision 0060 on the real PostgreSQL server: the pool's connections prepare a query once under its
// name (PostgreSQL keeps the plan), queries without parameters stay unnamed, and a schema change
// under a prepared statement (a rolling deploy's migration) costs the query nothing.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements, statementNames } from '~/.server/db/prepared-statements';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  const database = `rdv_prepared_${process.pid}`;
  let admin: pg.Client;
  let pool: pg.Pool;
  // As the app queries: Kysely over the pool (one connection, so every query sees its prepared statements).
  let db: Kysely<Record<string, never>>;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const target = new URL(url!);
    target.pathname = `/${database}`;
    pool = new pg.Pool({ connectionString: target.href, max: 1 });
    preparedStatements(pool, statementNames());
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    await sql`create table notes (id int primary key, body text)`.execute(db);
    await sql`insert into notes values (1, 'one'), (2, 'two')`.execute(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await admin?.query(`drop database if exists ${database}`);
    await admin?.end();
  });

  const prepared = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((row) => row.statement);
  const bodyOf = async (id: number) => (await sql<{ body: string }>`select body from notes where id = ${id}`.execute(db)).rows;
  const noteOf = async (id: number) => (await sql`select * from notes where id = ${id}`.execute(db)).rows;

  it('prepares a query with parameters once and runs it again by its name', async () => {
    expect(await bodyOf(1)).toEqual([{ body: 'one' }]);
    expect(await bodyOf(2)).toEqual([{ body: 'two' }]);
    // Named from its third run on (one-off texts never are).
    expect(await prepared()).not.toContain('select body from notes where id = $1');
    expect(await bodyOf(1)).toEqual([{ body: 'one' }]);
    expect(await bodyOf(2)).toEqual([{ body: 'two' }]);
    expect((await prepared()).filter((statement) => statement === 'select body from notes where id = $1')).toHaveLength(1);
    // A query without parameters (transaction control, this very one) is not prepared.
    expect(await prepared()).not.toContain('select statement from pg_prepared_statements');
  });

  it('answers a query whose prepared statement a schema change made stale', async () => {
    for (let run = 0; run < 3; run += 1) expect(await noteOf(1)).toEqual([{ id: 1, body: 'one' }]);
    expect(await prepared()).toContain('select * from notes where id = $1');
    await sql`alter table notes add column stars int not null default 3`.execute(db);
    expect(await noteOf(1)).toEqual([{ id: 1, body: 'one', stars: 3 }]);
    expect(await noteOf(2)).toEqual([{ id: 2, body: 'two', stars: 3 }]);
  });
});
