// The demo accounts the README names: a free and a premium member on every tenant, confirmed,
// able to log in with the demo password, fitting the tenant's niche, with likes on every tab of the
// likes page, members for longer than the welcome bonus's 4 hours; seeding twice adds nothing. On
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '~/.server/accounts/login';
import type { Database } from '~/.server/db/database';
import { likesPage } from '~/.server/likes/likes';
import { countUnread, listChats } from '~/.server/chat/conversations';
import { now } from '~/.server/clock';
import { timeBonusSecondsLeft } from '~/.server/offers/time-bonus';
import { DEMO_PASSWORD, demoAccounts, seedDemoAccounts } from '~/.server/seed/demo-accounts';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { nicheRule } from '~/.server/profiles/pool';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');

describe.each(databaseKinds)('demo accounts on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    await seedDemoProfiles(database.db, 900);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('creates a free and a premium member on every tenant, once', async () => {
    expect(await seedDemoAccounts(database.db, tenants)).toBe(tenants.length * 2);
    expect(await seedDemoAccounts(database.db, tenants)).toBe(0);
  });

  it('lets each log in with the demo password, confirmed, premium where named, in the tenant\'s niche', async () => {
    for (const tenant of tenants) {
      for (const account of demoAccounts(tenant)) {
        const result = await logIn(database.db, tenant, { ip: '127.0.0.1' }, { email: account.email, password: DEMO_PASSWORD });
        if (!result.ok) throw new Error(`${account.email}: ${result.error}`);
        expect(result.user).toMatchObject({ status: 'confirmed', paid_user: account.paid });
        const profile = await database.db.selectFrom('profiles').selectAll().where('id', '=', result.user.profile_id!).executeTakeFirstOrThrow();
        expect(profile.status).toBe('active');
        const rule = nicheRule(tenant.settings.niche);
        if (rule.gender) expect(profile.gender).toBe(rule.gender);
        if (rule.sexualities) expect(rule.sexualities).toContain(profile.sexuality);
        expect(tenant.settings.countries).toContain(profile.country);
      }
    }
  });

  it('makes the demo accounts older than 4 hours, so the welcome bonus is over for them (README)', async () => {
    for (const tenant of tenants) {
      for (const account of demoAccounts(tenant)) {
        const user = await database.db.selectFrom('users').selectAll().where('tenant_id', '=', tenant.id).where('email', '=', account.email).executeTakeFirstOrThrow();
        expect(now().getTime() - new Date(user.signup_date).getTime()).toBeGreaterThan(4 * 3_600_000);
        expect(timeBonusSecondsLeft(user)).toBe(0);
      }
    }
  });

  it('gives each demo account received likes (five new), two matches and three sent likes from fitting fictional profiles', async () => {
    for (const tenant of tenants) {
      for (const account of demoAccounts(tenant)) {
        const user = await database.db.selectFrom('users').selectAll().where('tenant_id', '=', tenant.id).where('email', '=', account.email).executeTakeFirstOrThrow();
        const received = await likesPage(database.db, tenant, { user }, 'received');
        expect(received!.counts, `${tenant.id} ${account.email}`).toEqual({ received: 7, sent: 3, matches: 2 });
        expect(received!.newLikes).toBe(5);
        expect(received!.cards.every((card) => card.fictional && card.main_image)).toBe(true);
      }
    }
  });

  it('gives each demo account conversations with unread messages, fictional answers marked, and the premium one a chat with the free one', async () => {
    for (const tenant of tenants) {
      for (const account of demoAccounts(tenant)) {
        const user = await database.db.selectFrom('users').selectAll().where('tenant_id', '=', tenant.id).where('email', '=', account.email).executeTakeFirstOrThrow();
        const chats = await listChats(database.db, tenant, tenant.locales[0]!, { user });
        expect(chats.length, `${tenant.id} ${account.email}`).toBeGreaterThanOrEqual(3);
        expect(await countUnread(database.db, tenant, { user })).toBeGreaterThan(0);
        expect(chats.filter((c) => c.profile.fictional).every((c) => c.last_message?.fictional || c.last_message?.sender === user.profile_id)).toBe(true);
        const demoNames = chats.filter((c) => !c.profile.fictional).map((c) => c.profile.name);
        expect(demoNames).toEqual([account.paid ? 'DemoMember' : 'DemoPremium']);
      }
    }
  });
});
