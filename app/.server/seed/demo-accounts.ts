// Demo accounts for trying every role after `npm start` (README "Demo accounts"): on each tenant a
// free member and a premium member, confirmed, with a profile that fits the tenant's niche, and
// likes from fitting fictional profiles (some new, two of them matches) and a few sent likes, so
// that the likes pages are alive, and conversations with unread messages (demo-chats.ts) so that
// /chats is; the premium one became premium by buying bundles. Only for the demo and development: a real production start
// never creates accounts with a known password.
import type { Insertable, Kysely } from 'kysely';
import { now, today } from '../clock';
import type { DB, User } from '../db/schema';
import { handlePaymentWebhook, createPayment } from '../payments/payments';
import { SandboxProvider } from '../payments/sandbox';
import { signUp } from '../accounts/signup';
import { fitsMember } from '../likes/fit';
import { nicheRule, tenantPool } from '../profiles/pool';
import type { Tenant } from '../tenants/schema';
import { DEMO_SEED } from './demo-profiles';
import { seedDemoChats } from './demo-chats';
import { seedDemoOperator } from './demo-operators';
import { seedDemoNetworkStaff } from './demo-network';
import { notificationState } from '../notifications/state';
import { createRandom } from '../random';

export const DEMO_PASSWORD = 'rendezvous-demo';
/** How long ago the demo accounts signed up: before their oldest seeded like (ten days), well past the welcome bonus's 4 hours. */
export const DEMO_ACCOUNT_AGE_MS = 14 * 24 * 3_600_000;

export interface DemoAccount {
  email: string;
  name: string;
  paid: boolean;
}

export function demoAccounts(tenant: Tenant): DemoAccount[] {
  return [
    { email: `member@${tenant.id}.example`, name: 'DemoMember', paid: false },
    { email: `premium@${tenant.id}.example`, name: 'DemoPremium', paid: true },
  ];
}

/** Creates the demo accounts that do not exist yet; returns how many were created. */
export async function seedDemoAccounts(db: Kysely<DB>, tenants: Tenant[]): Promise<number> {
  let created = 0;
  for (const tenant of tenants) {
    const rule = nicheRule(tenant.settings.niche);
    const fresh: { id: number; tenant_id: string }[] = [];
    for (const [index, account] of demoAccounts(tenant).entries()) {
      // Someone the tenant's niche shows: its gender and orientation, its minimum age.
      const gender = rule.gender ?? (index === 0 ? 'male' : 'female');
      const seeking = rule.sexualities?.includes('gay') || rule.sexualities?.includes('lesbian') ? gender : gender === 'male' ? 'female' : 'male';
      const result = await signUp(db, tenant, { ip: null, origin: `http://${tenant.id}.localhost:3000`, locale: tenant.locales[0]! }, {
        email: account.email,
        name: account.name,
        password: DEMO_PASSWORD,
        date_of_birth: (rule.minAge ?? 0) >= 35 ? '1962-05-05' : '1992-05-05',
        gender,
        seeking,
        // A niche of body types (BellaCurva) asks for one at signup (docs/decisions/0031).
        ...(rule.bodyTypes ? { body_type: rule.bodyTypes[0] } : {}),
        country: tenant.settings.countries[0]!,
        terms: true,
        orientation_consent: true,
        // Tenants that sign up only visitors with a traffic source (settings.signups) take the demo too.
        tracking: { network: 'demo', ref: 'seed' },
      });
      if (!result.ok) {
        // Already there: give it likes if it has none (a database seeded before likes existed).
        const existing = await db.selectFrom('users').select('profile_id').where('tenant_id', '=', tenant.id).where('email', '=', account.email).executeTakeFirst();
        if (existing?.profile_id) await seedDemoLikes(db, tenant, existing.profile_id);
        if (existing?.profile_id) await seedDemoChats(db, tenant, existing.profile_id);
        continue;
      }
      await db.transaction().execute(async (trx) => {
        // Members for a while already (README "Demo accounts"): their likes and chats go back days, and
        // the 4-hour welcome bonus is over for them — a new signup shows the offers.
        const since = new Date(now().getTime() - DEMO_ACCOUNT_AGE_MS);
        await trx.updateTable('users').set({ status: 'confirmed', confirmed_at: since, signup_date: since, created_at: since }).where('id', '=', result.user.id).execute();
        await trx.updateTable('profiles').set({ status: 'active', body_type: rule.bodyTypes?.[0] ?? null }).where('id', '=', result.user.profile_id!).execute();
        // The activation mail of a demo account is never needed.
        await trx.deleteFrom('mail_outbox').where('to_address', '=', account.email).execute();
      });
      await seedDemoLikes(db, tenant, result.user.profile_id!);
      // The premium member became premium as everyone does: by buying bundles (ledger, payments, transactions).
      if (account.paid) await seedDemoPurchases(db, tenant, result.user);
      await seedDemoChats(db, tenant, result.user.profile_id!);
      fresh.push(result.user);
      created++;
    }
    // The operator console's demo operator and the conversations waiting in its queue.
    await seedDemoOperator(db, tenant, DEMO_PASSWORD);
    // The seeded likes and chats are the accounts' past, not news: the notification round mails only
    // what happens after the start (a like and a message sent in the demo then make one mail).
    for (const user of fresh) await markAllTold(db, user);
  }
  // The network console's staff (docs/decisions/0050): the whole network's, no tenant's.
  // (not counted among the members created: the count is of members).
  await seedDemoNetworkStaff(db, DEMO_PASSWORD);
  return created;
}

