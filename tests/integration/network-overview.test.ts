// The network console's domain on PGlite and PostgreSQL (issue 35 items 1–2, docs/decisions/0050):
// two-step login (password, then the mailed code; a wrong or spent code is refused and audited),
// sessions of their own cookie, and the overview: every site with its signups, confirmations, first
// purchases, purchases and revenue per currency in the range — data outside it not counted — the
// series by day for the charts, and the CSV. Nobody without a network staff session sees anything.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { networkOverview, networkSeries, overviewCsv } from '~/.server/network/overview';
import { createNetworkStaff, NETWORK_SESSION_COOKIE, networkActorForSession, networkCan, networkLogin, type NetworkActor } from '~/.server/network/staff';
import { createPayment, handlePaymentWebhook, type CheckoutContext } from '~/.server/payments/payments';
import { SandboxProvider } from '~/.server/payments/sandbox';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNiche } from '../support/niche';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
const RANGE = { from: '2026-05-01', to: '2026-05-10' };
const client = { ip: '192.0.2.1', userAgent: 'test' };

describe.each(databaseKinds)('network console domain on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let n = 0;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });
  afterEach(() => setClockForTests(null));
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function member(tenant = flirt, at = '2026-05-10T10:00:00Z'): Promise<User> {
    n++;
    setClockForTests(new Date(at));
    const result = await signUp(db(), tenant, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `network${n}@example.com`, name: `Network${n}`, password: 'a good password', date_of_birth: '1988-01-01', gender: 'male', seeking: 'female',
      country: tenant.settings.countries[0]!, terms: true, orientation_consent: true, tracking: { network: 'test' }, ...fitsNiche(tenant, 'male'),
    });
    if (!result.ok) throw new Error(result.error);
    return result.user;
  }

  async function purchase(user: User, tenant = flirt) {
    const sandbox = new SandboxProvider(db(), tenant.id, `http://${tenant.id}.localhost`);
    const ctx: CheckoutContext = { db: db(), tenant, provider: sandbox, origin: `http://${tenant.id}.localhost`, locale: 'en' };
    const created = await createPayment(ctx, user, { package: 'popular', method: 'ideal', country: tenant.settings.countries[0]! });
    if (!created.ok) throw new Error(created.error);
    await sandbox.settle(created.payment.provider_id!, 'paid');
    await handlePaymentWebhook(db(), tenant, sandbox, created.payment.provider_id!);
    return db().selectFrom('payments').selectAll().where('id', '=', created.payment.id).executeTakeFirstOrThrow();
  }

  async function signedIn(role: 'network_admin' | 'network_analyst'): Promise<NetworkActor> {
    n++;
    const email = `staff${n}@rendezvous.example`;
    await createNetworkStaff(db(), { email, name: `Staff ${n}`, password: 'staff password', role });
    const first = await networkLogin(db(), { email, password: 'staff password' }, client);
    if (!first.ok || first.step !== 'code') throw new Error('no code');
    const second = await networkLogin(db(), { email, password: 'staff password', code: first.mail.code }, client);
    if (!second.ok || second.step !== 'session') throw new Error('no session');
    return second.actor;
  }

  it('logs in in two steps: a right password mails a code, the code opens a session once; each login is audited', async () => {
    await createNetworkStaff(db(), { email: 'Admin@Rendezvous.example', name: 'Admin', password: 'staff password', role: 'network_admin' });
    expect(await networkLogin(db(), { email: 'admin@rendezvous.example', password: 'wrong password' }, client)).toEqual({ ok: false, error: 'invalid' });
    const first = await networkLogin(db(), { email: 'admin@rendezvous.example', password: 'staff password' }, client);
    if (!first.ok || first.step !== 'code') throw new Error('expected the code step');
    expect(first.mail.code).toMatch(/^\d{6}$/);
    const wrong = first.mail.code === '000000' ? '000001' : '000000';
    expect(await networkLogin(db(), { email: 'admin@rendezvous.example', password: 'staff password', code: wrong }, client)).toEqual({ ok: false, error: 'invalid_code' });
    // The code alone is not enough: the password is asked again.
    expect(await networkLogin(db(), { email: 'admin@rendezvous.example', password: 'wrong password', code: first.mail.code }, client)).toEqual({ ok: false, error: 'invalid' });
    const second = await networkLogin(db(), { email: 'admin@rendezvous.example', password: 'staff password', code: first.mail.code }, client);
    if (!second.ok || second.step !== 'session') throw new Error('expected a session');
    expect(await networkActorForSession(db(), `${NETWORK_SESSION_COOKIE}=${second.token}`)).toMatchObject({ email: 'admin@rendezvous.example', role: 'network_admin' });
    // A spent code opens nothing.
    expect(await networkLogin(db(), { email: 'admin@rendezvous.example', password: 'staff password', code: first.mail.code }, client)).toEqual({ ok: false, error: 'invalid_code' });
    // Another cookie's name (a member's, an operator's) with the same token is nobody here.
    expect(await networkActorForSession(db(), `rdv_session=${second.token}; rdv_operator=${second.token}`)).toBeNull();
    const actions = await db().selectFrom('network_audit').select('action').where('staff_id', '=', second.actor.id).orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual(['login_failed', 'login_failed', 'login_failed', 'login', 'login_failed']);
  });

  it('gives analysts the overview and only admins the changes', async () => {
    const analyst = await signedIn('network_analyst');
    const admin = await signedIn('network_admin');
    expect(networkCan(analyst, 'overview')).toBe(true);
    expect(networkCan(analyst, 'tenants')).toBe(false);
    expect(networkCan(admin, 'tenants')).toBe(true);
    expect(await networkOverview(db(), null, { tenants, range: RANGE })).toEqual({ ok: false, error: 'forbidden' });
    expect(await networkSeries(db(), null, { tenants, range: RANGE, bucket: 'day' })).toEqual({ ok: false, error: 'forbidden' });
  });

  it('lists every site with signups, confirmations, purchases and revenue per currency in the range, and nothing from outside it', async () => {
    const analyst = await signedIn('network_analyst');
    const before = await member(flirt, '2026-04-20T10:00:00Z');
    await purchase(before);
    const buyer = await member(flirt);
    await member(flirt);
    await db().updateTable('users').set({ confirmed_at: new Date('2026-05-10T11:00:00Z') }).where('id', '=', buyer.id).execute();
    setClockForTests(new Date('2026-05-10T12:00:00Z'));
    const first = await purchase(buyer);
    const again = await purchase(buyer);
    await member(herz, '2026-05-03T08:00:00Z');

    const overview = await networkOverview(db(), analyst, { tenants, range: RANGE });
    if (!overview.ok) throw new Error(overview.error);
    expect(overview.value.map((site) => site.id)).toEqual(tenants.map((tenant) => tenant.id));
    expect(overview.value.find((site) => site.id === flirt.id)).toMatchObject({
      name: flirt.settings.name, signups: 2, confirmed: 1, first_purchases: 1, purchases: 2, paying_members: 1, chargebacks: 0,
      revenue: { [first.currency]: first.amount + again.amount }, refunds: {},
      purchase_rate: { rate: 0.5 },
    });
    expect(overview.value.find((site) => site.id === herz.id)).toMatchObject({ signups: 1, first_purchases: 0, revenue: {} });

    const series = await networkSeries(db(), analyst, { tenants, range: RANGE, bucket: 'day' });
    if (!series.ok) throw new Error(series.error);
    expect(series.value).toContainEqual({ site: flirt.id, period: '2026-05-10', signups: 2, revenue: { [first.currency]: first.amount + again.amount } });
    expect(series.value).toContainEqual({ site: herz.id, period: '2026-05-03', signups: 1, revenue: {} });
    const months = await networkSeries(db(), analyst, { tenants, range: { from: '2026-04-01', to: '2026-05-31' }, bucket: 'month' });
    if (!months.ok) throw new Error(months.error);
    expect(months.value.find((p) => p.site === flirt.id && p.period === '2026-04-01')).toMatchObject({ signups: 1 });

    const csv = overviewCsv(overview.value).split('\r\n');
    expect(csv[0]).toBe(`site,name,status,visits,signups,confirmed,first_purchases,purchases,paying_members,chargebacks,signup_rate,purchase_rate,revenue_${first.currency},refunds_${first.currency},chargebacks_${first.currency},net_revenue_${first.currency}`);
    expect(csv).toContain(`${flirt.id},${flirt.settings.name},active,0,2,1,1,2,1,0,,0.5,${(first.amount + again.amount) / 100},0,0,${(first.amount + again.amount) / 100}`);
  });
});
