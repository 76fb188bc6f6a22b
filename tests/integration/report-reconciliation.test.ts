// The network overview and a site's marketing funnel agree for the same month (issue 48 item 1,
// docs/network-console.md "What the figures count", docs/decisions/0069), on PGlite and PostgreSQL.
// May holds: a refund of an April purchase, a chargeback of an April purchase, a purchase and its
// refund in May, a purchase whose refund comes in June, a member whose visit was made in April, a
// member who came without a visit, visits without signups; April and June hold what must stay out.
// The funnel's rows add up to the overview's line — visits, signups, confirmed, first purchases and
// net revenue (revenue − refunds − chargebacks) — read live and from the daily roll-ups.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { Payment, Tracking, User } from '~/.server/db/schema';
import { funnelCsv, funnelReport } from '~/.server/marketing/reports';
import { networkOverview, overviewCsv } from '~/.server/network/overview';
import { rollupCoverage, rollUpNetworkDays } from '~/.server/network/rollup';
import type { NetworkActor } from '~/.server/network/staff';
import { applyProviderPayment, createPayment, handlePaymentWebhook, type CheckoutContext } from '~/.server/payments/payments';
import { refundPurchase } from '~/.server/payments/refunds';
import { SandboxProvider } from '~/.server/payments/sandbox';
import { loadTenants } from '~/.server/tenants/registry';
import { newId } from '~/.server/tracking/cookies';
import { attributionFor, recordVisit } from '~/.server/tracking/visits';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNiche } from '../support/niche';
import { operatorOn } from '../support/operators';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const MAY = { from: '2026-05-01', to: '2026-05-31' };
const analyst = { id: 1, email: 'analyst@rendezvous.example', name: 'Analyst', role: 'network_analyst' } as NetworkActor;

