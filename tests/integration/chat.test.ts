// The chat in the domain layer (issue 14), on PGlite and PostgreSQL: sending texts, gifts and photos
// through the credit ledger (one transaction, idempotent per client_id, no spend without cover under
// parallel sends), unread counts, removal for one side, and every rule of docs/product.md §4–§6: the unconfirmed
// e-mail rule, free members' conversation limit (held under parallel first messages), blocking,
// invisible and privacy mode, other tenants, and fictional profiles' operator queue.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { countUnread, listChats, openChat, removeChat } from '~/.server/chat/conversations';
import { listGifts } from '~/.server/chat/gifts';
import { acceptsMessages, FREE_CONVERSATIONS, sendMessage, storeMessage, type SendContent } from '~/.server/chat/send';
import { grantCredits, ledgerOf } from '~/.server/credits/ledger';
import { createDiskStorage } from '~/.server/media/disk-storage';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { visibleTo } from '~/.server/members/access';
import { blockProfile } from '~/.server/members/blocking';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNiche } from '../support/niche';

const tenants = loadTenants('tenants');
const tenant = (id: string): Tenant => tenants.find((t) => t.id === id)!;
const flirt = tenant('flirtlokaal');
const herz = tenant('herzklopfen');
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-chat-'));
const media = createDiskStorage(mediaDir);

