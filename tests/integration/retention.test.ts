// Retention on both databases (issue 25, decision 0029 "How long it is kept"): the daily round deletes
// complaints closed more than three years ago with their evidence and audit rows, notices of rejected
// photos after a year, and expired data exports — and nothing younger, nor anything still open.
// The clock is moved, never waited for.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { loadTenants } from '~/.server/tenants/registry';
import { fileComplaint } from '~/.server/trust/complaints';
import { claimComplaint, closeComplaint, decideComplaint } from '~/.server/trust/moderation';
import { applyRetention, COMPLAINT_YEARS, REJECTION_DAYS } from '~/.server/trust/retention';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { confirmedMember, operatorOn } from '../support/operators';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const media = createDiskStorage(os.tmpdir());
const DAY = 24 * 3600_000;

describe.each(databaseKinds)('retention on $name', (kind) => {
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

  async function complaint(close: boolean): Promise<number> {
    const filed = await fileComplaint(db(), flirt, { user: null, locale: 'en' }, { category: 'spam', description: 'Advertises another website.', email: 'someone@example.org' });
    const id = (await db().selectFrom('complaints').select('id').where('reference', '=', filed.ok ? filed.reference : '').executeTakeFirstOrThrow()).id;
    if (!close) return id;
    const moderator = await operatorOn(db(), ['flirtlokaal'], 'Keeper', ['moderation']);
    await claimComplaint(db(), moderator, { complaint: id });
    await decideComplaint(db(), moderator, () => flirt, { complaint: id, decision: 'no_action', action: 'none', reasons: 'Nothing on the profile breaks our rules.' }, media);
    expect(await closeComplaint(db(), moderator, { complaint: id })).toEqual({ ok: true });
    return id;
  }

  it('deletes complaints closed more than three years ago with their audit rows, and keeps younger and open ones', async () => {
    const start = Date.now();
    setClockForTests(new Date(start));
    const old = await complaint(true);
    const stillOpen = await complaint(false);
    setClockForTests(new Date(start + 400 * DAY));
    const younger = await complaint(true);
    const member = await confirmedMember(db(), flirt, 'Keeper');
    await db().insertInto('photo_rejections').values({ tenant_id: 'flirtlokaal', profile_id: member.profile_id, reason: 'nudity', created_at: new Date(start) }).execute();

    // Just short of three years after the first closing: nothing goes but the year-old photo notice.
    setClockForTests(new Date(start + (COMPLAINT_YEARS * 365 - 2) * DAY));
    expect(await applyRetention(db(), media)).toMatchObject({ complaints: 0, rejections: 1 });
    setClockForTests(new Date(start + (COMPLAINT_YEARS * 365 + 2) * DAY));
    expect(await applyRetention(db(), media)).toMatchObject({ complaints: 1, rejections: 0 });
    const left = (await db().selectFrom('complaints').select('id').where('id', 'in', [old, stillOpen, younger]).execute()).map((r) => r.id);
    expect(left.sort()).toEqual([stillOpen, younger].sort());
    expect(await db().selectFrom('operator_audit').select('id').where('complaint_id', '=', old).execute()).toEqual([]);
    expect((await db().selectFrom('operator_audit').select('id').where('complaint_id', '=', younger).execute()).length).toBeGreaterThan(0);
    expect(REJECTION_DAYS).toBe(365);
  });
});
