// The member's data export (issue 25 item 5, decision 0029) on both databases: every table of the
// database has an export rule (a new table without one fails here); the export holds the member's
// account, profile, consents, likes, messages sent and received, purchases, notification settings
// and reports — and nothing of another member's account; the link is the member's own and expires.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '~/.server/chat/send';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { reportContent } from '~/.server/trust/complaints';
import { activatedMember } from '../support/accounts';
import { claimExport, collectExport, EXPORT_INLINE_LIMIT, EXPORT_LINK_HOURS, EXPORT_RULES, prepareExport, requestExport, type ExportJob } from '~/.server/trust/export';
import { applyRetention } from '~/.server/trust/retention';
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

  const made = <T extends { ok: boolean }>(result: T) => {
    if (!result.ok) throw new Error('the export was refused');
    return result as Extract<T, { ok: true }>;
  };
  const noJobs = { jobs: { send: async () => { throw new Error('a small export needs no job'); } } };

  it('makes a link only the member can use, on their tenant, for a day; a small export streams at once, without the job queue', async () => {
    const cleo = await member('Cleo');
    const dan = await member('Dan', 'male');
    const { token, expiresAt, prepared } = made(await requestExport(db(), flirt, cleo, noJobs));
    expect(prepared).toBe(false);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(EXPORT_LINK_HOURS * 3600_000 + 1000);
    expect(await claimExport(db(), flirt, dan, token)).toBeNull();
    expect(await claimExport(db(), herz, cleo, token)).toBeNull();
    expect(await claimExport(db(), flirt, cleo, 'not-the-token')).toBeNull();
    expect(await claimExport(db(), flirt, cleo, token)).toEqual({ kind: 'stream' });
    setClockForTests(new Date(Date.now() + (EXPORT_LINK_HOURS + 1) * 3600_000));
    expect(await claimExport(db(), flirt, cleo, token)).toBeNull();
    setClockForTests(null);
  });

  it('hands a large export to the job queue, which keeps the zip in the media store for the member alone until the link expires', async () => {
    const eli = await member('Eli');
    const fem = await member('Femke', 'male');
    const sent = await sendMessage(db(), flirt, { user: eli }, { profile: fem.profile_id!, content: { kind: 'text', text: 'Hello Femke!' } }, { media: createDiskStorage('/tmp') });
    const conversation = sent.ok ? sent.conversation.id : 0;
    // Just over the threshold rule: more than EXPORT_INLINE_LIMIT messages and pictures together.
    await sql`insert into messages (conversation_id, sender_profile_id, kind, body, created_at)
      select ${conversation}, ${eli.profile_id}, 'text', 'message ' || g, now() from generate_series(1, ${EXPORT_INLINE_LIMIT}) g`.execute(db());
    const sentJobs: { name: string; data: unknown }[] = [];
    const jobs = { send: async (name: string, data?: object) => (sentJobs.push({ name, data }), 'job-1') };
    const { token, prepared } = made(await requestExport(db(), flirt, eli, { jobs }));
    expect(prepared).toBe(true);
    expect(sentJobs).toEqual([{ name: 'trust.export', data: { export: expect.any(String) } }]);
    expect(await claimExport(db(), flirt, eli, token)).toEqual({ kind: 'preparing' });

    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-'));
    const media = createDiskStorage(mediaDir);
    await prepareExport(db(), (id) => tenants.find((t) => t.id === id), media, sentJobs[0]!.data as ExportJob, { last: false });
    expect(await claimExport(db(), flirt, fem, token)).toBeNull();
    const ready = await claimExport(db(), flirt, eli, token);
    expect(ready).toEqual({ kind: 'file', key: expect.stringMatching(new RegExp(`^x/${eli.id}/[\\w-]+\\.zip$`)) });
    const key = ready && ready.kind === 'file' ? ready.key : '';
    const zip = fs.readFileSync(path.join(mediaDir, key));
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('data.json'))).toBe(true);

    // Expired: the link is dead at once, and the retention round removes the row and the file.
    setClockForTests(new Date(Date.now() + (EXPORT_LINK_HOURS + 1) * 3600_000));
    expect(await claimExport(db(), flirt, eli, token)).toBeNull();
    expect((await applyRetention(db(), media)).exports).toBeGreaterThanOrEqual(1);
    setClockForTests(null);
    expect(fs.existsSync(path.join(mediaDir, key))).toBe(false);
    expect(await db().selectFrom('data_exports').select('id').where('user_id', '=', eli.id).execute()).toEqual([]);
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });
});