describe.each(databaseKinds)('chat on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  let n = 0;

  async function member(name: string, options: { credits?: number; paid?: boolean; activate?: boolean; gender?: 'male' | 'female'; t?: Tenant } = {}): Promise<User> {
    n++;
    const t = options.t ?? flirt;
    const male = options.gender === 'male';
    const result = await signUp(db(), t, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `${name.toLowerCase()}${n}@example.com`, name, password: 'a good password', date_of_birth: '1990-01-01', gender: male ? 'male' : 'female', seeking: male ? 'female' : 'male',
      country: t.settings.countries[0], terms: true, orientation_consent: true, tracking: { network: 'n', ref: 'r' }, ...fitsNiche(t, male ? 'male' : 'female'),
    });
    if (!result.ok) throw new Error(`signup ${name}: ${JSON.stringify(result)}`);
    if (options.activate !== false) {
      const token = await createToken(db(), { tenantId: t.id, userId: result.user.id, kind: 'activation' });
      expect(await activateAccount(db(), t, token)).toBe(true);
    }
    if (options.credits) await grantCredits(db(), 'bonus', { userId: result.user.id, credits: options.credits, reference: `test:${result.user.id}` });
    if (options.paid) await db().updateTable('users').set({ paid_user: true }).where('id', '=', result.user.id).execute();
    return fresh(result.user.id);
  }
  const fresh = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const send = async (from: User, to: number, content: SendContent | string, clientId?: string, t: Tenant = flirt) =>
    sendMessage(db(), t, { user: await fresh(from.id) }, { profile: to, content: typeof content === 'string' ? { kind: 'text', text: content } : content, clientId }, { media });
  const chats = async (user: User, t: Tenant = flirt) => listChats(db(), t, 'en', { user: await fresh(user.id) });
  const balance = async (user: User) => (await fresh(user.id)).credits;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    await seedDemoProfiles(database.db, 300);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  describe('sending', () => {
    it('stores a text, charges message_credits through the ledger in the same transaction and counts it unread for the other side', async () => {
      const anna = await member('Anna', { credits: 10 });
      const bram = await member('Bram', { gender: 'male' });
      const sent = await send(anna, bram.profile_id!, '  Hoi Bram!  ');
      if (!sent.ok) throw new Error(sent.error);
      expect(sent.message).toMatchObject({ kind: 'text', body: 'Hoi Bram!', credits: flirt.settings.message_credits, from_fictional: false });
      expect(sent.balance).toBe(10 - flirt.settings.message_credits);
      expect(await balance(anna)).toBe(sent.balance);
      const ledger = await ledgerOf(db(), anna.id);
      expect(ledger.at(-1)).toMatchObject({ kind: 'message', amount: -flirt.settings.message_credits, reference: `message:${sent.message.id}`, balance_after: sent.balance });
      const [bramsChat] = await chats(bram);
      expect(bramsChat).toMatchObject({ conversation: { id: sent.conversation.id }, profile: { id: anna.profile_id, name: 'Anna' }, num_unread_messages: 1, last_message: { text: 'Hoi Bram!' } });
      expect((await chats(anna))[0]!.num_unread_messages).toBe(0);
      expect(await countUnread(db(), flirt, { user: bram })).toBe(1);
    });

    it('sends gifts from the catalogue at gift_credits and photos re-encoded without metadata at photo_credits', async () => {
      const cleo = await member('Cleo', { credits: 20 });
      const dirk = await member('Dirk', { gender: 'male' });
      expect(listGifts(flirt, 'nl').length).toBeGreaterThanOrEqual(8);
      expect(listGifts(flirt, 'nl')[0]).toMatchObject({ id: 'rose', name: 'Roos', image: '/gifts/rose.svg', credits: flirt.settings.gift_credits });
      const gift = await send(cleo, dirk.profile_id!, { kind: 'gift', gift: 'teddy' });
      expect(gift.ok && gift.message).toMatchObject({ kind: 'gift', gift_id: 'teddy', credits: flirt.settings.gift_credits });
      expect(await send(cleo, dirk.profile_id!, { kind: 'gift', gift: 'diamond-ring' })).toEqual({ ok: false, error: 'unknown_gift' });

      const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e6317a' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret camera owner' } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const photo = await send(cleo, dirk.profile_id!, { kind: 'photo', bytes: new Uint8Array(jpeg) });
      if (!photo.ok) throw new Error(photo.error);
      expect(photo.message).toMatchObject({ kind: 'photo', credits: flirt.settings.photo_credits, photo_width: 900, photo_height: 600 });
      const stored = await sharp(path.join(mediaDir, photo.message.photo_filename!)).metadata();
      expect(stored.format).toBe('webp');
      expect(stored.exif).toBeUndefined();
      expect(await send(cleo, dirk.profile_id!, { kind: 'photo', bytes: new TextEncoder().encode('not a picture') })).toEqual({ ok: false, error: 'not_image' });
      expect(await balance(cleo)).toBe(20 - flirt.settings.gift_credits - flirt.settings.photo_credits);
    });

    it('refuses an empty text and one longer than message_length, spending nothing', async () => {
      const eva = await member('Eva', { credits: 5 });
      const finn = await member('Finn', { gender: 'male' });
      expect(await send(eva, finn.profile_id!, '   ')).toEqual({ ok: false, error: 'empty' });
      expect(await send(eva, finn.profile_id!, 'x'.repeat(flirt.settings.message_length + 1))).toEqual({ ok: false, error: 'too_long' });
      expect((await send(eva, finn.profile_id!, 'x'.repeat(flirt.settings.message_length))).ok).toBe(true);
      expect(await balance(eva)).toBe(5 - flirt.settings.message_credits);
    });

    it('stores and charges a retried send with the same client_id once, also when the retries run in parallel', async () => {
      const gina = await member('Gina', { credits: 10 });
      const hugo = await member('Hugo', { gender: 'male' });
      const first = await send(gina, hugo.profile_id!, 'Once', 'c-1');
      const again = await send(gina, hugo.profile_id!, 'Once', 'c-1');
      expect(first.ok && again.ok && again.repeated && again.message.id === first.message.id).toBe(true);
      const parallel = await Promise.all(Array.from({ length: 6 }, () => send(gina, hugo.profile_id!, 'Twice?', 'c-2')));
      expect(parallel.every((r) => r.ok)).toBe(true);
      expect(new Set(parallel.map((r) => r.ok && r.message.id)).size).toBe(1);
      expect(parallel.filter((r) => r.ok && !r.repeated)).toHaveLength(1);
      const messages = await db().selectFrom('messages').select('id').where('sender_profile_id', '=', gina.profile_id!).execute();
      expect(messages).toHaveLength(2);
      expect(await balance(gina)).toBe(10 - 2 * flirt.settings.message_credits);
      expect((await ledgerOf(db(), gina.id)).filter((e) => e.kind === 'message')).toHaveLength(2);
    });

    it('refuses a send without enough credits: nothing stored, the balance unchanged', async () => {
      const ilse = await member('Ilse');
      const joost = await member('Joost', { gender: 'male' });
      expect(await send(ilse, joost.profile_id!, 'Hello?')).toMatchObject({ ok: false, error: 'not_enough_credits', balance: 0 });
      expect(await db().selectFrom('messages').select('id').where('sender_profile_id', '=', ilse.profile_id!).execute()).toEqual([]);
      expect(await db().selectFrom('conversations').select('id').where('started_by_profile_id', '=', ilse.profile_id!).execute()).toEqual([]);
    });

    it('lets exactly as many parallel sends through as the credits cover, and the ledger explains the balance', async () => {
      const cost = flirt.settings.message_credits;
      const kim = await member('Kim', { credits: 7 * cost, paid: true });
      const lars = await member('Lars', { gender: 'male' });
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => send(kim, lars.profile_id!, `Message ${i}`, `p-${i}`)));
      expect(results.filter((r) => r.ok)).toHaveLength(7);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === 'not_enough_credits')).toBe(true);
      expect(await balance(kim)).toBe(0);
      const ledger = await ledgerOf(db(), kim.id);
      expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
      const stored = await db().selectFrom('messages').select('id').where('sender_profile_id', '=', kim.profile_id!).execute();
      expect(stored).toHaveLength(7);
      expect(new Set(ledger.filter((e) => e.kind === 'message').map((e) => e.reference))).toEqual(new Set(stored.map((m) => `message:${m.id}`)));
      const [chat] = await chats(lars);
      expect(chat!.num_unread_messages).toBe(7);
    });
  });

  describe('unread counts and removal', () => {
    it('opening a chat sets its unread count to 0 and tells the other side what was read', async () => {
      const mia = await member('Mia', { credits: 10 });
      const nick = await member('Nick', { gender: 'male', credits: 10 });
      const olaf = await member('Olaf', { gender: 'male', credits: 10 });
      await send(nick, mia.profile_id!, 'One');
      await send(nick, mia.profile_id!, 'Two');
      const last = await send(olaf, mia.profile_id!, 'Three');
      expect(await countUnread(db(), flirt, { user: mia })).toBe(3);
      expect((await chats(mia)).map((c) => [c.profile.name, c.num_unread_messages])).toEqual([['Olaf', 1], ['Nick', 2]]);
      const opened = await openChat(db(), flirt, 'en', { user: mia }, { profile: olaf.profile_id! });
      if (!opened.ok || !last.ok) throw new Error('not opened');
      expect(opened.chat.messages.map((m) => m.text)).toEqual(['Three']);
      expect(opened.read).toEqual({ otherUserId: olaf.id, conversation: last.conversation.id, message: last.message.id });
      expect(await countUnread(db(), flirt, { user: mia })).toBe(2);
      // Opening it again changes nothing and tells nobody.
      const again = await openChat(db(), flirt, 'en', { user: mia }, { conversation: last.conversation.id });
      expect(again.ok && again.read).toBeNull();
      const olafs = await openChat(db(), flirt, 'en', { user: olaf }, { conversation: last.conversation.id });
      expect(olafs.ok && olafs.chat.conversation?.read_by_other).toBe(last.message.id);
    });

    it('removes a chat for one member only; a newer message brings it back without the old ones', async () => {
      const nora = await member('Nora', { credits: 10 });
      const otto = await member('Otto', { gender: 'male', credits: 10 });
      const sent = await send(nora, otto.profile_id!, 'Before');
      if (!sent.ok) throw new Error(sent.error);
      expect(await removeChat(db(), { user: otto }, sent.conversation.id)).toEqual({ ok: true });
      expect(await chats(otto)).toEqual([]);
      expect(await countUnread(db(), flirt, { user: otto })).toBe(0);
      expect(await chats(nora)).toHaveLength(1);
      expect(await removeChat(db(), { user: await member('Stranger') }, sent.conversation.id)).toEqual({ ok: false, error: 'not_found' });
      await send(nora, otto.profile_id!, 'After');
      const opened = await openChat(db(), flirt, 'en', { user: otto }, { conversation: sent.conversation.id });
      expect(opened.ok && opened.chat.messages.map((m) => m.text)).toEqual(['After']);
    });

    it('does not open a conversation that is not the member\'s', async () => {
      const pia = await member('Pia', { credits: 5 });
      const quin = await member('Quin', { gender: 'male' });
      const sent = await send(pia, quin.profile_id!, 'Private');
      if (!sent.ok) throw new Error(sent.error);
      const rob = await member('Rob', { gender: 'male' });
      expect(await openChat(db(), flirt, 'en', { user: rob }, { conversation: sent.conversation.id })).toEqual({ ok: false, error: 'no_conversation' });
      const other = await member('Rita', { t: herz });
      expect(await openChat(db(), herz, 'en', { user: other }, { conversation: sent.conversation.id })).toEqual({ ok: false, error: 'no_conversation' });
    });
  });

  describe('rules', () => {
    it('lets an unconfirmed member write, but refuses the reply until the e-mail is confirmed', async () => {
      const una = await member('Una', { credits: 5, activate: false });
      const vic = await member('Vic', { gender: 'male', credits: 5 });
      expect((await send(una, vic.profile_id!, 'Hi, I just joined')).ok).toBe(true);
      expect(await send(vic, una.profile_id!, 'Welcome!')).toEqual({ ok: false, error: 'recipient_unconfirmed' });
      expect(await balance(vic)).toBe(5);
      const opened = await openChat(db(), flirt, 'en', { user: vic }, { profile: una.profile_id! });
      expect(opened.ok && opened.chat.composer.refusal).toBe('recipient_unconfirmed');
      // An operator's answer as a fictional profile waits for the confirmation too.
      expect(await acceptsMessages(db(), una.profile_id!)).toBe(false);
      const token = await createToken(db(), { tenantId: flirt.id, userId: una.id, kind: 'activation' });
      await activateAccount(db(), flirt, token);
      expect((await send(vic, una.profile_id!, 'Welcome!')).ok).toBe(true);
      expect(await acceptsMessages(db(), una.profile_id!)).toBe(true);
    });

    it(`lets a free member start ${FREE_CONVERSATIONS} conversations, even with parallel first messages, while replies and premium members are not limited`, async () => {
      const wim = await member('Wim', { gender: 'male', credits: 50 });
      const women = await Promise.all(['Xara', 'Yara', 'Zoe', 'Amy', 'Bea'].map((name) => member(name, { credits: 5 })));
      const results = await Promise.all(women.slice(0, 4).map((w) => send(wim, w.profile_id!, 'Hello there')));
      expect(results.filter((r) => r.ok)).toHaveLength(FREE_CONVERSATIONS);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error)).toEqual(Array(4 - FREE_CONVERSATIONS).fill('conversation_limit'));
      // Further messages in his conversations still go, and so does a reply to someone who wrote first.
      const started = results.flatMap((r) => (r.ok ? [r.recipient.profileId] : []));
      expect((await send(wim, started[0]!, 'Me again')).ok).toBe(true);
      expect((await send(women[4]!, wim.profile_id!, 'Hi Wim')).ok).toBe(true);
      expect((await send(wim, women[4]!.profile_id!, 'Hi Bea')).ok).toBe(true);
      await db().updateTable('users').set({ paid_user: true }).where('id', '=', wim.id).execute();
      const rest = women.slice(0, 4).find((w) => !started.includes(w.profile_id!))!;
      expect((await send(wim, rest.profile_id!, 'Premium now')).ok).toBe(true);
    });

    it('stops a blocked member writing to the blocker, and blocking removes the conversation from the blocker\'s list', async () => {
      const cato = await member('Cato', { credits: 5 });
      const dani = await member('Dani', { gender: 'male', credits: 5 });
      await send(dani, cato.profile_id!, 'Hey');
      expect(await chats(cato)).toHaveLength(1);
      await blockProfile(db(), flirt, { user: cato }, dani.profile_id!);
      expect(await chats(cato)).toEqual([]);
      expect(await countUnread(db(), flirt, { user: cato })).toBe(0);
      expect(await send(dani, cato.profile_id!, 'Hey?')).toEqual({ ok: false, error: 'blocked', name: 'Cato' });
      expect(await openChat(db(), flirt, 'en', { user: dani }, { profile: cato.profile_id! })).toEqual({ ok: false, error: 'blocked', name: 'Cato' });
      expect(await send(cato, dani.profile_id!, 'Bye')).toEqual({ ok: false, error: 'not_found' });
      expect(await balance(dani)).toBe(5 - flirt.settings.message_credits);
    });

    it('lets nobody write to an invisible member first; once they wrote, the other can answer', async () => {
      const iris = await member('Iris', { credits: 5 });
      const jan = await member('Jan', { gender: 'male', credits: 5 });
      const koen = await member('Koen', { gender: 'male', credits: 5 });
      await db().updateTable('users').set({ invisible: true }).where('id', '=', iris.id).execute();
      expect(await send(jan, iris.profile_id!, 'Hi')).toEqual({ ok: false, error: 'not_found' });
      expect((await send(await fresh(iris.id), jan.profile_id!, 'Hi Jan')).ok).toBe(true);
      expect((await send(jan, iris.profile_id!, 'Hi Iris')).ok).toBe(true);
      expect((await chats(jan)).map((c) => c.profile.name)).toEqual(['Iris']);
      expect(await send(koen, iris.profile_id!, 'Hi')).toEqual({ ok: false, error: 'not_found' });
    });

    it('shows a privacy-mode member to those they wrote to, and to no one else', async () => {
      const lena = await member('Lena', { credits: 5 });
      const max = await member('Max', { gender: 'male' });
      const nils = await member('Nils', { gender: 'male' });
      await db().updateTable('users').set({ privacy_mode: true }).where('id', '=', lena.id).execute();
      const seen = async (viewer: User) =>
        Boolean(await db().selectFrom('profiles').select('id').where('id', '=', lena.profile_id!).where((eb) => visibleTo(eb, flirt, { user: viewer })).executeTakeFirst());
      expect(await seen(max)).toBe(false);
      await send(await fresh(lena.id), max.profile_id!, 'Hello Max');
      expect(await seen(max)).toBe(true);
      expect(await seen(nils)).toBe(false);
    });

    it('keeps tenants apart: a member of another site cannot be written to', async () => {
      const olga = await member('Olga', { credits: 5 });
      const paul = await member('Paul', { gender: 'male', t: herz, credits: 5 });
      expect(await send(olga, paul.profile_id!, 'Hallo')).toEqual({ ok: false, error: 'not_found' });
      expect(await send(paul, olga.profile_id!, 'Hallo', undefined, herz)).toEqual({ ok: false, error: 'not_found' });
    });

    it('queues a member\'s message to a fictional profile for the operators; the fictional answer is marked, free, and clears the queue', async () => {
      const ruth = await member('Ruth', { credits: 5, gender: 'male' });
      const viewer = await fresh(ruth.id);
      const fictional = await db()
        .selectFrom('profiles')
        .select('id')
        .where('fictional', '=', true)
        .where((eb) => visibleTo(eb, flirt, { user: viewer }))
        .executeTakeFirstOrThrow();
      const sent = await send(ruth, fictional.id, 'Are you real?');
      if (!sent.ok) throw new Error(sent.error);
      expect(sent.conversation).toMatchObject({ fictional: true, tenant_id: flirt.id });
      expect(sent.conversation.awaiting_reply_since).toBeInstanceOf(Date);
      const answer = await storeMessage(db(), {
        tenantId: flirt.id,
        senderProfileId: fictional.id,
        recipientProfileId: ruth.profile_id!,
        content: { kind: 'text', text: 'I am run by an operator of the chat service.' },
        fromFictional: true,
      });
      expect(answer.ok && answer.conversation.awaiting_reply_since).toBeNull();
      expect(answer.ok && answer.message).toMatchObject({ from_fictional: true, credits: 0 });
      const [chat] = await chats(ruth);
      expect(chat).toMatchObject({ profile: { id: fictional.id, fictional: true }, num_unread_messages: 1, last_message: { fictional: true } });
      await send(ruth, fictional.id, 'Thanks');
      const queued = await db().selectFrom('conversations').select('awaiting_reply_since').where('id', '=', sent.conversation.id).executeTakeFirstOrThrow();
      expect(queued.awaiting_reply_since).toBeInstanceOf(Date);
    });
  });
});
