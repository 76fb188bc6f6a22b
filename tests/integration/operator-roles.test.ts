// Operator roles on both databases (issue 25 item 6, docs/decisions/0029): an operator may do only
// what a role of theirs allows, per tenant; the answering console is the answerers'; the team is its
// admins' — who invite operators by mail, change roles and take operators off their own tenant only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/.server/db/database';
import { createLocalBus } from '~/.server/events/bus';
import { addOperator } from '~/.server/operators/accounts';
import { claimConversation } from '~/.server/operators/claims';
import { conversationAudit } from '~/.server/operators/audit';
import { operatorActor } from '~/.server/operators/operator';
import { operatorQueue } from '~/.server/operators/queue';
import { hasRole, parseRoles, rolesAnywhere, tenantsWithRole } from '~/.server/operators/roles';
import { operatorStats } from '~/.server/operators/stats';
import { inviteOperator, listTeam, removeFromTeam, setTeamRoles } from '~/.server/operators/team';
import { operatorWorkspace } from '~/.server/operators/workspace';
import { createOperatorSession } from '~/.server/operators/sessions';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { confirmedMember, fictionalProfile, memberWrites, operatorOn } from '../support/operators';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
const prefix = () => '/media/';

describe('role names', () => {
  it('reads repeated and comma-separated roles, with the aliases other tools use, in a fixed order', () => {
    expect(parseRoles(['admin', 'answering,moderation'])).toEqual({ ok: true, roles: ['answering', 'moderation', 'admin'] });
    expect(parseRoles(['marketer', 'complaints'])).toEqual({ ok: true, roles: ['moderation', 'marketing'] });
    expect(parseRoles(['answering', 'owner'])).toEqual({ ok: false, unknown: 'owner' });
    expect(parseRoles([' , '])).toEqual({ ok: true, roles: [] });
  });
});

