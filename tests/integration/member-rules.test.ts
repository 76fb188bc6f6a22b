// Issue 26 items 1, 8, 9 and 14 in the domain layer, on PGlite and PostgreSQL: a niche site's rules
// hold at signup and on the profile, so that every member's paid message can be read; a region
// belongs to the member's country; the sexuality is the member's own choice; a mail-change link
// confirms an unconfirmed account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { confirmMailChange, requestMailChange } from '~/.server/accounts/mail-change';
import { signUp, type SignupInput } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { sendMessage } from '~/.server/chat/send';
import { grantCredits } from '~/.server/credits/ledger';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { OwnProfileSchema, updateOwnProfile } from '~/.server/members/own-profile';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const tenant = (id: string): Tenant => tenants.find((t) => t.id === id)!;
const flirt = tenant('flirtlokaal');
const herz = tenant('herzklopfen');
const solv = tenant('solvhjerter');
const bella = tenant('bellacurva');
const visitor = { ip: null, origin: 'http://x', locale: 'en' as const };

describe.each(databaseKinds)('member rules on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  let n = 0;

  const input = (t: Tenant, overrides: Partial<SignupInput> = {}): SignupInput => ({
    email: `rules${++n}@example.com`, name: `Rules${n}`, password: 'a good password', date_of_birth: '1960-01-01', gender: 'female', seeking: 'male',
    country: t.settings.countries[0], terms: true, orientation_consent: true, tracking: { network: 'n', ref: 'r' }, ...overrides,
  });
  async function member(t: Tenant, overrides: Partial<SignupInput> = {}, activate = true): Promise<User> {
    const result = await signUp(db(), t, visitor, input(t, overrides));
    if (!result.ok) throw new Error(`signup: ${JSON.stringify(result)}`);
    if (activate) expect(await activateAccount(db(), t, await createToken(db(), { tenantId: t.id, userId: result.user.id, kind: 'activation' }))).toBe(true);
    return reload(result.user);
  }
  const reload = (user: User) => db().selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  const profileOf = (user: User) => db().selectFrom('profiles').selectAll().where('id', '=', user.profile_id!).executeTakeFirstOrThrow();
  const saveProfile = async (t: Tenant, user: User, fields: Record<string, unknown>) =>
    updateOwnProfile(db(), t, user, OwnProfileSchema.parse({ name: (await profileOf(user)).name, ...fields }));

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  describe('item 1: a niche site takes only members of its pool, and nobody pays for a message nobody can read', () => {
    it('refuses a signup outside the niche with the niche\'s own rule as the field error', async () => {
      const tooYoung = await signUp(db(), solv, visitor, input(solv, { date_of_birth: '1990-01-01' }));
      expect(tooYoung).toMatchObject({ ok: false, error: 'validation', fields: { date_of_birth: { id: 'signup.niche.5', values: { site: 'Sølvhjerter', min_age: 55 } } } });
      const man = await signUp(db(), herz, visitor, input(herz, { gender: 'male', seeking: 'female' }));
      expect(man).toMatchObject({ ok: false, fields: { gender: { id: 'signup.niche.2' } } });
      const straight = await signUp(db(), herz, visitor, input(herz, { seeking: 'male' }));
      expect(straight).toMatchObject({ ok: false, fields: { seeking: { id: 'signup.niche.2' } } });
      const chosenStraight = await signUp(db(), herz, visitor, input(herz, { seeking: 'female', sexuality: 'hetero' }));
      expect(chosenStraight).toMatchObject({ ok: false, fields: { sexuality: { id: 'signup.niche.2' } } });
      const noBody = await signUp(db(), bella, visitor, input(bella));
      expect(noBody).toMatchObject({ ok: false, fields: { body_type: { id: 'signup.error.choose' } } });
      const slim = await signUp(db(), bella, visitor, input(bella, { body_type: 'slim' }));
      expect(slim).toMatchObject({ ok: false, fields: { body_type: { id: 'signup.niche.4' } } });
      expect(await db().selectFrom('users').select('id').execute()).toEqual([]);
    });

    it('takes a signup inside the niche, with its body type', async () => {
      const curvy = await member(bella, { body_type: 'curvy' });
      expect((await profileOf(curvy)).body_type).toBe('curvy');
      const woman = await member(herz, { seeking: 'female' });
      expect((await profileOf(woman)).sexuality).toBe('lesbian');
    });

    it('refuses, uncharged, a message from a member the recipient could never see', async () => {
      const writer = await member(solv);
      const reader = await member(solv, { gender: 'male', seeking: 'female' });
      await grantCredits(db(), 'bonus', { userId: writer.id, credits: 5, reference: `test:${writer.id}` });
      // A member from before the rule: now outside the pool (too young for this niche).
      await db().updateTable('profiles').set({ birth_date: '1995-01-01' }).where('id', '=', writer.profile_id!).execute();
      const sent = await sendMessage(db(), solv, { user: await reload(writer) }, { profile: reader.profile_id!, content: { kind: 'text', text: 'Hej!' } }, { media: createDiskStorage('/tmp/rdv-defects-a-media') });
      expect(sent).toEqual({ ok: false, error: 'outside_pool' });
      expect((await reload(writer)).credits).toBe(8);
      expect(await db().selectFrom('messages').select('id').execute()).toEqual([]);
      // Inside the pool again, the same message goes through and is charged.
      await db().updateTable('profiles').set({ birth_date: '1960-01-01' }).where('id', '=', writer.profile_id!).execute();
      const again = await sendMessage(db(), solv, { user: await reload(writer) }, { profile: reader.profile_id!, content: { kind: 'text', text: 'Hej!' } }, { media: createDiskStorage('/tmp/rdv-defects-a-media') });
      expect(again.ok).toBe(true);
    });

    it('keeps the profile inside the niche: sexuality and body type', async () => {
      const woman = await member(herz, { seeking: 'both' });
      expect(await saveProfile(herz, woman, { sexuality: 'hetero' })).toMatchObject({ ok: false, fields: { sexuality: { id: 'signup.niche.2' } } });
      expect((await profileOf(woman)).sexuality).toBe('bi');
      const curvy = await member(bella, { body_type: 'large' });
      expect(await saveProfile(bella, curvy, { body_type: 'athletic' })).toMatchObject({ ok: false, fields: { body_type: { id: 'signup.niche.4' } } });
      expect(await saveProfile(bella, curvy, { body_type: 'curvy' })).toEqual({ ok: true });
    });
  });

  describe('item 8: a region belongs to the member\'s country', () => {
    it('refuses a region of another country at signup and on the profile', async () => {
      const wrong = await signUp(db(), flirt, visitor, input(flirt, { country: 'NL', region: 'DE-BE' }));
      expect(wrong).toMatchObject({ ok: false, error: 'validation', fields: { region: { id: 'signup.error.region' } } });
      const anna = await member(flirt, { country: 'NL', region: 'NL-UT' });
      expect((await profileOf(anna)).region).toBe('NL-UT');
      expect(await saveProfile(flirt, anna, { region: 'DE-BE' })).toMatchObject({ ok: false, fields: { region: { id: 'signup.error.region' } } });
      expect((await profileOf(anna)).region).toBe('NL-UT');
      expect(await saveProfile(flirt, anna, { region: 'NL-NH' })).toEqual({ ok: true });
      expect((await profileOf(anna)).region).toBe('NL-NH');
    });
  });

  describe('item 9: the member chooses their sexuality', () => {
    it('stores the sexuality chosen at signup, and follows gender and seeking without one', async () => {
      const bi = await member(flirt, { gender: 'female', seeking: 'male', sexuality: 'bi' });
      expect((await profileOf(bi)).sexuality).toBe('bi');
      const derived = await member(flirt, { gender: 'male', seeking: 'male' });
      expect((await profileOf(derived)).sexuality).toBe('gay');
      const mismatch = await signUp(db(), flirt, visitor, input(flirt, { gender: 'male', sexuality: 'lesbian' }));
      expect(mismatch).toMatchObject({ ok: false, fields: { sexuality: { id: 'signup.error.sexualityGender' } } });
      const unknown = await signUp(db(), flirt, visitor, input(flirt, { sexuality: 'pan' }));
      expect(unknown).toMatchObject({ ok: false, fields: { sexuality: { id: 'signup.error.choose' } } });
    });

    it('lets the member change it on the profile, within their gender; gender, country and birth date stay', async () => {
      const anna = await member(flirt, { gender: 'female', seeking: 'male' });
      expect(await saveProfile(flirt, anna, { sexuality: 'bi' })).toEqual({ ok: true });
      expect((await profileOf(anna)).sexuality).toBe('bi');
      expect(await saveProfile(flirt, anna, { sexuality: 'gay' })).toMatchObject({ ok: false, fields: { sexuality: { id: 'signup.error.sexualityGender' } } });
      // The form has no such fields; a forged one changes nothing.
      expect(await saveProfile(flirt, anna, { gender: 'male', country: 'BE', birth_date: '2000-01-01' })).toEqual({ ok: true });
      expect(await profileOf(anna)).toMatchObject({ gender: 'female', country: 'NL', birth_date: '1960-01-01' });
    });
  });

  describe('item 14: a mail change through its link', () => {
    it('also confirms an account that was not confirmed yet', async () => {
      const unconfirmed = await member(flirt, {}, false);
      expect(unconfirmed.status).toBe('not_confirmed');
      expect(await requestMailChange(db(), flirt, unconfirmed, { email: 'new-address@example.com', origin: 'http://x', locale: 'en' })).toEqual({ ok: true });
      const token = await createToken(db(), { tenantId: flirt.id, userId: unconfirmed.id, kind: 'mail_change', payload: { email: 'proved@example.com' } });
      expect(await confirmMailChange(db(), flirt, token)).toEqual({ ok: true });
      const after = await reload(unconfirmed);
      expect(after).toMatchObject({ email: 'proved@example.com', status: 'confirmed' });
      expect(after.confirmed_at).not.toBeNull();
      expect((await profileOf(after)).status).toBe('active');
    });
  });
});
