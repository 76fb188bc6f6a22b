// Issue 34 items 13, 20, 22 and 24 on the domain, on PGlite and PostgreSQL: a login after the 14
// days says the account is gone; a lander signup's lead postback carries the ref and the network; a
// visitor's complaint mail does not speak of their account; and in the demo, the operator's earlier
// answer answers the question the member sent in that very conversation.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestDeletion } from '~/.server/accounts/deletion';
import { logIn } from '~/.server/accounts/login';
import { signUp } from '~/.server/accounts/signup';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { sendDuePostbacks } from '~/.server/postbacks/worker';
import { seedDemoAccounts } from '~/.server/seed/demo-accounts';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import texts from '~/.server/seed/demo-operator-texts.json';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { newId } from '~/.server/tracking/cookies';
import { attributionFor, recordVisit } from '~/.server/tracking/visits';
import { fileComplaint } from '~/.server/trust/complaints';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const base = tenants.find((t) => t.id === 'flirtlokaal')!;
const flirt: Tenant = { ...base, postbacks: { adnet: { lead: 'https://adnet.example/pb?e={event}&net={network}&ref={ref}&cid={click_id}' } } };

let received: URL[] = [];
const network = setupServer(
  http.get('https://adnet.example/pb', ({ request }) => {
    received.push(new URL(request.url));
    return new HttpResponse('ok');
  }),
);
beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterAll(() => network.close());

describe.each(databaseKinds)('issue 34 on $name', (kind) => {
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

  const signup = async (attribution: Awaited<ReturnType<typeof attributionFor>> = null) => {
    n++;
    const result = await signUp(db(), flirt, { ip: null, origin: 'http://flirtlokaal.localhost', locale: 'en', attribution }, {
      email: `b34-${n}@example.com`, name: `Issueb${String.fromCharCode(96 + n)}`, password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true,
    });
    if (!result.ok) throw new Error(result.error);
    return result.user;
  };

  it('item 13: says the account is gone, not "reactivate with the link", once the 14 days have passed', async () => {
    const user = await signup();
    const start = new Date('2026-11-01T10:00:00Z');
    setClockForTests(start);
    expect((await requestDeletion(db(), flirt, user, { reason: 'time', origin: 'http://x', locale: 'en' })).ok).toBe(true);
    setClockForTests(new Date(start.getTime() + 13 * 24 * 3600_000));
    expect(await logIn(db(), flirt, { ip: '10.0.0.1' }, { email: user.email, password: 'a good password' })).toEqual({ ok: false, error: 'pending_deletion' });
    setClockForTests(new Date(start.getTime() + 14 * 24 * 3600_000 + 60_000));
    expect(await logIn(db(), flirt, { ip: '10.0.0.1' }, { email: user.email, password: 'a good password' })).toEqual({ ok: false, error: 'account_deleted', days: 14 });
    // A wrong password still says nothing about the account.
    expect(await logIn(db(), flirt, { ip: '10.0.0.2' }, { email: user.email, password: 'not the password' })).toEqual({ ok: false, error: 'login_failed' });
  });

  it('item 20: sends a lander signup\'s lead postback with the network and the publisher\'s ref', async () => {
    received = [];
    const visit = await recordVisit(db(), flirt, {
      lander: 'video', variant: null, profileId: null, path: '/landers/video', tracking: { network: 'adnet', ref: 'publisher-77', sub1: 's' },
      ip: '198.51.100.34', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0', country: 'NL', visitorId: newId(), clickId: null,
    }, { salt: 's' });
    if (visit.outcome === 'bot') throw new Error('bot');
    await signup(await attributionFor(db(), flirt, visit.clickId));
    expect(await sendDuePostbacks(db(), { tenant: (id) => (id === flirt.id ? flirt : undefined), selfOrigin: () => null })).toBe(1);
    expect(Object.fromEntries(received[0]!.searchParams)).toMatchObject({ e: 'lead', net: 'adnet', ref: 'publisher-77', cid: visit.clickId });
  });

  it('item 22: mails a visitor\'s complaint receipt without "because of your account"', async () => {
    const filed = await fileComplaint(db(), flirt, { user: null, locale: 'en' }, { category: 'privacy', description: 'A profile here shows a photo of me that I never uploaded.', email: 'visitor34@example.com' });
    expect(filed.ok).toBe(true);
    const mail = await db().selectFrom('mail_outbox').select(['text']).where('to_address', '=', 'visitor34@example.com').executeTakeFirstOrThrow();
    expect(mail.text).not.toMatch(/your account/);
    expect(mail.text).toContain('because you wrote to FlirtLokaal with this e-mail address');
  });
});

describe('item 24: the demo conversations with an answer', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(databaseKinds[0]!));
    await seedDemoProfiles(database.db, 900);
    await seedDemoAccounts(database.db, tenants);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('answer the question the member sent in that conversation, not the one sent to someone else', async () => {
    for (const tenant of tenants) {
      const locale = tenant.settings.domain_language.slice(0, 2) as keyof typeof texts;
      const said = texts[locale];
      const answers = await database.db
        .selectFrom('messages')
        .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
        .select(['messages.conversation_id'])
        .where('conversations.tenant_id', '=', tenant.id)
        .where('messages.body', '=', said.answer)
        .execute();
      expect(answers.length, tenant.id).toBeGreaterThan(0);
      for (const { conversation_id } of answers) {
        const [opening] = await database.db.selectFrom('messages').select('body').where('conversation_id', '=', conversation_id).orderBy('created_at').orderBy('id').limit(1).execute();
        // The question about Sundays (first[0]) is what the answer replies to.
        const [before, after] = said.first[0]!.split('{name}') as [string, string];
        const body = opening!.body ?? '';
        expect(body.startsWith(before) && body.endsWith(after), `${tenant.id}: ${body}`).toBe(true);
      }
    }
  });
});
