// The marketer's reports on PGlite and PostgreSQL (issue 23 item 6, docs/decisions/0028): a visit
// with a traffic source, the signup attributed to it, the confirmation, a first and a second
// purchase and a refund of the second show in the funnel under that lander, variant, network, ref and
// sub1 — revenue in minor units with the refund subtracted, a chargeback counting nothing — and
// visits outside the date range do not. The split report counts each variant behind the split's URL
// with its Wilson interval. Only an operator with the marketing role on the tenant sees anything.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { landerGallery } from '~/.server/marketing/gallery';
import { funnelCsv, funnelReport, splitReport } from '~/.server/marketing/reports';
import { wilsonInterval } from '~/.server/marketing/wilson';
import { applyProviderPayment, createPayment, handlePaymentWebhook, type CheckoutContext } from '~/.server/payments/payments';
import { refundPurchase } from '~/.server/payments/refunds';
import { SandboxProvider } from '~/.server/payments/sandbox';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tracking } from '~/.server/db/schema';
import { newId } from '~/.server/tracking/cookies';
import { attributionFor, recordVisit } from '~/.server/tracking/visits';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNiche } from '../support/niche';
import { operatorOn } from '../support/operators';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
const DAY = '2026-05-10';
const RANGE = { from: '2026-05-01', to: DAY };

