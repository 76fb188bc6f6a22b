// Accounts in the domain layer, on PGlite and (with DATABASE_URL) PostgreSQL: signup rules and texts,
// activation tokens, login lockout with the clock moved, sessions per tenant, the outbox.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { translateFields } from '~/.server/accounts/field-errors';
import { LOGIN_LIMITS, logIn } from '~/.server/accounts/login';
import { eraseExpiredAccounts, reactivateAccount, requestDeletion } from '~/.server/accounts/deletion';
import { confirmMailChange, requestMailChange } from '~/.server/accounts/mail-change';
import { changePassword, requestPasswordReset, RESET_MAILS_PER_DAY, resetPassword } from '~/.server/accounts/password-reset';
import { createSession, userForSession, SESSION_COOKIE } from '~/.server/accounts/sessions';
import { signUp, type SignupInput } from '~/.server/accounts/signup';
import { consumeToken, createToken } from '~/.server/accounts/tokens';
import { userView } from '~/.server/accounts/user-view';
import { now, setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNiche } from '../support/niche';

const tenants = loadTenants('tenants');
const tenant = (id: string): Tenant => tenants.find((t) => t.id === id)!;
const flirt = tenant('flirtlokaal');
const herz = tenant('herzklopfen');

const visitor = { ip: '203.0.113.7', origin: 'http://flirtlokaal.localhost:3000', locale: 'nl' as const };
let counter = 0;
function form(overrides: Partial<SignupInput> = {}): SignupInput {
  counter++;
  return {
    email: `sanne${counter}@example.com`,
    name: `Sanne${counter}`,
    password: 'correct horse battery',
    date_of_birth: '1990-04-12',
    gender: 'female',
    seeking: 'male',
    country: 'NL',
    region: 'NL-NH',
    terms: true,
    orientation_consent: true,
    ...overrides,
  };
}

