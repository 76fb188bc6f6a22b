// A demo fleet seeds once (issue 44 item 4, docs/decisions/0066): three instances started at once
// with DEMO=1 on one empty PostgreSQL all start (once they crashed with "deadlock detected" or a
// duplicate demo account, or seeded the demo profiles twice). One migrates, imports the tenant files
// and seeds under the start lock (db/start-lock.ts); the others wait and find it done.
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/.server/db/database';
import { DEMO_PROFILE_COUNT } from '~/.server/seed/demo-profiles';
import { databaseKinds } from '../support/databases';
import { startServer, type RunningServer } from '../support/server';

const postgres = databaseKinds.find((kind) => kind.name === 'postgres');

describe.skipIf(!postgres)('three demo instances started at once on one empty PostgreSQL', () => {
  const servers: RunningServer[] = [];
  let drop: () => Promise<void> = async () => {};
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGTERM', { keepData: true });
    await drop();
  });

  it('all start; one seeds the demo profiles, accounts and sites, once', async () => {
    const database = await postgres!.create();
    drop = database.drop;
    const started = await Promise.allSettled([0, 1, 2].map(() => startServer({ DEMO: '1', DATABASE_URL: database.url, SEARCH_INDEX_OFF: '1' }, { drop: async () => {} })));
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason).slice(0, 2000) : 'started'))).toEqual(['started', 'started', 'started']);
    const outputs = servers.map((server) => server.output());
    expect(outputs.filter((output) => output.includes('seeding demo profiles'))).toHaveLength(1);
    expect(outputs.filter((output) => output.includes('tenants: imported'))).toHaveLength(1);
    expect(outputs.join('\n')).not.toContain('deadlock');
    const db = await openDatabase({ databaseUrl: database.url!, poolSize: 1 });
    try {
      const count = async (table: 'tenant_versions') => Number((await db.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      // The demo profiles once (the demo accounts' own profiles have a member).
      const seededProfiles = await db.db.selectFrom('profiles').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', 'is', null).executeTakeFirstOrThrow();
      expect(Number(seededProfiles.n)).toBe(DEMO_PROFILE_COUNT);
      expect(await count('tenant_versions')).toBe((await db.db.selectFrom('tenant_sites').select('id').execute()).length);
      const members = await db.db.selectFrom('users').select(['tenant_id', 'email']).execute();
      expect(members.length).toBeGreaterThan(0);
      expect(new Set(members.map((row) => `${row.tenant_id}:${row.email}`)).size).toBe(members.length);
    } finally {
      await db.close();
    }
  }, 240_000);
});