describe.each(databaseKinds)('marketing reports on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let sandbox: SandboxProvider;
  let ctx: CheckoutContext;
  let n = 0;
  const db = () => database.db;

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

  async function visit(input: { path: string; lander: string; variant: string; tracking: Tracking | null; at?: string }) {
    n++;
    setClockForTests(new Date(`${input.at ?? DAY}T09:00:00Z`));
    const result = await recordVisit(db(), flirt, {
      lander: input.lander, variant: input.variant, profileId: null, path: input.path, tracking: input.tracking,
      ip: `198.51.100.${n}`, userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Visitor/${n}`, country: 'NL', visitorId: newId(), clickId: null,
    }, { salt: 's' });
    if (result.outcome === 'bot') throw new Error('bot');
    setClockForTests(new Date(`${DAY}T10:00:00Z`));
    return result.clickId;
  }
  async function signUpFrom(clickId: string): Promise<User> {
    n++;
    const attribution = await attributionFor(db(), flirt, clickId);
    const result = await signUp(db(), flirt, { ip: null, origin: 'http://x', locale: 'nl', attribution }, {
      email: `funnel${n}@example.com`, name: `Funnel${n}`, password: 'a good password', date_of_birth: '1988-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true, ...fitsNiche(flirt, 'male'),
    });
    if (!result.ok) throw new Error(result.error);
    return result.user;
  }
  async function confirm(user: User) {
    expect(await activateAccount(db(), flirt, await createToken(db(), { tenantId: flirt.id, userId: user.id, kind: 'activation' }))).toBe(true);
  }
  async function purchase(user: User, bundle = 'popular') {
    const created = await createPayment(ctx, user, { package: bundle, method: 'ideal', country: 'NL' });
    if (!created.ok) throw new Error(created.error);
    await sandbox.settle(created.payment.provider_id!, 'paid');
    await handlePaymentWebhook(db(), flirt, sandbox, created.payment.provider_id!);
    return created.payment;
  }

  it('follows a visit through signup, confirmation, purchases and a refund into one funnel row', async () => {
    const marketer = await operatorOn(db(), [flirt.id], 'Marketer', ['marketing']);
    const source = { network: 'adnet', sub1: 'spring' };
    const bought = await signUpFrom(await visit({ path: '/landers/video/tonight', lander: 'video', variant: 'tonight', tracking: source }));
    await confirm(bought);
    const first = await purchase(bought);
    const second = await purchase(bought, 'starter');
    const refund = await refundPurchase(ctx, bought, second.id);
    if (!refund.ok) throw new Error(refund.error);
    const unconfirmed = await signUpFrom(await visit({ path: '/landers/video/tonight', lander: 'video', variant: 'tonight', tracking: source }));
    expect(unconfirmed.status).toBe('not_confirmed');
    await visit({ path: '/landers/video/tonight', lander: 'video', variant: 'tonight', tracking: source });
    // Charged back: the money went back, so it earns nothing.
    const chargedBack = await signUpFrom(await visit({ path: '/landers/video/tonight', lander: 'video', variant: 'tonight', tracking: source }));
    await confirm(chargedBack);
    const lost = await purchase(chargedBack);
    await applyProviderPayment(db(), lost.id, { id: lost.provider_id!, status: 'paid', checkoutUrl: null, customerId: null, mandateId: null, chargedBack: true });
    // Not in the range, and without a source.
    await visit({ path: '/landers/video/tonight', lander: 'video', variant: 'tonight', tracking: source, at: '2026-04-20' });
    await visit({ path: '/landers/gallery', lander: 'gallery', variant: 'tonight', tracking: null });

    const report = await funnelReport(db(), flirt, marketer, RANGE);
    if (!report.ok) throw new Error(report.error);
    const row = report.value.find((r) => r.lander === 'video' && r.network === 'adnet');
    expect(row).toEqual({
      lander: 'video', variant: 'tonight', network: 'adnet', ref: null, sub1: 'spring',
      visits: 4, signups: 3, confirmed: 2, firstPurchases: 2,
      revenue: [{ currency: 'EUR', amount: first.amount + second.amount - refund.refund.amount }],
    });
    expect(refund.refund.amount).toBe(second.amount);
    expect(report.value.find((r) => r.lander === 'gallery')).toMatchObject({ network: null, visits: 1, signups: 0, revenue: [] });

    const csv = funnelCsv(report.value).split('\r\n');
    expect(csv[0]).toBe('lander,variant,network,ref,sub1,visits,signups,confirmed,first_purchases,signup_rate,purchase_rate,revenue_EUR,epc_EUR');
    // Revenue with 2 decimals, EPC with 4, "(none)" for a missing ref, as docs/api.md says (issue 34 item 23).
    expect(csv).toContain(`video,tonight,adnet,(none),spring,4,3,2,2,0.75,0.6667,${(first.amount / 100).toFixed(2)},${(first.amount / 100 / 4).toFixed(4)}`);
  });

  it('reports each variant behind a split URL with its signups and Wilson interval', async () => {
    const marketer = await operatorOn(db(), [flirt.id], 'Marketer', ['marketing']);
    const split = flirt.landers!.splits[0]!;
    const [a, b] = split.variants.map((part) => part.variant) as [string, string];
    const clicks = [];
    for (let i = 0; i < 4; i++) clicks.push(await visit({ path: `/landers/gallery/${split.slug}`, lander: 'gallery', variant: a, tracking: null }));
    for (let i = 0; i < 2; i++) await visit({ path: `/landers/maplanding/${split.slug}/`, lander: 'maplanding', variant: b, tracking: null });
    // The same variant by its own slug is no visit of the split.
    await visit({ path: `/landers/gallery/${a}`, lander: 'gallery', variant: a, tracking: null });
    await signUpFrom(clicks[0]!);

    const report = await splitReport(db(), flirt, marketer, RANGE);
    if (!report.ok) throw new Error(report.error);
    const [only] = report.value;
    expect(only!.slug).toBe(split.slug);
    const interval = wilsonInterval(1, 4)!;
    expect(only!.variants).toEqual([
      { variant: a, weight: split.variants[0]!.weight, visits: 4, signups: 1, rate: 0.25, low: interval.low, high: interval.high },
      { variant: b, weight: split.variants[1]!.weight, visits: 2, signups: 0, rate: 0, low: 0, high: wilsonInterval(0, 2)!.high },
    ]);
  });

  it('shows nothing to an answering operator, a moderator, an admin without the role or a marketer of another site', async () => {
    const others = [
      await operatorOn(db(), [flirt.id], 'Answerer', ['answering']),
      await operatorOn(db(), [flirt.id], 'Moderator', ['moderation']),
      await operatorOn(db(), [flirt.id], 'Admin', ['answering', 'moderation', 'admin']),
      await operatorOn(db(), [herz.id], 'Marketer', ['marketing']),
    ];
    for (const operator of others) {
      expect(await funnelReport(db(), flirt, operator, RANGE)).toEqual({ ok: false, error: 'forbidden' });
      expect(await splitReport(db(), flirt, operator, RANGE)).toEqual({ ok: false, error: 'forbidden' });
      expect(await landerGallery(db(), flirt, operator)).toEqual({ ok: false, error: 'forbidden' });
    }
  });

  it('lists every lander and member landing with each variant and split, and no slug where none is taken', async () => {
    const marketer = await operatorOn(db(), [flirt.id], 'Marketer', ['marketing']);
    const gallery = await landerGallery(db(), flirt, marketer);
    if (!gallery.ok) throw new Error(gallery.error);
    const paths = gallery.value.entries.map((entry) => entry.path);
    expect(paths).toContain('/landers/video');
    expect(paths).toContain('/landers/video/tonight');
    expect(paths).toContain(`/landers/video/${flirt.landers!.splits[0]!.slug}`);
    expect(paths).toContain('/landers/tinderswipe');
    expect(paths.filter((path) => path.startsWith('/landers/tinderswipe/'))).toEqual([]);
    expect(gallery.value.locales).toEqual(flirt.locales);
    expect(gallery.value.entries.find((entry) => entry.path === '/landers/video/tonight')!.headlines.en).toBe(flirt.landers!.variants.find((v) => v.slug === 'tonight')!.headline.en);
  });
});
