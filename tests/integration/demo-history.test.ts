// The lived-in demo (issue 36, docs/decisions/0049) on PGlite and PostgreSQL: after the demo seed,
// every demo tenant's consoles show what a newcomer should see — the marketer's funnel for the last
// 30 days has at least 10 rows with visits and at least 3 first purchases, the split report has
// visits for every variant of every split, the moderation queue has open complaints and photos, the
// answering queue has waiting conversations — made through the domain functions (visits, signups,
// payments, refunds, a chargeback, complaints, uploads, postbacks with one failed). The same seed
// gives the same history on both databases, and a second run adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/.server/db/database';
import { funnelCsv, funnelReport, splitReport } from '~/.server/marketing/reports';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { operatorActor, type OperatorActor } from '~/.server/operators/operator';
import { operatorQueue } from '~/.server/operators/queue';
import { seedDemoAccounts } from '~/.server/seed/demo-accounts';
import { HISTORY_MAIL_DOMAIN, seedDemoHistory, type HistorySummary } from '~/.server/seed/demo-history';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import { moderationQueue } from '~/.server/trust/moderation';
import { photoQueue } from '~/.server/trust/photo-review';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const summaries: HistorySummary[] = [];
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const LAST_30_DAYS = { from: isoDay(Date.now() - 29 * 86_400_000), to: isoDay(Date.now()) };

