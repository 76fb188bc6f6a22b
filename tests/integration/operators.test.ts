// The operator console's domain on both databases (issue 15, docs/decisions/0021): the claim lock
// under operators claiming at once, takeover after expiry, tenant isolation, the audit log, an answer
// reaching the member's live channel, the queue, flags and statistics — and what operators never see.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/.server/db/database';
import { setClockForTests } from '~/.server/clock';
import { createLocalBus, memberChannel, operatorChannel, type BusEvent } from '~/.server/events/bus';
import { addOperator, logInOperator, setOperatorPassword, setPasswordTokenOwner } from '~/.server/operators/accounts';
import { CLAIM_MINUTES, claimConversation, releaseConversation } from '~/.server/operators/claims';
import { conversationFlagged, flagConversation, resolveFlag } from '~/.server/operators/flags';
import { addNote } from '~/.server/operators/notes';
import { operatorQueue } from '~/.server/operators/queue';
import { replyAsProfile, type ReplyDeps } from '~/.server/operators/reply';
import { operatorStats } from '~/.server/operators/stats';
import { operatorWorkspace } from '~/.server/operators/workspace';
import { loadTenants } from '~/.server/tenants/registry';
import type { MessageEvent } from '~/shared/chat-types';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { confirmedMember, fictionalProfile, memberWrites, operatorOn } from '../support/operators';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
const prefix = () => '/media/';

