// The member's data export (issue 25 item 5, decision 0029) on both databases: every table of the
// database has an export rule (a new table without one fails here); the export holds the member's
// account, profile, consents, likes, messages sent and received, purchases, notification settings
// and reports — and nothing of another member's account; the link is the member's own and expires.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '~/.server/chat/send';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { reportContent } from '~/.server/trust/complaints';
import { claimExport, collectExport, EXPORT_LINK_HOURS, EXPORT_RULES, requestExport } from '~/.server/trust/export';
import { activatedMember } from '../support/accounts';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;

describe.each(databaseKinds)('data export on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });

  afterAll(async () => {
    setClockForTests(null);
    await database?.close();
    await drop?.();
  });

  const member = (name: string, gender: 'male' | 'female' = 'female', t: Tenant = flirt) => activatedMember(db(), t, name, { gender, credits: 20 });

  it('has an export rule for every table in the database', async () => {
    const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db());
    const tables = rows.map((r) => r.table_name).filter((t) => !t.startsWith('kysely_'));
    const missing = tables.filter((t) => !(t in EXPORT_RULES));
    expect(missing, 'tables without an export rule in app/.server/trust/export.ts').toEqual([]);
    for (const [table, rule] of Object.entries(EXPORT_RULES)) if (rule.about === 'none') expect(rule.why.length, table).toBeGreaterThan(5);
  });

  it("holds the member's account, profile, consents, likes, messages both ways, purchases and reports, and no secrets or other accounts", async () => {
    const ana = await member('Ana');
    const bo = await member('Bojan', 'male');
    await db().insertInto('likes').values({ liker_profile_id: ana.profile_id!, liked_profile_id: bo.profile_id!, created_at: new Date() }).execute();
    const sent = await sendMessage(db(), flirt, { user: ana }, { profile: bo.profile_id!, content: { kind: 'text', text: 'Hello Bojan!' } }, { media: createDiskStorage('/tmp') });
    expect(sent.ok).toBe(true);
    const fresh = await db().selectFrom('users').selectAll().where('id', '=', bo.id).executeTakeFirstOrThrow();
    await sendMessage(db(), flirt, { user: fresh }, { profile: ana.profile_id!, content: { kind: 'text', text: 'Hi Ana, send me money via western union' } }, { media: createDiskStorage('/tmp') });
    await reportContent(db(), flirt, { user: ana, locale: 'en' }, { profile: bo.profile_id!, reason: 'scam', text: 'Asked for money' });

    const data = (await collectExport(db(), flirt, await db().selectFrom('users').selectAll().where('id', '=', ana.id).executeTakeFirstOrThrow())) as { tables: Record<string, Record<string, unknown>[]> };
    const t = data.tables;
    expect(t.users).toHaveLength(1);
    expect(t.users![0]).toMatchObject({ id: ana.id, email: ana.email });
    expect(t.users![0]).not.toHaveProperty('password_hash');
    expect(t.profiles![0]).toMatchObject({ id: ana.profile_id, name: 'Ana' });
    expect(t.likes).toEqual([expect.objectContaining({ liker_profile_id: ana.profile_id, liked_profile_id: bo.profile_id })]);
    expect(t.messages!.map((m) => m.body)).toEqual(['Hello Bojan!', 'Hi Ana, send me money via western union']);
    expect(t.messages!.every((m) => !('signals' in m))).toBe(true);
    expect(t.credit_ledger!.length).toBeGreaterThan(0);
    expect(t.complaints).toEqual([expect.objectContaining({ category: 'scam', description: 'Asked for money' })]);
    expect(t.sessions).toBeDefined();
    expect(JSON.stringify(data)).not.toContain(bo.email);
  });

  it('makes a link only the member can use, on their tenant, for a day', async () => {
    const cleo = await member('Cleo');
    const dan = await member('Dan', 'male');
    const { token, expiresAt } = await requestExport(db(), flirt, cleo);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(EXPORT_LINK_HOURS * 3600_000 + 1000);
    expect(await claimExport(db(), flirt, dan, token)).toBe(false);
    expect(await claimExport(db(), herz, cleo, token)).toBe(false);
    expect(await claimExport(db(), flirt, cleo, 'not-the-token')).toBe(false);
    expect(await claimExport(db(), flirt, cleo, token)).toBe(true);
    setClockForTests(new Date(Date.now() + (EXPORT_LINK_HOURS + 1) * 3600_000));
    expect(await claimExport(db(), flirt, cleo, token)).toBe(false);
    setClockForTests(null);
  });
});