describe.each(databaseKinds)('accounts on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  afterEach(() => setClockForTests(null));

  async function errorsFor(input: SignupInput, locale: 'en' | 'nl' = 'en') {
    const result = await signUp(db(), flirt, { ...visitor, locale }, input);
    if (result.ok || result.error !== 'validation') throw new Error(`expected validation errors, got ${JSON.stringify(result)}`);
    return translateFields(locale, result.fields);
  }

  describe('signup', () => {
    it('creates a not-confirmed member with a disabled profile and mails the activation link in their language', async () => {
      const input = form();
      const result = await signUp(db(), flirt, visitor, input);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.user).toMatchObject({ status: 'not_confirmed', tenant_id: 'flirtlokaal', language: 'nl', credits: 0, paid_user: false });
      const view = await userView(db(), flirt, result.user);
      expect(view.profile).toMatchObject({ name: input.name, country: 'NL', status: 'disabled', main_image: null });
      const mail = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', input.email).executeTakeFirstOrThrow();
      expect(mail.subject).toContain('FlirtLokaal');
      expect(mail.text).toContain('http://flirtlokaal.localhost:3000/activate?token=');
      expect(mail.html).toContain('Lokaal Media B.V.');
    });

    it('gives signup credits of the tenant', async () => {
      const result = await signUp(db(), herz, { ...visitor, locale: 'de' }, form({ country: 'DE', region: 'DE-BY', tracking: { network: 'partner', ref: 'x' }, ...fitsNiche(herz) }));
      expect(result.ok && result.user.credits).toBe(herz.settings.signup_credits);
    });

    it('refuses a username equal to the e-mail address, or starting with @', async () => {
      expect((await errorsFor(form({ email: 'same@example.com', name: 'same@example.com' }))).name).toBe(
        'Username may not be the same as your e-mail address',
      );
      expect((await errorsFor(form({ name: '@anna' }))).name).toBe('Username may not start with @');
    });

    it('asks for a date of birth of at least 18 years and refuses an impossible one', async () => {
      expect((await errorsFor(form({ date_of_birth: '' }))).date_of_birth).toBe('Enter your date of birth (18+)');
      const seventeen = new Date(now().getTime() - 17 * 365.25 * 24 * 3600_000).toISOString().slice(0, 10);
      expect((await errorsFor(form({ date_of_birth: seventeen }))).date_of_birth).toBe('Enter your date of birth (18+)');
      expect((await errorsFor(form({ date_of_birth: '1990-02-31' }))).date_of_birth).toBe('Invalid date of birth');
    });

    it('refuses an invalid e-mail address, and suggests a fix for a mistyped domain', async () => {
      expect((await errorsFor(form({ email: 'not-an-address' }))).email).toBe('Invalid email');
      const typo = await signUp(db(), flirt, { ...visitor, locale: 'en' }, form({ email: 'anna@gmial.com', name: '@x' }));
      expect(!typo.ok && typo.error === 'validation' && translateFields('en', typo.fields).email_suggestion).toBe('Did you mean anna@gmail.com?');
    });

    it('answers in the visitor\'s language', async () => {
      expect((await errorsFor(form({ email: 'nope' }), 'nl')).email).not.toBe('Invalid email');
    });

    it('asks consent for orientation data separately from the terms', async () => {
      const errors = await errorsFor(form({ terms: true, orientation_consent: false }));
      expect(Object.keys(errors)).toEqual(['orientation_consent']);
      expect(Object.keys(await errorsFor(form({ terms: false, orientation_consent: true })))).toEqual(['terms']);
    });

    it('refuses a second account with the same address on the same tenant, whatever its case', async () => {
      const input = form();
      expect((await signUp(db(), flirt, visitor, input)).ok).toBe(true);
      const again = await signUp(db(), flirt, visitor, { ...input, email: input.email.toUpperCase(), name: 'Other' });
      expect(again).toEqual({ ok: false, error: 'email_exists' });
    });

    it('allows the same address on another tenant (accounts belong to one tenant)', async () => {
      const input = form();
      expect((await signUp(db(), flirt, visitor, input)).ok).toBe(true);
      const elsewhere = await signUp(db(), tenant('rainbowhearts'), { ...visitor, locale: 'en' }, { ...input, gender: 'male', seeking: 'male', country: 'GB', region: 'GB-ENG' });
      expect(elsewhere.ok).toBe(true);
    });

    it('is closed where the tenant wants a traffic source and none came with the visit', async () => {
      const input = form({ country: 'DE', region: 'DE-BE', ...fitsNiche(herz) });
      expect(await signUp(db(), herz, visitor, input)).toEqual({ ok: false, error: 'signups_closed' });
      expect((await signUp(db(), herz, visitor, { ...input, tracking: { network: 'aff', ref: '12' } })).ok).toBe(true);
    });

    it('is closed where the tenant closed signups', async () => {
      const closed = { ...flirt, settings: { ...flirt.settings, signups: 'none' as const } };
      expect(await signUp(db(), closed, visitor, form())).toEqual({ ok: false, error: 'signups_closed' });
    });

    it('creates nothing when the honeypot is filled in', async () => {
      const input = form({ website: 'http://spam.example' });
      expect((await signUp(db(), flirt, visitor, input)).ok).toBe(false);
      expect(await db().selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()).toBeUndefined();
    });
  });

  describe('activation', () => {
    async function freshMember() {
      const input = form();
      const result = await signUp(db(), flirt, visitor, input);
      if (!result.ok) throw new Error('signup failed');
      return result.user;
    }

    it('confirms the address and enables the profile once; the link does not work twice', async () => {
      const user = await freshMember();
      const token = await createToken(db(), { tenantId: flirt.id, userId: user.id, kind: 'activation' });
      expect(await activateAccount(db(), flirt, token)).toBe(true);
      const after = await db().selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.profile_id').select(['users.status', 'profiles.status as profile_status']).where('users.id', '=', user.id).executeTakeFirstOrThrow();
      expect(after).toEqual({ status: 'confirmed', profile_status: 'active' });
      expect(await activateAccount(db(), flirt, token)).toBe(false);
    });

    it('refuses an expired link, and a link of another tenant', async () => {
      const user = await freshMember();
      const token = await createToken(db(), { tenantId: flirt.id, userId: user.id, kind: 'activation' });
      expect(await activateAccount(db(), herz, token)).toBe(false);
      setClockForTests(new Date(now().getTime() + 8 * 24 * 3600_000));
      expect(await activateAccount(db(), flirt, token)).toBe(false);
    });

    it('refuses a token of another kind', async () => {
      const user = await freshMember();
      const token = await createToken(db(), { tenantId: flirt.id, userId: user.id, kind: 'password_reset' });
      expect(await consumeToken(db(), { tenantId: flirt.id, kind: 'activation', token })).toBeNull();
    });
  });

  describe('login', () => {
    async function member(tenantToUse: Tenant = flirt) {
      const input = form(tenantToUse === flirt ? {} : { country: 'GB', region: 'GB-SCT', gender: 'male', seeking: 'male' });
      const result = await signUp(db(), tenantToUse, { ...visitor, locale: 'en' }, input);
      if (!result.ok) throw new Error('signup failed');
      return input;
    }

    it('logs in with the right password, case-insensitively on the address', async () => {
      const input = await member();
      const result = await logIn(db(), flirt, { ip: '198.51.100.1' }, { email: input.email.toUpperCase(), password: input.password });
      expect(result.ok).toBe(true);
    });

    it('answers a wrong password or unknown address with the same failure', async () => {
      const input = await member();
      expect(await logIn(db(), flirt, { ip: '198.51.100.2' }, { email: input.email, password: 'wrong password' })).toEqual({ ok: false, error: 'login_failed' });
      expect(await logIn(db(), flirt, { ip: '198.51.100.2' }, { email: 'nobody@example.com', password: 'x' })).toEqual({ ok: false, error: 'login_failed' });
    });

    it(`blocks the account from that address after ${LOGIN_LIMITS.maxFailures} wrong attempts, even with the right password, until the block expires`, async () => {
      const input = await member();
      const ip = { ip: '198.51.100.3' };
      for (let i = 1; i < LOGIN_LIMITS.maxFailures; i++) {
        expect((await logIn(db(), flirt, ip, { email: input.email, password: 'wrong' })).ok).toBe(false);
      }
      expect(await logIn(db(), flirt, ip, { email: input.email, password: 'wrong' })).toEqual({ ok: false, error: 'blocked', minutes: LOGIN_LIMITS.blockMinutes });
      expect(await logIn(db(), flirt, ip, { email: input.email, password: input.password })).toMatchObject({ ok: false, error: 'blocked' });
      // Someone else's address cannot lock the member out.
      expect((await logIn(db(), flirt, { ip: '198.51.100.99' }, { email: input.email, password: input.password })).ok).toBe(true);
      setClockForTests(new Date(now().getTime() + (LOGIN_LIMITS.blockMinutes + 1) * 60_000));
      expect((await logIn(db(), flirt, ip, { email: input.email, password: input.password })).ok).toBe(true);
    });

    it('does not let a member of one tenant log in on another tenant', async () => {
      const input = await member(tenant('rainbowhearts'));
      expect((await logIn(db(), tenant('rainbowhearts'), { ip: '198.51.100.4' }, input)).ok).toBe(true);
      expect(await logIn(db(), flirt, { ip: '198.51.100.4' }, input)).toEqual({ ok: false, error: 'login_failed' });
    });
  });

  describe('sessions', () => {
    it('belong to one tenant and end when they expire', async () => {
      const result = await signUp(db(), flirt, visitor, form());
      if (!result.ok) throw new Error('signup failed');
      const token = await createSession(db(), flirt, result.user.id, { ip: null, userAgent: null });
      const cookie = `${SESSION_COOKIE}=${token}`;
      expect((await userForSession(db(), flirt, cookie))?.id).toBe(result.user.id);
      expect(await userForSession(db(), herz, cookie)).toBeNull();
      expect(await userForSession(db(), flirt, `${SESSION_COOKIE}=forged`)).toBeNull();
      setClockForTests(new Date(now().getTime() + 31 * 24 * 3600_000));
      expect(await userForSession(db(), flirt, cookie)).toBeNull();
    });
  });

  describe('password recovery and change', () => {
    async function member() {
      const input = form();
      const result = await signUp(db(), flirt, { ...visitor, locale: 'en' }, input);
      if (!result.ok) throw new Error('signup failed');
      return { input, user: result.user };
    }
    const lastResetToken = async (email: string) => {
      const mail = await db().selectFrom('mail_outbox').select('text').where('to_address', '=', email).where('kind', '=', 'password_reset').orderBy('id', 'desc').executeTakeFirstOrThrow();
      return /token=([\w-]+)/.exec(mail.text)![1]!;
    };

    it('does not know an address that has no account on this tenant', async () => {
      expect(await requestPasswordReset(db(), flirt, { email: 'ghost@example.com', origin: visitor.origin, locale: 'en' })).toEqual({ ok: false, error: 'not_found' });
    });

    it(`sends at most ${RESET_MAILS_PER_DAY} reset mails a day, then again the next day`, async () => {
      const { input } = await member();
      for (let i = 0; i < RESET_MAILS_PER_DAY; i++) {
        expect(await requestPasswordReset(db(), flirt, { email: input.email, origin: visitor.origin, locale: 'en' })).toEqual({ ok: true });
      }
      expect(await requestPasswordReset(db(), flirt, { email: input.email, origin: visitor.origin, locale: 'en' })).toEqual({ ok: false, error: 'too_many' });
      setClockForTests(new Date(now().getTime() + 25 * 3600_000));
      expect(await requestPasswordReset(db(), flirt, { email: input.email, origin: visitor.origin, locale: 'en' })).toEqual({ ok: true });
    });

    it('sets a new password from the mailed link once; both entries must match; other sessions end', async () => {
      const { input, user } = await member();
      const session = await createSession(db(), flirt, user.id, { ip: null, userAgent: null });
      await requestPasswordReset(db(), flirt, { email: input.email, origin: visitor.origin, locale: 'en' });
      const token = await lastResetToken(input.email);
      expect(await resetPassword(db(), flirt, { token, password: 'new password 1', password_confirm: 'new password 2' })).toEqual({ ok: false, error: 'mismatch' });
      expect(await resetPassword(db(), flirt, { token, password: 'new password 1', password_confirm: 'new password 1' })).toMatchObject({ ok: true });
      expect(await resetPassword(db(), flirt, { token, password: 'again again', password_confirm: 'again again' })).toEqual({ ok: false, error: 'invalid_link' });
      expect(await userForSession(db(), flirt, `${SESSION_COOKIE}=${session}`)).toBeNull();
      expect((await logIn(db(), flirt, { ip: '192.0.2.1' }, { email: input.email, password: 'new password 1' })).ok).toBe(true);
    });

    it('refuses an expired reset link', async () => {
      const { input } = await member();
      await requestPasswordReset(db(), flirt, { email: input.email, origin: visitor.origin, locale: 'en' });
      const token = await lastResetToken(input.email);
      setClockForTests(new Date(now().getTime() + 3 * 3600_000));
      expect(await resetPassword(db(), flirt, { token, password: 'new password 1', password_confirm: 'new password 1' })).toEqual({ ok: false, error: 'invalid_link' });
    });

    it('changes the password only with the right old one', async () => {
      const { input, user } = await member();
      expect(await changePassword(db(), user, { old_password: 'not it', password: 'brand new pass' })).toEqual({ ok: false, error: 'wrong_old' });
      expect(await changePassword(db(), user, { old_password: input.password, password: 'brand new pass' })).toEqual({ ok: true });
      expect((await logIn(db(), flirt, { ip: '192.0.2.2' }, { email: input.email, password: 'brand new pass' })).ok).toBe(true);
    });
  });

  describe('deletion and reactivation', () => {
    async function member() {
      const input = form();
      const result = await signUp(db(), flirt, { ...visitor, locale: 'en' }, input);
      if (!result.ok) throw new Error('signup failed');
      return { input, user: result.user };
    }
    const linkIn = async (email: string, kind: string) => {
      const mail = await db().selectFrom('mail_outbox').select('text').where('to_address', '=', email).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirstOrThrow();
      return /token=([\w-]+)/.exec(mail.text)![1]!;
    };

    it('needs one of the reasons of docs/product.md §9', async () => {
      const { user } = await member();
      expect(await requestDeletion(db(), flirt, user, { reason: 'bored', origin: visitor.origin, locale: 'en' })).toEqual({ ok: false, error: 'invalid_reason' });
    });

    it('hides the account at once, ends its sessions, and refuses a new signup or login with the pending-deletion message', async () => {
      const { input, user } = await member();
      const session = await createSession(db(), flirt, user.id, { ip: null, userAgent: null });
      expect(await requestDeletion(db(), flirt, user, { reason: 'found_someone', comment: 'Thanks!', origin: visitor.origin, locale: 'en' })).toEqual({ ok: true });
      expect(await userForSession(db(), flirt, `${SESSION_COOKIE}=${session}`)).toBeNull();
      expect(await signUp(db(), flirt, visitor, { ...input, name: 'Again' })).toEqual({ ok: false, error: 'pending_deletion' });
      expect(await logIn(db(), flirt, { ip: '192.0.2.9' }, input)).toEqual({ ok: false, error: 'pending_deletion' });
    });

    it('can be reactivated with the mailed link within 14 days', async () => {
      const { input, user } = await member();
      await requestDeletion(db(), flirt, user, { reason: 'time', origin: visitor.origin, locale: 'en' });
      const token = await linkIn(input.email, 'reactivation');
      setClockForTests(new Date(now().getTime() + 13 * 24 * 3600_000));
      expect(await reactivateAccount(db(), flirt, token)).toEqual({ ok: true });
      expect((await logIn(db(), flirt, { ip: '192.0.2.10' }, input)).ok).toBe(true);
    });

    it('is erased after 14 days: personal data and profile gone, the row pseudonymised', async () => {
      const { input, user } = await member();
      await requestDeletion(db(), flirt, user, { reason: 'price', origin: visitor.origin, locale: 'en' });
      const token = await linkIn(input.email, 'reactivation');
      setClockForTests(new Date(now().getTime() + 15 * 24 * 3600_000));
      expect(await eraseExpiredAccounts(db(), createDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-erase-'))))).toBeGreaterThanOrEqual(1);
      const row = await db().selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'deleted', profile_id: null, password_hash: '', tracking: null });
      expect(row.email).toBe(`deleted-${user.id}@deleted.invalid`);
      expect(await db().selectFrom('profiles').select('id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
      // Gone for good, and the link says so (issue 48 item 24).
      expect(await reactivateAccount(db(), flirt, token)).toEqual({ ok: false, error: 'account_deleted', days: 14 });
      // The address is free again.
      expect((await signUp(db(), flirt, visitor, { ...input, name: 'Reborn' })).ok).toBe(true);
    });
  });

  describe('e-mail change', () => {
    it('confirms a new address by the link sent to it; refuses an invalid or taken one', async () => {
      const a = await signUp(db(), flirt, { ...visitor, locale: 'en' }, form());
      const b = form();
      await signUp(db(), flirt, { ...visitor, locale: 'en' }, b);
      if (!a.ok) throw new Error('signup failed');
      expect(await requestMailChange(db(), flirt, a.user, { email: 'not valid', origin: visitor.origin, locale: 'en' })).toEqual({ ok: false, error: 'invalid' });
      expect(await requestMailChange(db(), flirt, a.user, { email: b.email, origin: visitor.origin, locale: 'en' })).toEqual({ ok: false, error: 'taken' });
      const fresh = `changed${counter}@example.com`;
      expect(await requestMailChange(db(), flirt, a.user, { email: fresh, origin: visitor.origin, locale: 'en' })).toEqual({ ok: true });
      const mail = await db().selectFrom('mail_outbox').select('text').where('to_address', '=', fresh).executeTakeFirstOrThrow();
      const token = /token=([\w-]+)/.exec(mail.text)![1]!;
      expect(await confirmMailChange(db(), flirt, token)).toEqual({ ok: true });
      expect(await confirmMailChange(db(), flirt, token)).toEqual({ ok: false, error: 'invalid_link' });
      const row = await db().selectFrom('users').select('email').where('id', '=', a.user.id).executeTakeFirstOrThrow();
      expect(row.email).toBe(fresh);
    });
  });
});
