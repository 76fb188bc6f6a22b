// A lease per scheduled job (DESIGN §8): the instance whose conditional UPDATE takes the row runs the
// job; the others skip this round. A crashed holder's lease simply runs out.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';

const holder = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

/** Runs `work` when this instance gets the lease `name` for `ms`; returns its result, or null when another holds it. */
export async function withJobLease<T>(db: Kysely<DB>, name: string, ms: number, work: () => Promise<T>): Promise<T | null> {
  const at = now();
  await db.insertInto('job_locks').values({ name, locked_until: new Date(0), holder: null }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const taken = await db
    .updateTable('job_locks')
    .set({ locked_until: new Date(at.getTime() + ms), holder })
    .where('name', '=', name)
    .where('locked_until', '<', at)
    .returning('name')
    .executeTakeFirst();
  if (!taken) return null;
  try {
    return await work();
  } finally {
    await db.updateTable('job_locks').set({ locked_until: sql`now() - interval '1 second'` as never, holder: null }).where('name', '=', name).where('holder', '=', holder).execute();
  }
}
