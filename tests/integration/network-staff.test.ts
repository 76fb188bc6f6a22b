// The network console's staff security and administration on PGlite and PostgreSQL (issue 35 item 1,
// docs/decisions/0051) and its site health (item 3, docs/decisions/0052): a staff member enrols TOTP
// (confirmed by a first code), after which the login asks for its code instead of a mailed one; a
// code is taken once; wrong codes are limited; the login form's token replaces the password. Network
// admins invite, change roles, disable (their sessions end), reset TOTP and read the audit log;
// analysts are refused; nobody disables or demotes themselves or the last admin. Site health counts
// what needs attention per site and links to the site's own console page.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { networkHealth } from '~/.server/network/health';
import { auditCsv, auditLog, changeStaffRole, disableStaff, enableStaff, inviteStaff, listStaff, resetStaffTotp, setStaffPassword, staffForPasswordToken } from '~/.server/network/staff-admin';
import { createNetworkStaff, NETWORK_SESSION_COOKIE, networkActorForSession, networkLogin, type NetworkActor } from '~/.server/network/staff';
import { confirmTotp, startTotp, totpCode, totpEnrolment } from '~/.server/network/totp';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNiche } from '../support/niche';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
const client = { ip: '192.0.2.7', userAgent: 'test' };
const PASSWORD = 'staff password';