describe.each(databaseKinds)('operator console on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const bus = createLocalBus();
  const deps: ReplyDeps = { events: bus, tenantOf: (id) => tenants.find((t) => t.id === id), gifts: null };

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  afterEach(() => setClockForTests(null));

  async function waitingConversation(tenant = flirt) {
    const member = await confirmedMember(database.db, tenant);
    const profile = await fictionalProfile(database.db);
    const conversation = await memberWrites(database.db, tenant, member, profile, 'Hi! Do you like walking by the sea?');
    return { member, profile, conversation };
  }

  it('lets exactly one of several operators claiming at once hold the claim; the others learn who holds it', async () => {
    const { conversation } = await waitingConversation();
    const operators = await Promise.all(Array.from({ length: 6 }, (_, i) => operatorOn(database.db, ['flirtlokaal'], `Racer${i}`)));
    const results = await Promise.all(operators.map((operator) => claimConversation(database.db, bus, operator, { conversation })));
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    const winner = operators[results.findIndex((r) => r.ok)]!;
    for (const loser of results.filter((r) => !r.ok)) expect(loser).toMatchObject({ ok: false, error: 'claimed_by_other', claim: { operatorId: winner.id, operator: winner.name, mine: false } });
    const claims = await database.db.selectFrom('operator_audit').select('operator_id').where('conversation_id', '=', conversation).where('action', '=', 'claim').execute();
    expect(claims).toEqual([{ operator_id: winner.id }]);
  });

  it('lets only the holder answer, and two operators answering at once never both get through', async () => {
    const { conversation } = await waitingConversation();
    const [a, b] = await Promise.all([operatorOn(database.db, ['flirtlokaal'], 'Ann'), operatorOn(database.db, ['flirtlokaal'], 'Bob')]);
    expect(await replyAsProfile(database.db, deps, a!, { kind: 'text', conversation, text: 'Unclaimed' })).toEqual({ ok: false, error: 'claim_required' });
    const claims = await Promise.all([claimConversation(database.db, bus, a!, { conversation }), claimConversation(database.db, bus, b!, { conversation })]);
    expect(claims.filter((c) => c.ok)).toHaveLength(1);
    const answers = await Promise.all([a!, b!].map((op) => replyAsProfile(database.db, deps, op, { kind: 'text', conversation, text: `Answer by ${op.name}` })));
    expect(answers.filter((r) => r.ok)).toHaveLength(1);
    expect(answers.filter((r) => !r.ok)).toEqual([{ ok: false, error: 'claim_required' }]);
    const stored = await database.db.selectFrom('messages').select('body').where('conversation_id', '=', conversation).where('from_fictional', '=', true).execute();
    expect(stored).toHaveLength(1);
  });

  it('keeps a claim for ten minutes, then lets another operator take it over (audited as a takeover)', async () => {
    const { conversation } = await waitingConversation();
    const [a, b] = await Promise.all([operatorOn(database.db, ['flirtlokaal'], 'Early'), operatorOn(database.db, ['flirtlokaal'], 'Late')]);
    const start = new Date('2030-01-01T10:00:00Z');
    setClockForTests(start);
    expect(await claimConversation(database.db, bus, a!, { conversation })).toMatchObject({ ok: true, action: 'claim' });
    setClockForTests(new Date(start.getTime() + (CLAIM_MINUTES * 60 - 1) * 1000));
    expect(await claimConversation(database.db, bus, b!, { conversation })).toMatchObject({ ok: false, error: 'claimed_by_other' });
    setClockForTests(new Date(start.getTime() + CLAIM_MINUTES * 60_000 + 1000));
    // Expired: the first operator can no longer answer, the second takes over.
    expect(await replyAsProfile(database.db, deps, a!, { kind: 'text', conversation, text: 'Too late' })).toEqual({ ok: false, error: 'claim_required' });
    expect(await claimConversation(database.db, bus, b!, { conversation })).toMatchObject({ ok: true, action: 'takeover' });
    const takeover = await database.db.selectFrom('operator_audit').selectAll().where('conversation_id', '=', conversation).where('action', '=', 'takeover').executeTakeFirstOrThrow();
    expect(takeover).toMatchObject({ operator_id: b!.id, tenant_id: 'flirtlokaal' });
    expect(takeover.detail).toMatchObject({ from: a!.name });
  });

  it('releases a claim only for its holder, back to the queue', async () => {
    const { conversation } = await waitingConversation();
    const [a, b] = await Promise.all([operatorOn(database.db, ['flirtlokaal']), operatorOn(database.db, ['flirtlokaal'])]);
    await claimConversation(database.db, bus, a!, { conversation });
    expect(await releaseConversation(database.db, bus, b!, { conversation })).toEqual({ ok: false, error: 'not_claimed' });
    expect(await releaseConversation(database.db, bus, a!, { conversation })).toEqual({ ok: true });
    expect(await claimConversation(database.db, bus, b!, { conversation })).toMatchObject({ ok: true, action: 'claim' });
  });

  it('delivers an answer to the member live, marked fictional, free, counted as unread, and takes the conversation out of the queue', async () => {
    const { member, profile, conversation } = await waitingConversation();
    const operator = await operatorOn(database.db, ['flirtlokaal']);
    const received: BusEvent[] = [];
    const queueEvents: BusEvent[] = [];
    const stop = bus.subscribe(memberChannel('flirtlokaal', member.id), (event) => received.push(event));
    const stopQueue = bus.subscribe(operatorChannel('flirtlokaal'), (event) => queueEvents.push(event));
    const creditsBefore = (await database.db.selectFrom('users').select('credits').where('id', '=', member.id).executeTakeFirstOrThrow()).credits;

    expect((await operatorQueue(database.db, operator, {}, prefix)).items.map((i) => i.conversation)).toContain(conversation);
    await claimConversation(database.db, bus, operator, { conversation });
    const result = await replyAsProfile(database.db, deps, operator, { kind: 'text', conversation, text: 'Yes, I love the sea!' });
    stop();
    stopQueue();
    expect(result.ok).toBe(true);

    const message = received.find((e) => e.type === 'message')!.data as MessageEvent;
    expect(message).toMatchObject({ conversation, profile: { id: profile.id, fictional: true }, message: { kind: 'text', text: 'Yes, I love the sea!', fictional: true, credits: 0, sender: profile.id } });
    expect(received.find((e) => e.type === 'read')?.data).toMatchObject({ conversation });
    expect(queueEvents.map((e) => e.data)).toContainEqual({ conversation, change: 'answered' });

    const side = await database.db.selectFrom('conversation_sides').select('unread').where('conversation_id', '=', conversation).where('profile_id', '=', member.profile_id).executeTakeFirstOrThrow();
    expect(side.unread).toBe(1);
    const row = await database.db.selectFrom('conversations').select(['awaiting_reply_since', 'last_message_id']).where('id', '=', conversation).executeTakeFirstOrThrow();
    expect(row).toEqual({ awaiting_reply_since: null, last_message_id: result.ok ? result.message.id : -1 });
    expect((await database.db.selectFrom('users').select('credits').where('id', '=', member.id).executeTakeFirstOrThrow()).credits).toBe(creditsBefore);
    expect((await operatorQueue(database.db, operator, {}, prefix)).items.map((i) => i.conversation)).not.toContain(conversation);
  });

  it('answers with one of the profile\'s own photos, never another profile\'s, and refuses a gift without a catalogue', async () => {
    const { profile, conversation } = await waitingConversation();
    const other = await fictionalProfile(database.db, 'Other');
    const operator = await operatorOn(database.db, ['flirtlokaal']);
    await claimConversation(database.db, bus, operator, { conversation });
    expect(await replyAsProfile(database.db, deps, operator, { kind: 'photo', conversation, photo: other.photos[0]! })).toEqual({ ok: false, error: 'photo_not_found' });
    expect(await replyAsProfile(database.db, deps, operator, { kind: 'gift', conversation, gift: 'rose' })).toEqual({ ok: false, error: 'gift_unavailable' });
    const photo = await replyAsProfile(database.db, deps, operator, { kind: 'photo', conversation, photo: profile.photos[1]! });
    expect(photo).toMatchObject({ ok: true, message: { kind: 'photo', photo: { url: `/media/demo/${profile.id}-1.webp` }, fictional: true } });
    const rose = { id: 'rose', name: 'Rose', image: '/gifts/rose.svg', credits: 5 };
    const gift = await replyAsProfile(database.db, { ...deps, gifts: (id) => (id === 'rose' ? rose : null) }, operator, { kind: 'gift', conversation, gift: 'rose' });
    expect(gift).toMatchObject({ ok: true, message: { kind: 'gift', gift: rose, credits: 0 } });
  });

  it('stores a retried answer with the same client_id once', async () => {
    const { conversation } = await waitingConversation();
    const operator = await operatorOn(database.db, ['flirtlokaal']);
    await claimConversation(database.db, bus, operator, { conversation });
    const first = await replyAsProfile(database.db, deps, operator, { kind: 'text', conversation, text: 'Once', client_id: 'op-1' });
    const again = await replyAsProfile(database.db, deps, operator, { kind: 'text', conversation, text: 'Once', client_id: 'op-1' });
    expect(again).toMatchObject({ ok: true, duplicate: true, message: { id: first.ok ? first.message.id : -1 } });
    expect(await database.db.selectFrom('messages').select('id').where('conversation_id', '=', conversation).where('from_fictional', '=', true).execute()).toHaveLength(1);
  });

  it('refuses an answer to a member whose e-mail is unconfirmed or who blocked the profile, and a text over the tenant\'s message length', async () => {
    const { member, profile, conversation } = await waitingConversation();
    const operator = await operatorOn(database.db, ['flirtlokaal']);
    await claimConversation(database.db, bus, operator, { conversation });
    expect(await replyAsProfile(database.db, deps, operator, { kind: 'text', conversation, text: 'x'.repeat(flirt.settings.message_length + 1) })).toEqual({ ok: false, error: 'too_long', max: flirt.settings.message_length });
    await database.db.updateTable('users').set({ status: 'not_confirmed' }).where('id', '=', member.id).execute();
    expect(await replyAsProfile(database.db, deps, operator, { kind: 'text', conversation, text: 'Hi' })).toEqual({ ok: false, error: 'member_unconfirmed' });
    await database.db.updateTable('users').set({ status: 'confirmed' }).where('id', '=', member.id).execute();
    await database.db.insertInto('blocks').values({ blocker_profile_id: member.profile_id, blocked_profile_id: profile.id }).execute();
    expect(await replyAsProfile(database.db, deps, operator, { kind: 'text', conversation, text: 'Hi' })).toEqual({ ok: false, error: 'blocked' });
  });

  it('keeps each operator to their own tenants: another tenant\'s conversation is not found for any action', async () => {
    const { conversation } = await waitingConversation(herz);
    const flirtOnly = await operatorOn(database.db, ['flirtlokaal']);
    const both = await operatorOn(database.db, ['flirtlokaal', 'herzklopfen']);
    expect((await operatorQueue(database.db, flirtOnly, {}, prefix)).items.map((i) => i.conversation)).not.toContain(conversation);
    expect((await operatorQueue(database.db, flirtOnly, { tenant: 'herzklopfen' }, prefix)).items.map((i) => i.conversation)).not.toContain(conversation);
    expect(await claimConversation(database.db, bus, flirtOnly, { conversation })).toEqual({ ok: false, error: 'not_found' });
    expect(await replyAsProfile(database.db, deps, flirtOnly, { kind: 'text', conversation, text: 'Hi' })).toEqual({ ok: false, error: 'not_found' });
    expect(await addNote(database.db, bus, flirtOnly, { conversation, note: 'Peek' })).toEqual({ ok: false, error: 'not_found' });
    expect(await flagConversation(database.db, bus, flirtOnly, { conversation, reason: 'other' })).toEqual({ ok: false, error: 'not_found' });
    expect(await operatorWorkspace(database.db, flirtOnly, conversation, { cdnPrefix: '/media/', gifts: null, photosOfMember: true })).toBeNull();
    expect((await operatorStats(database.db, flirtOnly, { days: 7, tenant: 'herzklopfen' })).perTenantDay.every((row) => row.tenantId === 'flirtlokaal')).toBe(true);
    // An operator of both tenants sees it, and can filter by tenant.
    expect((await operatorQueue(database.db, both, { tenant: 'herzklopfen' }, prefix)).items.every((i) => i.tenantId === 'herzklopfen')).toBe(true);
    expect((await operatorQueue(database.db, both, { tenant: 'herzklopfen' }, prefix)).items.map((i) => i.conversation)).toContain(conversation);
    expect((await operatorQueue(database.db, both, { tenant: 'flirtlokaal' }, prefix)).items.map((i) => i.conversation)).not.toContain(conversation);
  });

  it('never reaches a conversation between two members', async () => {
    const a = await confirmedMember(database.db, flirt);
    const b = await confirmedMember(database.db, flirt);
    const conversation = (
      await database.db
        .insertInto('conversations')
        .values({ tenant_id: 'flirtlokaal', profile_low: Math.min(a.profile_id, b.profile_id), profile_high: Math.max(a.profile_id, b.profile_id), started_by_profile_id: a.profile_id, fictional: false, last_message_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const operator = await operatorOn(database.db, ['flirtlokaal']);
    expect(await claimConversation(database.db, bus, operator, { conversation })).toEqual({ ok: false, error: 'not_found' });
    expect(await operatorWorkspace(database.db, operator, conversation, { cdnPrefix: '/media/', gifts: null, photosOfMember: true })).toBeNull();
  });

  it('writes every claim, reply, note, flag, unflag and release to the audit log with operator, time and conversation', async () => {
    const { member, conversation } = await waitingConversation();
    const operator = await operatorOn(database.db, ['flirtlokaal']);
    const at = new Date('2030-02-02T12:00:00Z');
    setClockForTests(at);
    await claimConversation(database.db, bus, operator, { conversation });
    await replyAsProfile(database.db, deps, operator, { kind: 'text', conversation, text: 'Hello!' });
    await addNote(database.db, bus, operator, { conversation, note: 'Persona said she has a dog called Max.' });
    const memberMessage = await database.db.selectFrom('messages').select('id').where('conversation_id', '=', conversation).where('sender_profile_id', '=', member.profile_id).executeTakeFirstOrThrow();
    const flag = await flagConversation(database.db, bus, operator, { conversation, reason: 'meeting', message: memberMessage.id, comment: 'Wants to meet on Saturday' });
    expect(await conversationFlagged(database.db, conversation)).toBe(true);
    await resolveFlag(database.db, bus, operator, { conversation, flag: flag.ok ? flag.flag : -1 });
    expect(await conversationFlagged(database.db, conversation)).toBe(false);
    await releaseConversation(database.db, bus, operator, { conversation });
    const log = await database.db.selectFrom('operator_audit').selectAll().where('conversation_id', '=', conversation).orderBy('id').execute();
    expect(log.map((r) => r.action)).toEqual(['claim', 'reply', 'note', 'flag', 'unflag', 'release']);
    for (const row of log) {
      expect(row).toMatchObject({ operator_id: operator.id, tenant_id: 'flirtlokaal', conversation_id: conversation });
      // The clock was set to `at` and runs on from there.
      expect(row.created_at.getTime() - at.getTime()).toBeGreaterThanOrEqual(0);
      expect(row.created_at.getTime() - at.getTime()).toBeLessThan(60_000);
    }
    expect(log[1]!.message_id).not.toBeNull();
    expect(log[3]).toMatchObject({ action: 'flag', message_id: memberMessage.id });
  });

  it('flags only the member\'s own messages of that conversation', async () => {
    const { conversation } = await waitingConversation();
    const elsewhere = await waitingConversation();
    const foreign = await database.db.selectFrom('messages').select('id').where('conversation_id', '=', elsewhere.conversation).executeTakeFirstOrThrow();
    const operator = await operatorOn(database.db, ['flirtlokaal']);
    expect(await flagConversation(database.db, bus, operator, { conversation, reason: 'threat', message: foreign.id })).toEqual({ ok: false, error: 'not_found' });
    expect(await conversationFlagged(database.db, conversation)).toBe(false);
  });

  it('shows the operator the member\'s card without e-mail address, credits or payments, and the persona with all its photos', async () => {
    const { member, profile, conversation } = await waitingConversation();
    const operator = await operatorOn(database.db, ['flirtlokaal']);
    await addNote(database.db, bus, operator, { conversation, note: 'Keep it light.' });
    const workspace = (await operatorWorkspace(database.db, operator, conversation, { cdnPrefix: '/media/', gifts: null, photosOfMember: true }))!;
    const queue = await operatorQueue(database.db, operator, {}, prefix);
    const everything = JSON.stringify({ workspace, queue });
    expect(everything).not.toContain(member.email);
    expect(everything).not.toMatch(/@members\.example|credits|paid_user|payment/i);
    expect(workspace.member).toMatchObject({ id: member.profile_id, language: 'en' });
    expect(workspace.profile.photos.map((p) => p.id)).toEqual(profile.photos);
    expect(workspace.profile.interests).toEqual(['travelling', 'cooking']);
    expect(workspace.messages).toMatchObject([{ fromProfile: false, text: 'Hi! Do you like walking by the sea?' }]);
    expect(workspace.notes).toMatchObject([{ body: 'Keep it light.', operator: operator.name }]);
  });

  it('lists the queue oldest first and filters it by profile', async () => {
    const operator = await operatorOn(database.db, ['bellacurva']);
    const bella = tenants.find((t) => t.id === 'bellacurva')!;
    const member = await confirmedMember(database.db, bella);
    const [p1, p2] = [await fictionalProfile(database.db), await fictionalProfile(database.db)];
    const late = await memberWrites(database.db, bella, member, p1, 'later', new Date(Date.now() - 60_000));
    const early = await memberWrites(database.db, bella, member, p2, 'earlier', new Date(Date.now() - 3600_000));
    const queue = await operatorQueue(database.db, operator, {}, prefix);
    expect(queue.items.map((i) => i.conversation)).toEqual([early, late]);
    expect(queue.total).toBe(2);
    expect(queue.tenants).toEqual([{ id: 'bellacurva', waiting: 2 }]);
    expect((await operatorQueue(database.db, operator, { profile: p1.id }, prefix)).items.map((i) => i.conversation)).toEqual([late]);
  });

  it('counts queue length, median and p95 time to answer, answers per operator, tenant and day', async () => {
    const rainbow = tenants.find((t) => t.id === 'rainbowhearts')!;
    const [a, b] = [await operatorOn(database.db, ['rainbowhearts'], 'Stat'), await operatorOn(database.db, ['rainbowhearts'], 'Tics')];
    const member = await confirmedMember(database.db, rainbow);
    const base = new Date('2030-03-03T09:00:00Z');
    // Members waited 1, 2, 3 and 10 minutes; a fifth still waits.
    const waits = [1, 2, 3, 10];
    for (const [i, minutes] of waits.entries()) {
      const profile = await fictionalProfile(database.db);
      const conversation = await memberWrites(database.db, rainbow, member, profile, 'Hi', base);
      setClockForTests(new Date(base.getTime() + minutes * 60_000));
      const operator = i < 3 ? a! : b!;
      await claimConversation(database.db, bus, operator, { conversation });
      expect((await replyAsProfile(database.db, deps, operator, { kind: 'text', conversation, text: 'Hello!' })).ok).toBe(true);
    }
    await memberWrites(database.db, rainbow, member, await fictionalProfile(database.db), 'Still waiting', base);
    const stats = await operatorStats(database.db, a!, { days: 1 });
    expect(stats.queue).toEqual({ waiting: 1, oldestSince: base.toISOString() });
    expect(stats.overall).toEqual({ answers: 4, median: 150, p95: Math.round(180 + 0.85 * 420) });
    expect(stats.perOperator).toEqual([
      { operator: a!.name, answers: 3, median: 120, p95: Math.round(120 + 0.9 * 60) },
      { operator: b!.name, answers: 1, median: 600, p95: 600 },
    ]);
    expect(stats.perTenantDay).toEqual([{ day: '2030-03-03', tenantId: 'rainbowhearts', answers: 4, median: 150, p95: 537 }]);
  });

  it('creates an operator with a one-time set-password link, then lets them log in on their tenant only', async () => {
    const added = await addOperator(database.db, flirt, { email: 'New.Operator@Staff.example' });
    if (!added.ok) throw new Error(added.error);
    expect(await setPasswordTokenOwner(database.db, flirt, added.token)).toMatchObject({ email: 'new.operator@staff.example' });
    expect(await setPasswordTokenOwner(database.db, herz, added.token)).toBeNull();
    expect(await setOperatorPassword(database.db, flirt, { token: added.token, password: 'operator password 1' })).toMatchObject({ ok: true });
    expect(await setOperatorPassword(database.db, flirt, { token: added.token, password: 'operator password 2' })).toEqual({ ok: false, error: 'invalid_token' });
    expect(await logInOperator(database.db, flirt, { ip: '10.0.0.1' }, { email: 'new.operator@staff.example', password: 'operator password 1' })).toMatchObject({ ok: true });
    expect(await logInOperator(database.db, herz, { ip: '10.0.0.1' }, { email: 'new.operator@staff.example', password: 'operator password 1' })).toEqual({ ok: false, error: 'login_failed' });
    // A second tenant for the same address adds to the same account.
    const again = await addOperator(database.db, herz, { email: 'new.operator@staff.example' });
    expect(again).toMatchObject({ ok: true, created: false, operatorId: added.operatorId });
    const audit = await database.db.selectFrom('operator_audit').select(['action', 'tenant_id']).where('operator_id', '=', added.operatorId).execute();
    expect(audit).toEqual([{ action: 'login', tenant_id: 'flirtlokaal' }]);
  });
});