describe.each(databaseKinds)('the overview and the funnel on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let sandbox: SandboxProvider;
  let ctx: CheckoutContext;
  let n = 0;
  const db = () => database.db;
  const at = (moment: string) => setClockForTests(new Date(moment));

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    sandbox = new SandboxProvider(database.db, flirt.id, 'http://flirtlokaal.localhost');
    ctx = { db: database.db, tenant: flirt, provider: sandbox, origin: 'http://flirtlokaal.localhost', locale: 'nl' };
  });
  afterEach(() => setClockForTests(null));
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function visit(when: string, tracking: Tracking | null, lander = 'video') {
    n++;
    at(when);
    const result = await recordVisit(db(), flirt, {
      lander, variant: 'tonight', profileId: null, path: `/landers/${lander}/tonight`, tracking,
      ip: `198.51.100.${n}`, userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Visitor/${n}`, country: 'NL', visitorId: newId(), clickId: null,
    }, { salt: 's' });
    if (result.outcome === 'bot') throw new Error('bot');
    return result.clickId;
  }
  async function member(when: string, clickId: string | null): Promise<User> {
    n++;
    at(when);
    const attribution = clickId ? await attributionFor(db(), flirt, clickId) : null;
    if (clickId) expect(attribution).not.toBeNull();
    const result = await signUp(db(), flirt, { ip: null, origin: 'http://x', locale: 'nl', attribution }, {
      email: `reconcile${n}@example.com`, name: `Reconcile${n}`, password: 'a good password', date_of_birth: '1988-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true, ...fitsNiche(flirt, 'male'),
    });
    if (!result.ok) throw new Error(result.error);
    expect(await activateAccount(db(), flirt, await createToken(db(), { tenantId: flirt.id, userId: result.user.id, kind: 'activation' }))).toBe(true);
    return result.user;
  }
  async function purchase(when: string, user: User, bundle = 'popular'): Promise<Payment> {
    at(when);
    const created = await createPayment(ctx, user, { package: bundle, method: 'ideal', country: 'NL' });
    if (!created.ok) throw new Error(created.error);
    await sandbox.settle(created.payment.provider_id!, 'paid');
    await handlePaymentWebhook(db(), flirt, sandbox, created.payment.provider_id!);
    return created.payment;
  }
  async function refund(when: string, user: User, payment: Payment) {
    at(when);
    const result = await refundPurchase(ctx, user, payment.id);
    if (!result.ok) throw new Error(result.error);
    return result.refund.amount;
  }
  async function chargeBack(when: string, payment: Payment) {
    at(when);
    await applyProviderPayment(db(), payment.id, { id: payment.provider_id!, status: 'paid', checkoutUrl: null, customerId: null, mandateId: null, chargedBack: true });
  }

  it('counts every figure the same way: the funnel rows of May add up to May in the overview, live and rolled up', async () => {
    const marketer = await operatorOn(db(), [flirt.id], 'Marketer', ['marketing']);
    const adnet = { network: 'adnet', sub1: 'spring' };
    // April: a buyer whose purchase is refunded in May, a buyer whose purchase is charged back in May,
    // and a visit whose member signs up in May.
    const refundedInMay = await member('2026-04-20T10:00:00Z', await visit('2026-04-20T09:00:00Z', adnet));
    const aprilRefunded = await purchase('2026-04-25T10:00:00Z', refundedInMay);
    const chargedInMay = await member('2026-04-21T10:00:00Z', await visit('2026-04-21T09:00:00Z', adnet));
    const aprilCharged = await purchase('2026-04-22T10:00:00Z', chargedInMay);
    const aprilClick = await visit('2026-04-28T09:00:00Z', adnet);
    // May.
    const refundOfApril = await refund('2026-05-03T10:00:00Z', refundedInMay, aprilRefunded);
    await chargeBack('2026-05-04T10:00:00Z', aprilCharged);
    const lateSignup = await member('2026-05-02T10:00:00Z', aprilClick);
    const firstOfLate = await purchase('2026-05-06T10:00:00Z', lateSignup);
    const secondOfLate = await purchase('2026-05-07T10:00:00Z', lateSignup, 'starter');
    const refundInMay = await refund('2026-05-08T10:00:00Z', lateSignup, secondOfLate);
    const gallery = await member('2026-05-05T10:00:00Z', await visit('2026-05-05T09:00:00Z', { network: 'flirtads' }, 'gallery'));
    const galleryPaid = await purchase('2026-05-25T10:00:00Z', gallery);
    const direct = await member('2026-05-10T10:00:00Z', null);
    const directPaid = await purchase('2026-05-11T10:00:00Z', direct);
    await chargeBack('2026-05-20T10:00:00Z', directPaid);
    await visit('2026-05-15T09:00:00Z', null, 'gallery');
    await visit('2026-05-16T09:00:00Z', adnet);
    // June: outside the range.
    await refund('2026-06-02T10:00:00Z', gallery, galleryPaid);
    await member('2026-06-05T10:00:00Z', await visit('2026-06-05T09:00:00Z', adnet));
    at('2026-06-20T12:00:00Z');

    const funnel = await funnelReport(db(), flirt, marketer, MAY);
    if (!funnel.ok) throw new Error(funnel.error);
    const rows = funnel.value;
    const sum = (field: 'visits' | 'signups' | 'confirmed' | 'firstPurchases') => rows.reduce((total, row) => total + row[field], 0);
    const net: Record<string, number> = {};
    for (const row of rows) for (const money of row.revenue) net[money.currency] = (net[money.currency] ?? 0) + money.amount;

    const live = await networkOverview(db(), analyst, { tenants: [flirt], range: MAY, live: true });
    if (!live.ok) throw new Error(live.error);
    const site = live.value[0]!;
    // What May holds, figure by figure.
    const paidInMay = firstOfLate.amount + secondOfLate.amount + galleryPaid.amount + directPaid.amount;
    expect(site).toMatchObject({
      visits: 3, signups: 3, confirmed: 3, first_purchases: 3, purchases: 4, chargebacks: 2,
      revenue: { EUR: paidInMay },
      refunds: { EUR: refundOfApril + refundInMay },
      charged_back: { EUR: aprilCharged.amount + directPaid.amount },
      net_revenue: { EUR: paidInMay - refundOfApril - refundInMay - aprilCharged.amount - directPaid.amount },
    });
    // The funnel adds up to it.
    expect({ visits: sum('visits'), signups: sum('signups'), confirmed: sum('confirmed'), first_purchases: sum('firstPurchases'), net_revenue: net }).toEqual({
      visits: site.visits, signups: site.signups, confirmed: site.confirmed, first_purchases: site.first_purchases, net_revenue: site.net_revenue,
    });
    // Each member in the row of the visit their signup came from, whenever it was; without one, in the row of none.
    expect(rows.find((row) => row.network === 'adnet')).toEqual({
      lander: 'video', variant: 'tonight', network: 'adnet', ref: null, sub1: 'spring', visits: 1, signups: 1, confirmed: 1, firstPurchases: 1,
      revenue: [{ currency: 'EUR', amount: firstOfLate.amount + secondOfLate.amount - refundInMay - refundOfApril - aprilCharged.amount }],
    });
    expect(rows.find((row) => row.network === null && row.lander === null)).toEqual({
      lander: null, variant: null, network: null, ref: null, sub1: null, visits: 0, signups: 1, confirmed: 1, firstPurchases: 1, revenue: [{ currency: 'EUR', amount: 0 }],
    });
    // The CSVs say the same: net revenue in major units, first purchases per signup.
    const funnelLines = funnelCsv(rows).split('\r\n');
    expect(funnelLines).toContain(`gallery,tonight,flirtads,(none),(none),1,1,1,1,1,1,${(galleryPaid.amount / 100).toFixed(2)},${(galleryPaid.amount / 100).toFixed(4)}`);
    const overviewLines = overviewCsv(live.value).split('\r\n');
    expect(overviewLines[0]).toBe('site,name,status,visits,signups,confirmed,first_purchases,purchases,paying_members,chargebacks,signup_rate,purchase_rate,revenue_EUR,refunds_EUR,chargebacks_EUR,net_revenue_EUR');
    expect(overviewLines[1]!.endsWith(`,${(site.net_revenue.EUR! / 100).toFixed(2).replace(/\.?0+$/, '')}`)).toBe(true);

    // From the roll-ups: the same.
    const round = await rollUpNetworkDays(db(), { settleMs: 5000 });
    expect(round.through).toBe('2026-06-19');
    expect((await rollupCoverage(db(), MAY)).live).toEqual([]);
    const rolled = await networkOverview(db(), analyst, { tenants: [flirt], range: MAY });
    expect(rolled).toEqual(live);
  });
});