describe.each(databaseKinds)('operator roles on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const bus = createLocalBus();

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function waiting(tenant = flirt) {
    const member = await confirmedMember(database.db, tenant);
    const profile = await fictionalProfile(database.db);
    return memberWrites(database.db, tenant, member, profile, 'Hello, anyone there?');
  }

  it('keeps the answering console to answerers: a moderator, marketer or admin without answering sees no queue and can claim or open nothing', async () => {
    const conversation = await waiting();
    const answerer = await operatorOn(database.db, ['flirtlokaal'], 'Answerer');
    expect((await operatorQueue(database.db, answerer, {}, prefix)).items.map((i) => i.conversation)).toContain(conversation);
    for (const roles of [['moderation'], ['marketing'], ['admin']] as const) {
      const other = await operatorOn(database.db, ['flirtlokaal'], 'Other', [...roles]);
      expect(await operatorQueue(database.db, other, {}, prefix)).toMatchObject({ items: [], total: 0 });
      expect(await claimConversation(database.db, bus, other, { conversation })).toEqual({ ok: false, error: 'not_found' });
      expect(await operatorWorkspace(database.db, other, conversation, { cdnPrefix: '/media/', gifts: null, photosOfMember: true })).toBeNull();
      expect(await conversationAudit(database.db, other, conversation)).toEqual([]);
    }
  });

  it('gives roles per tenant: an answerer of one site and moderator of another answers only the first', async () => {
    const here = await waiting(flirt);
    const there = await waiting(herz);
    const operator = await operatorOn(database.db, ['flirtlokaal'], 'Split');
    await database.db.insertInto('operator_tenants').values({ operator_id: operator.id, tenant_id: 'herzklopfen', roles: ['moderation'] }).execute();
    const actor = (await operatorActor(database.db, operator.id))!;
    expect(actor.roles).toEqual({ flirtlokaal: ['answering'], herzklopfen: ['moderation'] });
    expect(tenantsWithRole(actor, 'answering')).toEqual(['flirtlokaal']);
    expect(hasRole(actor, 'herzklopfen', 'answering')).toBe(false);
    expect(rolesAnywhere(actor)).toEqual(['answering', 'moderation']);
    const queue = (await operatorQueue(database.db, actor, {}, prefix)).items.map((i) => i.conversation);
    expect(queue).toContain(here);
    expect(queue).not.toContain(there);
    expect((await operatorQueue(database.db, actor, { tenant: 'herzklopfen' }, prefix)).items.map((i) => i.conversation)).not.toContain(there);
    expect(await claimConversation(database.db, bus, actor, { conversation: there })).toEqual({ ok: false, error: 'not_found' });
    expect((await claimConversation(database.db, bus, actor, { conversation: here })).ok).toBe(true);
    // Statistics of answering are for answerers and admins of the tenant.
    const moderator = await operatorOn(database.db, ['flirtlokaal'], 'Mod', ['moderation']);
    expect((await operatorStats(database.db, moderator, { days: 7 })).queue.waiting).toBe(0);
    expect((await operatorStats(database.db, actor, { days: 7 })).queue.waiting).toBeGreaterThan(0);
  });

  it('holds the role names in the database: no unknown role, no operator without a role', async () => {
    const operator = await operatorOn(database.db, ['flirtlokaal'], 'Held');
    await expect(sql`update operator_tenants set roles = array['owner'] where operator_id = ${operator.id}`.execute(database.db)).rejects.toThrow();
    await expect(sql`update operator_tenants set roles = array[]::text[] where operator_id = ${operator.id}`.execute(database.db)).rejects.toThrow();
    // An operator added without roles, as before roles existed, answers.
    const plain = await database.db.insertInto('operators').values({ email: 'plain@staff.example', name: 'Plain', language: 'en' }).returning('id').executeTakeFirstOrThrow();
    await database.db.insertInto('operator_tenants').values({ operator_id: plain.id, tenant_id: 'flirtlokaal' }).execute();
    expect((await operatorActor(database.db, plain.id))!.roles).toEqual({ flirtlokaal: ['answering'] });
  });

  it('adds an operator with the given roles, replacing the roles of an existing one for that tenant only', async () => {
    const added = await addOperator(database.db, flirt, { email: 'Roles@Staff.example', roles: ['moderation', 'admin'] });
    expect(added).toMatchObject({ ok: true, created: true, roles: ['moderation', 'admin'] });
    const id = added.ok ? added.operatorId : 0;
    await addOperator(database.db, herz, { email: 'roles@staff.example', roles: ['marketing'] });
    await addOperator(database.db, flirt, { email: 'roles@staff.example', roles: ['answering'] });
    expect((await operatorActor(database.db, id))!.roles).toEqual({ flirtlokaal: ['answering'], herzklopfen: ['marketing'] });
    expect(await addOperator(database.db, flirt, { email: 'x@staff.example', roles: [] })).toEqual({ ok: false, error: 'no_roles' });
  });

  it("lets only the tenant's admins see and change its team", async () => {
    const admin = await operatorOn(database.db, ['flirtlokaal'], 'Boss', ['admin']);
    const colleague = await operatorOn(database.db, ['flirtlokaal'], 'Colleague', ['answering']);
    const elsewhere = await operatorOn(database.db, ['herzklopfen'], 'Elsewhere', ['answering']);
    const notAdmin = await operatorOn(database.db, ['flirtlokaal'], 'Plain', ['answering', 'moderation', 'marketing']);

    const team = (await listTeam(database.db, flirt, admin))!;
    expect(team.map((m) => m.id)).toEqual(expect.arrayContaining([admin.id, colleague.id]));
    expect(team.map((m) => m.id)).not.toContain(elsewhere.id);
    expect(team.find((m) => m.id === admin.id)).toMatchObject({ self: true, roles: ['admin'] });
    expect(await listTeam(database.db, flirt, notAdmin)).toBeNull();
    // An admin of one tenant is nobody on another.
    expect(await listTeam(database.db, herz, admin)).toBeNull();
    expect(await setTeamRoles(database.db, herz, admin, { operator: elsewhere.id, roles: ['admin'] })).toEqual({ ok: false, error: 'forbidden' });
    expect(await setTeamRoles(database.db, flirt, admin, { operator: elsewhere.id, roles: ['admin'] })).toEqual({ ok: false, error: 'not_found' });
    expect(await removeFromTeam(database.db, flirt, admin, { operator: elsewhere.id })).toEqual({ ok: false, error: 'not_found' });
    expect(await setTeamRoles(database.db, flirt, notAdmin, { operator: notAdmin.id, roles: ['admin'] })).toEqual({ ok: false, error: 'forbidden' });

    expect(await setTeamRoles(database.db, flirt, admin, { operator: colleague.id, roles: ['moderation'] })).toEqual({ ok: true });
    expect((await operatorActor(database.db, colleague.id))!.roles).toEqual({ flirtlokaal: ['moderation'] });
    expect(await setTeamRoles(database.db, flirt, admin, { operator: colleague.id, roles: [] })).toEqual({ ok: false, error: 'no_roles' });
    // An admin keeps their own admin role and cannot remove themselves.
    expect(await setTeamRoles(database.db, flirt, admin, { operator: admin.id, roles: ['answering'] })).toEqual({ ok: false, error: 'own_admin' });
    expect(await removeFromTeam(database.db, flirt, admin, { operator: admin.id })).toEqual({ ok: false, error: 'own_admin' });

    // Removing ends the colleague's sessions on this tenant; the audit names who did it to whom.
    await createOperatorSession(database.db, flirt, colleague.id, { ip: null, userAgent: null });
    expect(await removeFromTeam(database.db, flirt, admin, { operator: colleague.id })).toEqual({ ok: true });
    expect(await database.db.selectFrom('operator_sessions').select('id').where('operator_id', '=', colleague.id).execute()).toEqual([]);
    expect((await operatorActor(database.db, colleague.id))!.tenantIds).toEqual([]);
    const audit = await database.db.selectFrom('operator_audit').select(['action', 'subject_operator_id']).where('operator_id', '=', admin.id).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'roles', subject_operator_id: colleague.id },
      { action: 'remove', subject_operator_id: colleague.id },
    ]);
  });

  it('invites an operator by mail with a one-time link in the chosen language; the admin never sees the token', async () => {
    const admin = await operatorOn(database.db, ['flirtlokaal'], 'Inviter', ['admin']);
    const result = await inviteOperator(database.db, flirt, admin, { email: 'New.Colleague@staff.example', name: 'Nina', language: 'de', roles: ['moderation'], origin: 'https://flirtlokaal.example' });
    expect(result).toEqual({ ok: true, operatorId: expect.any(Number) });
    const invited = (await operatorActor(database.db, result.ok ? result.operatorId : 0))!;
    expect(invited).toMatchObject({ name: 'Nina', language: 'de', roles: { flirtlokaal: ['moderation'] } });
    const mail = await database.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text', 'kind']).where('to_address', '=', 'new.colleague@staff.example').executeTakeFirstOrThrow();
    expect(mail.kind).toBe('operator_invitation');
    expect(mail.subject).toContain('Einladung');
    expect(mail.text).toMatch(/https:\/\/flirtlokaal\.example\/operator\/set-password\?token=[\w-]{40,}/);
    expect(await database.db.selectFrom('operator_audit').select(['action', 'subject_operator_id']).where('operator_id', '=', admin.id).execute()).toEqual([{ action: 'invite', subject_operator_id: invited.id }]);
    expect(await inviteOperator(database.db, flirt, admin, { email: 'not an address', language: 'en', roles: ['answering'], origin: 'x' })).toEqual({ ok: false, error: 'invalid_email' });
    const nobody = await operatorOn(database.db, ['flirtlokaal'], 'Nobody', ['answering']);
    expect(await inviteOperator(database.db, flirt, nobody, { email: 'sneaky@staff.example', language: 'en', roles: ['admin'], origin: 'x' })).toEqual({ ok: false, error: 'forbidden' });
    expect(await database.db.selectFrom('operators').select('id').where('email', '=', 'sneaky@staff.example').execute()).toEqual([]);
  });
});
