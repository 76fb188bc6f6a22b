// Complaints, reports and scam signals on both databases (issue 25 items 1, 2 and 4, decision 0029):
// a visitor's notice gets a reference by mail; a member reports a message they received (not one they
// sent); only the moderation role of the tenant sees the queue; one moderator of several claiming at
// once gets the complaint; the decision mails the statement of reasons to the complainant and, when
// an action was taken, to the member concerned; every step is audited; the time to decision counts.
// A member's message with a scam signal is delivered and paid as any other, and opens one review.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '~/.server/accounts/login';
import { createSession, userForSession } from '~/.server/accounts/sessions';
import { openChat } from '~/.server/chat/conversations';
import { sendMessage } from '~/.server/chat/send';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { fileComplaint, reportContent } from '~/.server/trust/complaints';
import { claimComplaint, closeComplaint, complaintStats, decideComplaint, moderationQueue } from '~/.server/trust/moderation';
import { activatedMember } from '../support/accounts';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { operatorOn } from '../support/operators';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
const tenantOf = (id: string) => tenants.find((t) => t.id === id);

describe.each(databaseKinds)('complaints on $name', (kind) => {
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

  const member = (name: string, t: Tenant = flirt, gender: 'male' | 'female' = 'female') => activatedMember(db(), t, name, { gender, credits: 50 });
  const fresh = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mailsTo = (to: string) => db().selectFrom('mail_outbox').select(['kind', 'subject', 'text']).where('to_address', '=', to).orderBy('id').execute();
  const send = async (from: User, to: User, text: string) => sendMessage(db(), flirt, { user: await fresh(from.id) }, { profile: to.profile_id!, content: { kind: 'text', text } }, { media: createDiskStorage(os.tmpdir()) });

  it("files a visitor's notice about a profile with a reference, mailed to the contact address", async () => {
    const reported = await member('Rita');
    const filed = await fileComplaint(db(), flirt, { user: null, locale: 'de' }, { category: 'fake_profile', description: 'This profile uses photos of a celebrity.', email: 'Visitor@Example.org', profile: reported.profile_id! });
    expect(filed).toEqual({ ok: true, reference: expect.stringMatching(/^R-[A-Z2-9]{8}$/) });
    const [mail] = await mailsTo('visitor@example.org');
    expect(mail).toMatchObject({ kind: 'complaint_received' });
    expect(mail!.text).toContain(filed.ok ? filed.reference : '');
    expect(mail!.subject).toContain('Beschwerde');
    const row = await db().selectFrom('complaints').selectAll().where('reference', '=', filed.ok ? filed.reference : '').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'form', reporter_email: 'visitor@example.org', profile_id: reported.profile_id, status: 'open' });
    expect(row.evidence).toMatchObject({ profile: { id: reported.profile_id, name: 'Rita' } });

    expect(await fileComplaint(db(), flirt, { user: null, locale: 'en' }, { category: 'other', description: 'Something is wrong here.' })).toEqual({ ok: false, error: 'email_required' });
    // A profile of another tenant is not this site's to complain about.
    const elsewhere = await member('Hanna', herz);
    expect(await fileComplaint(db(), flirt, { user: null, locale: 'en' }, { category: 'other', description: 'Something is wrong here.', email: 'v@example.org', profile: elsewhere.profile_id! })).toEqual({ ok: false, error: 'profile_not_found' });
  });

  it('lets a member report a message they received, with the message attached, never one they sent', async () => {
    const anna = await member('Anna');
    const ben = await member('Ben', flirt, 'male');
    const sent = await send(ben, anna, 'You will regret ignoring me.');
    expect(sent.ok).toBe(true);
    const messageId = sent.ok ? sent.message.id : 0;
    const report = await reportContent(db(), flirt, { user: anna, locale: 'en' }, { profile: ben.profile_id!, message: messageId, reason: 'harassment', text: 'He keeps threatening me.' });
    expect(report.ok).toBe(true);
    const row = await db().selectFrom('complaints').selectAll().where('reference', '=', report.ok ? report.reference : '').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'report', category: 'harassment', reporter_user_id: anna.id, profile_id: ben.profile_id, message_id: messageId });
    expect(row.evidence).toMatchObject({ message: { id: messageId, text: 'You will regret ignoring me.' } });
    expect(await reportContent(db(), flirt, { user: ben, locale: 'en' }, { profile: anna.profile_id!, message: messageId, reason: 'harassment' })).toEqual({ ok: false, error: 'message_not_found' });
    expect(await reportContent(db(), flirt, { user: anna, locale: 'en' }, { profile: anna.profile_id!, reason: 'spam' })).toEqual({ ok: false, error: 'profile_not_found' });
  });

  it('shows the queue only to moderators of the tenant; one of several claiming at once gets it; the holder decides, the complainant and the member hear why', async () => {
    const cleo = await member('Cleo');
    const dirk = await member('Dirk', flirt, 'male');
    const report = await reportContent(db(), flirt, { user: cleo, locale: 'nl' }, { profile: dirk.profile_id!, reason: 'scam', text: 'He asked me for money.' });
    const id = (await db().selectFrom('complaints').select('id').where('reference', '=', report.ok ? report.reference : '').executeTakeFirstOrThrow()).id;

    const answerer = await operatorOn(db(), ['flirtlokaal'], 'Answerer', ['answering']);
    const otherSite = await operatorOn(db(), ['herzklopfen'], 'Herz', ['moderation']);
    expect(await moderationQueue(db(), answerer)).toEqual([]);
    expect(await claimComplaint(db(), answerer, { complaint: id })).toEqual({ ok: false, error: 'not_found' });
    expect((await moderationQueue(db(), otherSite)).map((c) => c.id)).not.toContain(id);
    expect(await claimComplaint(db(), otherSite, { complaint: id })).toEqual({ ok: false, error: 'not_found' });

    const moderators = await Promise.all([1, 2, 3, 4].map((i) => operatorOn(db(), ['flirtlokaal'], `Mod${i}`, ['moderation'])));
    const queue = await moderationQueue(db(), moderators[0]!);
    const item = queue.find((c) => c.id === id)!;
    expect(item).toMatchObject({ source: 'report', reporter: 'member', profile: { id: dirk.profile_id }, claim: null });
    // The complainant's address never reaches the console.
    expect(JSON.stringify(queue)).not.toContain(cleo.email);

    const claims = await Promise.all(moderators.map((m) => claimComplaint(db(), m, { complaint: id })));
    expect(claims.filter((c) => c.ok)).toHaveLength(1);
    const holder = moderators[claims.findIndex((c) => c.ok)]!;
    const other = moderators.find((m) => m !== holder)!;
    const reasons = 'Asking members for money breaks rule 4 of our terms; the profile is hidden.';
    expect(await decideComplaint(db(), other, tenantOf, { complaint: id, decision: 'action_taken', action: 'profile_hidden', reasons }, createDiskStorage(os.tmpdir()))).toEqual({ ok: false, error: 'not_claimed' });
    expect(await decideComplaint(db(), holder, tenantOf, { complaint: id, decision: 'no_action', action: 'profile_hidden', reasons }, createDiskStorage(os.tmpdir()))).toEqual({ ok: false, error: 'action_mismatch' });
    expect(await closeComplaint(db(), holder, { complaint: id })).toEqual({ ok: false, error: 'not_decided' });
    expect(await decideComplaint(db(), holder, tenantOf, { complaint: id, decision: 'action_taken', action: 'profile_hidden', reasons }, createDiskStorage(os.tmpdir()))).toEqual({ ok: true });
    expect(await decideComplaint(db(), holder, tenantOf, { complaint: id, decision: 'no_action', action: 'none', reasons }, createDiskStorage(os.tmpdir()))).toEqual({ ok: false, error: 'not_open' });

    const toComplainant = (await mailsTo(cleo.email)).find((m) => m.kind === 'complaint_decided')!;
    expect(toComplainant.text).toContain(reasons);
    expect(toComplainant.text).toContain('Profiel verborgen');
    const toMember = (await mailsTo(dirk.email)).find((m) => m.kind === 'complaint_action')!;
    expect(toMember.text).toContain(reasons);
    expect(toMember.text).toContain(report.ok ? report.reference : 'x');

    expect(await closeComplaint(db(), holder, { complaint: id })).toEqual({ ok: true });
    const audit = await db().selectFrom('operator_audit').select(['action', 'operator_id']).where('complaint_id', '=', id).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'complaint_claim', operator_id: holder.id },
      { action: 'complaint_decide', operator_id: holder.id },
      { action: 'complaint_apply', operator_id: holder.id },
      { action: 'complaint_close', operator_id: holder.id },
    ]);
    // The decided action is carried out: the profile is hidden.
    expect((await db().selectFrom('profiles').select('status').where('id', '=', dirk.profile_id!).executeTakeFirstOrThrow()).status).toBe('disabled');
    const stats = await complaintStats(db(), holder, { days: 7 });
    expect(stats).toMatchObject({ decided: expect.any(Number), medianHours: expect.any(Number) });
    expect(await complaintStats(db(), answerer, { days: 7 })).toBeNull();
  });

  async function decided(complainant: User, reported: User, action: 'content_removed' | 'account_suspended' | 'warning', message?: number) {
    const report = await reportContent(db(), flirt, { user: complainant, locale: 'en' }, { profile: reported.profile_id!, message: message ?? '', reason: 'harassment' });
    const id = (await db().selectFrom('complaints').select('id').where('reference', '=', report.ok ? report.reference : '').executeTakeFirstOrThrow()).id;
    const moderator = await operatorOn(db(), ['flirtlokaal'], 'Judge', ['moderation']);
    expect(await claimComplaint(db(), moderator, { complaint: id })).toEqual({ ok: true });
    const reasons = 'Threatening other members breaks rule 2 of our terms of use.';
    expect(await decideComplaint(db(), moderator, tenantOf, { complaint: id, decision: 'action_taken', action, reasons }, createDiskStorage(os.tmpdir()))).toEqual({ ok: true });
    return (await db().selectFrom('operator_audit').select(['action', 'detail']).where('complaint_id', '=', id).where('action', '=', 'complaint_apply').executeTakeFirstOrThrow()).detail;
  }

  it('carries out "content removed" on a reported message: its text is gone, the complaint keeps it as evidence', async () => {
    const gina = await member('Gina');
    const hugo = await member('Hugo', flirt, 'male');
    const sent = await send(hugo, gina, 'You will pay for ignoring me.');
    const messageId = sent.ok ? sent.message.id : 0;
    expect(await decided(gina, hugo, 'content_removed', messageId)).toEqual({ action: 'content_removed', message: messageId, applied: true });
    expect(await db().selectFrom('messages').select('body').where('id', '=', messageId).executeTakeFirstOrThrow()).toEqual({ body: null });
    const evidence = await db().selectFrom('complaints').select('evidence').where('message_id', '=', messageId).executeTakeFirstOrThrow();
    expect(evidence.evidence).toMatchObject({ message: { text: 'You will pay for ignoring me.' } });
    // The profile itself stays as it was.
    expect((await db().selectFrom('profiles').select('status').where('id', '=', hugo.profile_id!).executeTakeFirstOrThrow()).status).toBe('active');
  });

  it('carries out "account suspended": the profile is hidden, every session ends and logins are refused', async () => {
    const iris = await member('Iris');
    const jan = await member('Jan', flirt, 'male');
    const token = await createSession(db(), flirt, jan.id, { ip: null, userAgent: null });
    expect(await userForSession(db(), flirt, `rdv_session=${token}`)).not.toBeNull();
    expect(await decided(iris, jan, 'account_suspended')).toEqual({ action: 'account_suspended', profile: jan.profile_id, applied: true });
    expect(await userForSession(db(), flirt, `rdv_session=${token}`)).toBeNull();
    expect(await logIn(db(), flirt, { ip: '10.0.0.1' }, { email: jan.email, password: 'a good password' })).toEqual({ ok: false, error: 'suspended' });
    expect((await db().selectFrom('profiles').select('status').where('id', '=', jan.profile_id!).executeTakeFirstOrThrow()).status).toBe('disabled');
    // A warning changes nothing but the statement of reasons the member receives.
    const kees = await member('Kees', flirt, 'male');
    expect(await decided(iris, kees, 'warning')).toEqual({ action: 'warning', profile: kees.profile_id, applied: true });
    expect((await db().selectFrom('profiles').select('status').where('id', '=', kees.profile_id!).executeTakeFirstOrThrow()).status).toBe('active');
    expect(await logIn(db(), flirt, { ip: '10.0.0.1' }, { email: kees.email, password: 'a good password' })).toMatchObject({ ok: true });
  });

  it('delivers and charges a member message with a scam signal, and opens one review of the conversation that later hits join', async () => {
    const eva = await member('Eva');
    const finn = await member('Finn', flirt, 'male');
    const before = (await fresh(finn.id)).credits;
    const first = await send(finn, eva, 'Please send me money via Western Union, I am stuck at the airport');
    expect(first.ok).toBe(true);
    expect(first.ok && first.message.signals).toEqual(['money', 'phrase']);
    expect((await fresh(finn.id)).credits).toBe(before - flirt.settings.message_credits);
    const second = await send(finn, eva, 'Or add me on WhatsApp: +31 6 1234 5678');
    expect(second.ok && second.message.signals).toEqual(['contact_phone', 'contact_messenger']);
    const conversation = first.ok ? first.conversation.id : 0;
    const reviews = await db().selectFrom('complaints').selectAll().where('conversation_id', '=', conversation).where('source', '=', 'signal').execute();
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.description.split(', ').sort()).toEqual(['contact_messenger', 'contact_phone', 'money', 'phrase']);
    expect((reviews[0]!.evidence as { messages: unknown[] }).messages).toHaveLength(2);
    // The recipient sees the safety tip; the sender does not.
    const forEva = await openChat(db(), flirt, 'en', { user: await fresh(eva.id) }, { conversation }, { peek: true });
    const forFinn = await openChat(db(), flirt, 'en', { user: await fresh(finn.id) }, { conversation }, { peek: true });
    expect(forEva.ok && forEva.chat.conversation?.safety_tip).toBe(true);
    expect(forFinn.ok && forFinn.chat.conversation?.safety_tip).toBe(false);
    // An everyday message is not flagged.
    const plain = await send(eva, finn, 'I like walking by the sea.');
    expect(plain.ok && plain.message.signals).toBeNull();
  });
});