describe.each(databaseKinds)('network staff and site health on $name', (kind) => {
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

  async function staff(role: 'network_admin' | 'network_analyst'): Promise<{ actor: NetworkActor; token: string }> {
    n++;
    const email = `people${n}@rendezvous.example`;
    await createNetworkStaff(db(), { email, name: `People ${n}`, password: PASSWORD, role });
    const first = await networkLogin(db(), { email, password: PASSWORD }, client);
    if (!first.ok || first.step !== 'code') throw new Error('no code');
    const second = await networkLogin(db(), { email, password: PASSWORD, code: first.mail.code }, client);
    if (!second.ok || second.step !== 'session') throw new Error('no session');
    return { actor: second.actor, token: second.token };
  }

  async function enrol(actor: NetworkActor, at: Date): Promise<string> {
    setClockForTests(at);
    const started = await startTotp(db(), actor, client);
    const key = started.pending!.key;
    expect(started.pending!.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(await confirmTotp(db(), actor, totpCode(key, at), client)).toEqual({ ok: true });
    return key;
  }

  it('enrols TOTP only once a first code confirms it; the login then asks for TOTP, and a code is taken once', async () => {
    const { actor } = await staff('network_analyst');
    const at = new Date('2026-06-01T10:00:00Z');
    setClockForTests(at);
    const started = await startTotp(db(), actor, client);
    // Not active until confirmed: the login still mails a code.
    const before = await networkLogin(db(), { email: actor.email, password: PASSWORD }, client);
    expect(before.ok && before.step).toBe('code');
    const wrong = totpCode(started.pending!.key, new Date(at.getTime() + 10 * 60_000));
    expect(await confirmTotp(db(), actor, wrong, client)).toEqual({ ok: false, error: 'invalid_code' });
    expect(await confirmTotp(db(), actor, totpCode(started.pending!.key, at), client)).toEqual({ ok: true });
    expect(await totpEnrolment(db(), actor)).toEqual({ enabled: true, pending: null });

    const later = new Date(at.getTime() + 60_000);
    setClockForTests(later);
    const first = await networkLogin(db(), { email: actor.email, password: PASSWORD }, client);
    expect(first).toMatchObject({ ok: true, step: 'totp' });
    expect('mail' in first).toBe(false);
    const code = totpCode(started.pending!.key, later);
    const opened = await networkLogin(db(), { email: actor.email, password: PASSWORD, code }, client);
    expect(opened).toMatchObject({ ok: true, step: 'session' });
    // The same code again (a replay within its window) opens nothing, even with a new pending login.
    await networkLogin(db(), { email: actor.email, password: PASSWORD }, client);
    expect(await networkLogin(db(), { email: actor.email, password: PASSWORD, code }, client)).toEqual({ ok: false, error: 'invalid_code' });
  });

  it("opens a session with the form's pending-login token and a code, never twice, and limits wrong codes", async () => {
    const { actor } = await staff('network_analyst');
    const at = new Date('2026-06-02T10:00:00Z');
    const key = await enrol(actor, at);
    const next = new Date(at.getTime() + 90_000);
    setClockForTests(next);
    const first = await networkLogin(db(), { email: actor.email, password: PASSWORD }, client);
    if (!first.ok || first.step !== 'totp') throw new Error('expected TOTP');
    expect(await networkLogin(db(), { token: 'x'.repeat(43), code: totpCode(key, next) }, client)).toEqual({ ok: false, error: 'invalid_code' });
    const opened = await networkLogin(db(), { token: first.token, code: totpCode(key, next) }, client);
    expect(opened).toMatchObject({ ok: true, step: 'session' });
    expect(await networkLogin(db(), { token: first.token, code: totpCode(key, new Date(next.getTime() + 30_000)) }, client)).toEqual({ ok: false, error: 'invalid_code' });

    // Five wrong codes spend a pending login: the right one is refused after them.
    const bad = (code: string) => (code === '000000' ? '111111' : '000000');
    const third = new Date(next.getTime() + 5 * 60_000);
    setClockForTests(third);
    const pending = await networkLogin(db(), { email: actor.email, password: PASSWORD }, client);
    if (!pending.ok || pending.step !== 'totp') throw new Error('expected TOTP');
    const right = totpCode(key, third);
    for (let i = 0; i < 5; i++) expect(await networkLogin(db(), { token: pending.token, code: bad(right) }, client)).toEqual({ ok: false, error: 'invalid_code' });
    expect(await networkLogin(db(), { token: pending.token, code: right }, client)).toEqual({ ok: false, error: 'invalid_code' });
    // Ten wrong codes in 15 minutes over new pending logins lock the second step.
    const another = await networkLogin(db(), { email: actor.email, password: PASSWORD }, client);
    if (!another.ok || another.step !== 'totp') throw new Error('expected TOTP');
    for (let i = 0; i < 5; i++) await networkLogin(db(), { token: another.token, code: bad(right) }, client);
    const last = await networkLogin(db(), { email: actor.email, password: PASSWORD }, client);
    if (!last.ok || last.step !== 'totp') throw new Error('expected TOTP');
    expect(await networkLogin(db(), { token: last.token, code: right }, client)).toEqual({ ok: false, error: 'locked' });
    const failed = await db().selectFrom('network_audit').select('detail').where('staff_id', '=', actor.id).where('action', '=', 'login_failed').execute();
    expect(failed.some((row) => row.detail?.step === 'locked')).toBe(true);
  });

  it('takes a try before comparing a code: of 50 wrong codes at once at most 5 are compared, and at most 10 over one person\'s pending logins (issue 43 item 4)', async () => {
    const { actor } = await staff('network_analyst');
    const first = await networkLogin(db(), { email: actor.email, password: PASSWORD }, client);
    if (!first.ok || first.step !== 'code') throw new Error('expected a mailed code');
    const wrong = first.mail.code === '000000' ? '111111' : '000000';
    const results = await Promise.all(Array.from({ length: 50 }, () => networkLogin(db(), { token: first.token, code: wrong }, client)));
    expect(results.every((result) => !result.ok)).toBe(true);
    const compared = async () =>
      (await db().selectFrom('network_audit').select('detail').where('staff_id', '=', actor.id).where('action', '=', 'login_failed').execute()).filter((row) => row.detail?.step === 'code').length;
    expect(await compared()).toBeGreaterThan(0);
    expect(await compared()).toBeLessThanOrEqual(5);
    const row = await db().selectFrom('network_login_codes').select('attempts').where('staff_id', '=', actor.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(5);
    // The pending login is spent: its right code is refused.
    expect(await networkLogin(db(), { token: first.token, code: first.mail.code }, client)).toEqual({ ok: false, error: 'invalid_code' });

    // The per-person window: 50 wrong codes at once over three new pending logins (15 tries between them) take at most 10 in all.
    const pendings: { token: string; mail: { code: string } }[] = [];
    for (let i = 0; i < 3; i++) {
      const next = await networkLogin(db(), { email: actor.email, password: PASSWORD }, client);
      if (!next.ok || next.step !== 'code') throw new Error('expected a mailed code');
      pendings.push(next);
    }
    await Promise.all(Array.from({ length: 50 }, (_, i) => networkLogin(db(), { token: pendings[i % 3]!.token, code: pendings[i % 3]!.mail.code === '000000' ? '111111' : '000000' }, client)));
    const sum = await db().selectFrom('network_login_codes').select((eb) => eb.fn.sum<string>('attempts').as('n')).where('staff_id', '=', actor.id).executeTakeFirstOrThrow();
    expect(Number(sum.n)).toBeLessThanOrEqual(10);
    expect(await compared()).toBeLessThanOrEqual(10);
  });

  it('refuses analysts every staff and audit action in the domain', async () => {
    const { actor: analyst } = await staff('network_analyst');
    const { actor: admin } = await staff('network_admin');
    expect(await listStaff(db(), analyst)).toEqual({ ok: false, error: 'forbidden' });
    expect(await listStaff(db(), null)).toEqual({ ok: false, error: 'forbidden' });
    expect(await inviteStaff(db(), analyst, { email: 'x@rendezvous.example', name: 'X', role: 'network_admin' }, client)).toEqual({ ok: false, error: 'forbidden' });
    expect(await changeStaffRole(db(), analyst, { staffId: analyst.id, role: 'network_admin' }, client)).toEqual({ ok: false, error: 'forbidden' });
    expect(await disableStaff(db(), analyst, { staffId: admin.id }, client)).toEqual({ ok: false, error: 'forbidden' });
    expect(await enableStaff(db(), analyst, { staffId: admin.id }, client)).toEqual({ ok: false, error: 'forbidden' });
    expect(await resetStaffTotp(db(), analyst, { staffId: admin.id }, client)).toEqual({ ok: false, error: 'forbidden' });
    expect(await auditLog(db(), analyst, {})).toEqual({ ok: false, error: 'forbidden' });
    expect((await db().selectFrom('network_staff').select('role').where('id', '=', analyst.id).executeTakeFirstOrThrow()).role).toBe('network_analyst');
  });

  it('invites a colleague who sets their own password, changes roles, disables (ending sessions) and resets TOTP, all audited', async () => {
    const { actor: admin } = await staff('network_admin');
    const invited = await inviteStaff(db(), admin, { email: 'new.colleague@rendezvous.example', name: 'New Colleague', role: 'network_analyst' }, client);
    if (!invited.ok) throw new Error(invited.error);
    expect(await inviteStaff(db(), admin, { email: 'NEW.colleague@rendezvous.example', name: 'Again', role: 'network_admin' }, client)).toEqual({ ok: false, error: 'taken' });
    // No password yet: the login refuses any.
    expect(await networkLogin(db(), { email: 'new.colleague@rendezvous.example', password: 'anything at all' }, client)).toEqual({ ok: false, error: 'invalid' });
    expect(await staffForPasswordToken(db(), invited.value.token)).toMatchObject({ email: 'new.colleague@rendezvous.example' });
    expect(await setStaffPassword(db(), { token: invited.value.token, password: 'a long new password' }, client)).toBe(true);
    expect(await setStaffPassword(db(), { token: invited.value.token, password: 'another long password' }, client)).toBe(false);
    const first = await networkLogin(db(), { email: 'new.colleague@rendezvous.example', password: 'a long new password' }, client);
    if (!first.ok || first.step !== 'code') throw new Error('expected a mailed code');
    const session = await networkLogin(db(), { token: first.token, code: first.mail.code }, client);
    if (!session.ok || session.step !== 'session') throw new Error('expected a session');
    const colleague = session.actor;

    expect(await changeStaffRole(db(), admin, { staffId: colleague.id, role: 'network_admin' }, client)).toEqual({ ok: true, value: undefined });
    expect(await networkActorForSession(db(), `${NETWORK_SESSION_COOKIE}=${session.token}`)).toMatchObject({ role: 'network_admin' });
    expect(await changeStaffRole(db(), admin, { staffId: colleague.id, role: 'network_analyst' }, client)).toMatchObject({ ok: true });

    const key = await enrol(colleague, new Date('2026-06-03T10:00:00Z'));
    expect(key).toBeTruthy();
    expect(await resetStaffTotp(db(), admin, { staffId: colleague.id }, client)).toMatchObject({ ok: true });
    const afterReset = await networkLogin(db(), { email: colleague.email, password: 'a long new password' }, client);
    expect(afterReset.ok && afterReset.step).toBe('code');

    expect(await disableStaff(db(), admin, { staffId: colleague.id }, client)).toMatchObject({ ok: true });
    expect(await networkActorForSession(db(), `${NETWORK_SESSION_COOKIE}=${session.token}`)).toBeNull();
    expect(await networkLogin(db(), { email: colleague.email, password: 'a long new password' }, client)).toEqual({ ok: false, error: 'invalid' });
    expect((await listStaff(db(), admin)).ok && (await listStaff(db(), admin))).toMatchObject({ value: expect.arrayContaining([expect.objectContaining({ email: colleague.email, status: 'disabled', totp: false, invited: false })]) });
    expect(await enableStaff(db(), admin, { staffId: colleague.id }, client)).toMatchObject({ ok: true });

    const log = await auditLog(db(), admin, { staffId: admin.id });
    if (!log.ok) throw new Error(log.error);
    const actions = log.value.entries.map((entry) => entry.action);
    for (const action of ['staff_invite', 'staff_role', 'totp_reset', 'staff_disable', 'staff_enable']) expect(actions).toContain(action);
    expect(log.value.entries.find((entry) => entry.action === 'staff_disable')).toMatchObject({ staff_email: admin.email, ip: '192.0.2.7', detail: { staff_id: colleague.id, sessions_ended: 1 } });
    const onlyRoles = await auditLog(db(), admin, { action: 'staff_role' });
    expect(onlyRoles.ok && onlyRoles.value.entries.every((entry) => entry.action === 'staff_role') && onlyRoles.value.entries.length).toBe(2);
    expect(auditCsv(log.value.entries).split('\r\n')[0]).toBe('id,at,staff_id,staff_email,action,ip,detail');
  });

  it('never lets an admin disable or demote themselves, nor the network lose its last active admin', async () => {
    await db().updateTable('network_staff').set({ status: 'disabled' }).where('role', '=', 'network_admin').execute();
    const { actor: admin } = await staff('network_admin');
    expect(await disableStaff(db(), admin, { staffId: admin.id }, client)).toEqual({ ok: false, error: 'self' });
    expect(await changeStaffRole(db(), admin, { staffId: admin.id, role: 'network_analyst' }, client)).toEqual({ ok: false, error: 'self' });
    const { actor: other } = await staff('network_admin');
    // With a second admin, the first may be demoted by the other; then the other is the last.
    expect(await changeStaffRole(db(), other, { staffId: admin.id, role: 'network_analyst' }, client)).toMatchObject({ ok: true });
    await db().updateTable('network_staff').set({ role: 'network_admin' }).where('id', '=', admin.id).execute();
    // Two admins demoting each other at the same moment: one wins, and the network keeps an admin.
    const { actor: third } = await staff('network_admin');
    await db().updateTable('network_staff').set({ status: 'disabled' }).where('id', '=', other.id).execute();
    const both = await Promise.all([changeStaffRole(db(), third, { staffId: admin.id, role: 'network_analyst' }, client), changeStaffRole(db(), admin, { staffId: third.id, role: 'network_analyst' }, client)]);
    expect(both.filter((result) => result.ok)).toHaveLength(1);
    expect(both.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'last_admin' }]);
    const admins = await db().selectFrom('network_staff').select('id').where('role', '=', 'network_admin').where('status', '=', 'active').execute();
    expect(admins).toHaveLength(1);
    expect(await disableStaff(db(), third, { staffId: 999_999 }, client)).toEqual({ ok: false, error: 'not_found' });
  });

  it('shows site health per site with links to the site console on its own host, to staff only', async () => {
    const at = new Date('2026-06-10T12:00:00Z');
    setClockForTests(new Date('2026-06-08T12:00:00Z'));
    const made = await signUp(db(), herz, { ip: null, origin: 'http://x', locale: 'de' }, {
      email: 'health@example.com', name: 'Health', password: 'a good password', date_of_birth: '1988-01-01', gender: 'male', seeking: 'female',
      country: herz.settings.countries[0]!, terms: true, orientation_consent: true, tracking: { network: 'test' }, ...fitsNiche(herz, 'male'),
    });
    if (!made.ok) throw new Error(made.error);
    const user = made.user;
    await db().updateTable('users').set({ notifications_disabled: ['bounce', 'fbl'] }).where('id', '=', user.id).execute();
    await db().insertInto('photos').values({ profile_id: user.profile_id!, filename: 'p.jpg', thumb_filename: 't.jpg', width: 10, height: 10, review: 'pending', public: false }).execute();
    const complaint = (created: Date) => ({ tenant_id: herz.id, reference: `R-${created.getTime()}`, source: 'form' as const, category: 'spam' as const, reporter_locale: 'de', description: 'A complaint long enough to count.', created_at: created });
    await db().insertInto('complaints').values([complaint(new Date('2026-06-09T06:00:00Z')), complaint(new Date('2026-06-10T06:00:00Z'))]).execute();
    const postback = async (status: 'failed' | 'sent', created: Date) => {
      const row = await db().insertInto('postbacks').values({ tenant_id: herz.id, event: 'lead', subject: `s-${created.getTime()}-${status}`, network: 'demo', next_attempt_at: created, created_at: created }).returning('id').executeTakeFirstOrThrow();
      await db().updateTable('postbacks').set({ status }).where('id', '=', row.id).execute();
    };
    await postback('failed', new Date('2026-06-09T00:00:00Z'));
    await postback('sent', new Date('2026-06-09T00:00:00Z'));
    // Older than the 7 days: not counted.
    await postback('failed', new Date('2026-05-01T00:00:00Z'));

    const { actor: analyst } = await staff('network_analyst');
    const siteHome = (tenant: { id: string }) => `http://${tenant.id}.localhost:4321`;
    expect(await networkHealth(db(), null, { tenants, at, siteHome })).toEqual({ ok: false, error: 'forbidden' });
    const health = await networkHealth(db(), analyst, { tenants, at, siteHome });
    if (!health.ok) throw new Error(health.error);
    const site = health.value.find((s) => s.id === herz.id)!;
    expect(site.figures).toMatchObject({ postback_failures: 1, mail_bounces: 1, spam_complaints: 1, complaints_overdue: 1, photos_pending: 1 });
    expect(site.links.complaints_overdue).toBe(`http://${herz.id}.localhost:4321/operator/complaints`);
    expect(site.links.photos_pending).toBe(`http://${herz.id}.localhost:4321/operator/photos`);
    // Another site sees none of it.
    expect(health.value.find((s) => s.id === flirt.id)!.figures).toMatchObject({ postback_failures: 0, mail_bounces: 0, complaints_overdue: 0, photos_pending: 0 });
  });
});
