// The README's demo operators: one per tenant, able to log in with the demo password, speaking the
// tenant's language, with the tenant's demo members waiting in the queue (two conversations of the
// free member, one with an earlier answer, one of the premium member); seeding again adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/.server/db/database';
import { logInOperator } from '~/.server/operators/accounts';
import { operatorActor } from '~/.server/operators/operator';
import { operatorQueue } from '~/.server/operators/queue';
import { operatorStats } from '~/.server/operators/stats';
import { DEMO_STAFF } from '~/.server/seed/demo-operators';
import { DEMO_PASSWORD, seedDemoAccounts } from '~/.server/seed/demo-accounts';
import { demoOperatorEmail } from '~/.server/seed/demo-operators';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await migratedDatabase(databaseKinds[0]!));
  await seedDemoProfiles(database.db, 900);
  await seedDemoAccounts(database.db, tenants);
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('demo operators', () => {
  it('lets each tenant\'s demo operator log in, in the tenant\'s language, with the demo members waiting', async () => {
    for (const tenant of tenants) {
      const login = await logInOperator(database.db, tenant, { ip: '127.0.0.1' }, { email: demoOperatorEmail(tenant), password: DEMO_PASSWORD });
      if (!login.ok) throw new Error(`${tenant.id}: ${login.error}`);
      const operator = (await operatorActor(database.db, login.operatorId))!;
      expect(operator).toMatchObject({ tenantIds: [tenant.id], language: tenant.settings.domain_language.slice(0, 2) });
      const queue = await operatorQueue(database.db, operator, {}, () => '/media/');
      expect(queue.items.length, tenant.id).toBe(3);
      expect(queue.items.map((i) => i.member.name).sort()).toEqual(['DemoMember', 'DemoMember', 'DemoPremium']);
      expect(queue.items.every((i) => i.profile.thumb && i.lastMessage?.kind === 'text')).toBe(true);
      // One conversation already had an answer: the statistics have a first time to answer.
      expect((await operatorStats(database.db, operator, { days: 7 })).overall).toEqual({ answers: 1, median: 18 * 60, p95: 18 * 60 });
    }
  });

  it('adds nothing when seeded again', async () => {
    const count = async () => Number((await database.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await seedDemoAccounts(database.db, tenants);
    expect(await count()).toBe(before);
    // Per tenant: the answering operator, a moderator, a marketer and an admin (DEMO_STAFF).
    expect(await database.db.selectFrom('operators').select('id').execute()).toHaveLength(tenants.length * (1 + DEMO_STAFF.length));
  });

  it('gives each demo operator the roles the README lists', async () => {
    for (const tenant of tenants) {
      const rows = await database.db
        .selectFrom('operators')
        .innerJoin('operator_tenants', 'operator_tenants.operator_id', 'operators.id')
        .select(['operators.email', 'operator_tenants.roles'])
        .where('operator_tenants.tenant_id', '=', tenant.id)
        .orderBy('operators.email')
        .execute();
      expect(rows).toEqual([
        { email: `admin@${tenant.id}.example`, roles: ['answering', 'moderation', 'marketing', 'admin'] },
        { email: `marketer@${tenant.id}.example`, roles: ['marketing'] },
        { email: `moderator@${tenant.id}.example`, roles: ['moderation'] },
        { email: `operator@${tenant.id}.example`, roles: ['answering'] },
      ]);
    }
  });
});
