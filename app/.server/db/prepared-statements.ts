// Named prepared statements on PostgreSQL (docs/decisions/0060). Kysely sends every query as an
// unnamed statement, which PostgreSQL parses and plans again on each execution: for the refresh
// calls every online member makes (a conversation list, the likes) planning cost more than running
// the query. Each connection of the pool here prepares a statement once under a name derived from
// its text and then only binds and executes it, and PostgreSQL keeps its plan.
//
// - Only queries with parameters are named (transaction control and DDL stay as they are), a text
//   from its NAME_AFTER-th run on (one-off texts — a seed's batch inserts, a rare report — never take
//   a name), and at most MAX_NAMED distinct texts per process: a text past the cap runs unnamed, so
//   the prepared statements a connection holds stay bounded whatever shapes the code builds (IN lists
//   of every length).
// - A schema change under a running instance (a rolling deploy's migration) makes PostgreSQL refuse
//   a prepared statement whose result type changed ("cached plan must not change result type",
//   SQLSTATE 0A000): the text then gets a new name, and the query runs again unnamed, once.
import crypto from 'node:crypto';
import type pg from 'pg';

export const MAX_NAMED = 256;
export const NAME_AFTER = 3;
/** Texts whose runs are counted until they are named; past this the count starts afresh. */
const MAX_COUNTED = 4096;

export interface StatementNames {
  /** The statement name of a query text, or null: past the cap, it runs unnamed. */
  nameOf(text: string): string | null;
  /** A new name for a text whose prepared statement the server refused. */
  renew(text: string): void;
  readonly size: number;
}

export function statementNames(max = MAX_NAMED, after = NAME_AFTER): StatementNames {
  const names = new Map<string, string>();
  const runs = new Map<string, number>();
  let generation = 0;
  return {
    nameOf(text) {
      const known = names.get(text);
      if (known !== undefined || names.size >= max) return known ?? null;
      const seen = (runs.get(text) ?? 0) + 1;
      if (seen < after) {
        if (runs.size >= MAX_COUNTED) runs.clear();
        runs.set(text, seen);
        return null;
      }
      runs.delete(text);
      const name = `rdv_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}_${generation}`;
      names.set(text, name);
      return name;
    },
    renew(text) {
      generation += 1;
      names.delete(text);
    },
    get size() {
      return names.size;
    },
  };
}

type Query = (...args: unknown[]) => unknown;

/** Makes a pool's connections name their statements (pool.on('connect')); `names` is shared by the pool. */
export function preparedStatements(pool: pg.Pool, names: StatementNames = statementNames()): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const [text, values] = args;
      // Kysely's form, query(text, values); any other (a config object, a callback, a cursor) as it was.
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return query(...args);
      const name = names.nameOf(text);
      if (!name) return query(text, values);
      return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
        if ((error as { code?: string }).code !== '0A000') throw error;
        names.renew(text);
        return query(text, values);
      });
    };
  });
}