describe.each(databaseKinds)('the demo history on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-history-'));
  const db = () => database.db;
  const staff = async (local: string, tenantId: string): Promise<OperatorActor> => {
    const row = await db().selectFrom('operators').select('id').where('email', '=', `${local}@${tenantId}.example`).executeTakeFirstOrThrow();
    return (await operatorActor(db(), row.id))!;
  };

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    await seedDemoProfiles(db());
    await seedDemoAccounts(db(), tenants);
    summaries.push(await seedDemoHistory(db(), tenants, { salt: 'history-test-salt-history-test-salt', media: createDiskStorage(mediaDir), origin: (t) => `http://${t.id}.localhost:3000` }));
  }, 600_000);

  afterAll(async () => {
    await database?.close();
    await drop?.();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('replays every demo tenant, the same way on every database', () => {
    const summary = summaries[summaries.length - 1]!;
    expect(summary.tenants).toBe(tenants.length);
    expect(summary.signups).toBeGreaterThan(50);
    expect(summaries.every((s) => JSON.stringify(s) === JSON.stringify(summaries[0]))).toBe(true);
  });

  it.each(tenants.map((t) => [t.id, t] as const))('%s: the marketer sees a funnel and every split variant', async (_id, tenant) => {
    const marketer = await staff('marketer', tenant.id);
    const funnel = await funnelReport(db(), tenant, marketer, LAST_30_DAYS);
    if (!funnel.ok) throw new Error(funnel.error);
    expect(funnel.value.filter((row) => row.visits > 0).length).toBeGreaterThanOrEqual(10);
    expect(funnel.value.reduce((sum, row) => sum + row.firstPurchases, 0)).toBeGreaterThanOrEqual(3);
    // The CSV the console offers has a line per row.
    expect(funnelCsv(funnel.value).trim().split('\n').length).toBe(funnel.value.length + 1);
    const splits = await splitReport(db(), tenant, marketer, LAST_30_DAYS);
    if (!splits.ok) throw new Error(splits.error);
    expect(splits.value.length).toBe(tenant.landers?.splits.length ?? 0);
    for (const split of splits.value) for (const variant of split.variants) expect(variant.visits, `${split.slug} ${variant.variant}`).toBeGreaterThan(0);
  });

  it.each(tenants.map((t) => [t.id, t] as const))('%s: moderation and answering queues have work waiting', async (_id, tenant) => {
    const moderator = await staff('moderator', tenant.id);
    const open = await moderationQueue(db(), moderator, { status: 'open' });
    expect(open.length).toBeGreaterThanOrEqual(3);
    expect((await moderationQueue(db(), moderator, { status: 'decided' })).length).toBeGreaterThanOrEqual(1);
    expect((await moderationQueue(db(), moderator, { status: 'closed' })).length).toBeGreaterThanOrEqual(1);
    expect((await photoQueue(db(), moderator, () => '')).length).toBeGreaterThanOrEqual(3);
    const answering = await staff('operator', tenant.id);
    const queue = await operatorQueue(db(), answering, {}, () => '');
    // The demo members' three, and the history members who wrote today and yesterday.
    expect(queue.total).toBeGreaterThan(3);
  });

  it.each(tenants.map((t) => [t.id, t] as const))('%s: most members who confirmed show an approved profile photo (a visitor\'s search shows faces)', async (_id, tenant) => {
    const members = await db()
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.id', 'users.profile_id')
      .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
      .select(['users.id', 'photos.review', 'photos.public'])
      .where('users.tenant_id', '=', tenant.id)
      .where('users.email', 'like', `%@${HISTORY_MAIL_DOMAIN}`)
      .where('users.status', '=', 'confirmed')
      .execute();
    expect(members.length).toBeGreaterThan(5);
    const shown = members.filter((m) => m.review === 'approved' && m.public === true);
    expect(shown.length / members.length).toBeGreaterThanOrEqual(0.5);
  });

  it('has money moving: repeat purchases, refunds, a chargeback where direct debit is offered, postbacks with one failed', async () => {
    for (const tenant of tenants) {
      const payments = await db()
        .selectFrom('payments')
        .innerJoin('users', 'users.id', 'payments.user_id')
        .select(['payments.user_id', 'payments.refunded_amount', 'payments.charged_back_at', 'payments.fulfilled_at'])
        .where('payments.tenant_id', '=', tenant.id)
        .where('users.email', 'like', `%@${HISTORY_MAIL_DOMAIN}`)
        .execute();
      const paid = payments.filter((p) => p.fulfilled_at);
      expect(new Set(paid.map((p) => p.user_id)).size, tenant.id).toBeLessThan(paid.length);
      expect(paid.filter((p) => p.refunded_amount > 0).length, tenant.id).toBeGreaterThanOrEqual(1);
      expect(paid.filter((p) => p.charged_back_at).length, tenant.id).toBe(tenant.payments.methods.includes('sdd') ? 1 : 0);
      const failed = await db().selectFrom('postbacks').select(['network', 'attempts']).where('tenant_id', '=', tenant.id).where('status', '=', 'failed').execute();
      expect(failed, tenant.id).toEqual([{ network: 'leadbay', attempts: 8 }]);
      // Issue 45: the past's postbacks were delivered in the past — nothing waits at the first start,
      // so the first postback a newcomer causes is the first one sent.
      const owed = await db().selectFrom('postbacks').select('id').where('tenant_id', '=', tenant.id).where('status', '=', 'pending').execute();
      expect(owed, tenant.id).toEqual([]);
      const sent = await db().selectFrom('postbacks').select(['id', 'created_at', 'sent_at']).where('tenant_id', '=', tenant.id).where('network', '=', 'demo').where('status', '=', 'sent').execute();
      expect(sent.length, tenant.id).toBeGreaterThan(0);
      for (const row of sent) expect(row.sent_at!.getTime() - row.created_at.getTime()).toBeLessThan(60_000);
      const tries = await db().selectFrom('postback_attempts').select(['ok', 'at']).where('postback_id', 'in', sent.map((row) => row.id)).execute();
      expect(tries.length, tenant.id).toBe(sent.length);
      expect(tries.every((t) => t.ok && t.at.getTime() < Date.now() - 60_000)).toBe(true);
      const received = await db().selectFrom('dev_postbacks').select('id').where('tenant_id', '=', tenant.id).execute();
      expect(received.length, tenant.id).toBe(sent.length);
      const mails = await db().selectFrom('mail_outbox').select('id').where('tenant_id', '=', tenant.id).where('status', '=', 'pending').execute();
      expect(mails, tenant.id).toEqual([]);
    }
  });

  it('adds nothing the second time', async () => {
    const again = await seedDemoHistory(db(), tenants, { salt: 'history-test-salt-history-test-salt', media: createDiskStorage(mediaDir), origin: (t) => `http://${t.id}.localhost:3000` });
    expect(again).toEqual({ tenants: 0, visits: 0, signups: 0, purchases: 0 });
  });
});