const HOUR = 3_600_000;

async function markAllTold(db: Kysely<DB>, user: { id: number; tenant_id: string }): Promise<void> {
  await notificationState(db, user);
  const newest = await db.selectFrom('messages').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  await db
    .updateTable('notification_state')
    .set({ messages_after: Number(newest?.id ?? 0), likes_after: now() })
    .where('user_id', '=', user.id)
    .execute();
  // Nor are their unread seeded messages and their photo-less days reminders to send at once.
  await db
    .insertInto('notification_log')
    .values([
      { user_id: user.id, kind: 'unread_message_reminders', key: 'seed', ref: Number(newest?.id ?? 0), sent_at: now() },
      { user_id: user.id, kind: 'reminders', key: 'profile_photo', ref: null, sent_at: now() },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Likes for a demo account that has none: 9 fitting fictional profiles of the tenant's pool liked
 * it over the last ten days (5 of those likes still new), it liked 2 of them back (matches) and 3
 * others. Always the same profiles for the same account.
 */
export async function seedDemoLikes(db: Kysely<DB>, tenant: Tenant, profileId: number): Promise<number> {
  const any = await db
    .selectFrom('likes')
    .select('liker_profile_id')
    .where((eb) => eb.or([eb('liker_profile_id', '=', profileId), eb('liked_profile_id', '=', profileId)]))
    .executeTakeFirst();
  if (any) return 0;
  const member = await db.selectFrom('profiles').select(['gender', 'sexuality']).where('id', '=', profileId).executeTakeFirst();
  if (!member) return 0;
  const pool = await db
    .selectFrom('profiles')
    .select('profiles.id')
    .where((eb) => tenantPool(eb, tenant, today()))
    .where('profiles.fictional', '=', true)
    .where('profiles.main_photo_id', 'is not', null)
    .where((eb) => fitsMember(eb, member))
    .orderBy('profiles.id', 'desc')
    .limit(80)
    .execute();
  const random = createRandom(DEMO_SEED + profileId * 31);
  const chosen = random.sample(pool, Math.min(pool.length, 12)).map((p) => p.id);
  const likers = chosen.slice(0, 9);
  const liked = chosen.slice(9, 12);
  const at = now().getTime();
  const rows: Insertable<DB['likes']>[] = [];
  likers.forEach((liker, i) => {
    // Newest first: the first five are still new; the two matches are the 6th and 7th.
    const created = new Date(at - (i * 26 + random.int(1, 20)) * HOUR);
    rows.push({ liker_profile_id: liker, liked_profile_id: profileId, created_at: created, seen_at: i < 5 ? null : new Date(created.getTime() + 2 * HOUR) });
    if (i === 5 || i === 6) rows.push({ liker_profile_id: profileId, liked_profile_id: liker, created_at: new Date(created.getTime() + 3 * HOUR), seen_at: null });
  });
  liked.forEach((target, i) => rows.push({ liker_profile_id: profileId, liked_profile_id: target, created_at: new Date(at - (i * 40 + 12) * HOUR), seen_at: null }));
  if (!rows.length) return 0;
  await db.insertInto('likes').values(rows).onConflict((oc) => oc.doNothing()).execute();
  return rows.length;
}

/** Two paid purchases through the sandbox, as a member would make them: a small bundle, then a bigger one by card. */
async function seedDemoPurchases(db: Kysely<DB>, tenant: Tenant, user: User): Promise<void> {
  if (tenant.payments.provider !== 'sandbox' || tenant.credit_packages.length === 0) return;
  const origin = `http://${tenant.id}.localhost:3000`;
  const sandbox = new SandboxProvider(db, tenant.id, origin);
  const country = tenant.settings.countries[0]!;
  const methods = tenant.payments.methods;
  const card = methods.find((m) => m === 'creditcard') ?? methods[0]!;
  const other = methods.find((m) => m !== card) ?? card;
  // The card purchase comes last, so that a repeat order charges the saved card without a redirect.
  const purchases = [
    { bundle: tenant.credit_packages[0]!, method: other },
    { bundle: tenant.credit_packages[1] ?? tenant.credit_packages[0]!, method: card },
  ];
  for (const { bundle, method } of purchases) {
    const ctx = { db, tenant, provider: sandbox, origin, locale: tenant.locales[0]! };
    const created = await createPayment(ctx, user, { package: bundle.id, method, country });
    if (!created.ok || !created.payment.provider_id) continue;
    await sandbox.settle(created.payment.provider_id, 'paid');
    await handlePaymentWebhook(db, tenant, sandbox, created.payment.provider_id);
  }
}
