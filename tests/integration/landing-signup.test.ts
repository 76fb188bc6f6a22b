// The signup message of a member landing (issue 23 item 3), on PGlite and PostgreSQL: it becomes the
// new member's first message to that profile, free and once, and never reaches a profile the site
// would not show them (another tenant's member, an unknown profile).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import { listChats } from '~/.server/chat/conversations';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { deliverSignupMessage } from '~/.server/landers/signup-message';
import { landerProfiles } from '~/.server/landers/lander-profiles';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { fitsNiche } from '../support/niche';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const tenant = (id: string): Tenant => tenants.find((t) => t.id === id)!;
const flirt = tenant('flirtlokaal');
const herz = tenant('herzklopfen');

describe.each(databaseKinds)('signup message of a member landing on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  let n = 0;
  async function member(t: Tenant): Promise<User> {
    n++;
    const result = await signUp(db(), t, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `m${n}@example.com`, name: `Member${n}`, password: 'a good password', date_of_birth: '1990-01-01', gender: 'male', seeking: 'female',
      country: t.settings.countries[0], terms: true, orientation_consent: true, tracking: { network: 'n', ref: 'r' }, ...fitsNiche(t, 'male'),
    });
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.user;
  }

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    await seedDemoProfiles(database.db, 200);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('becomes the first message of the conversation with that profile, free and only once', async () => {
    const [profile] = await landerProfiles(db(), flirt, { profiles: {} }, { limit: 1 });
    const user = await member(flirt);
    expect(await deliverSignupMessage(db(), flirt, { user }, { profileId: profile!.id, text: 'Hoi, leuk profiel!' })).toEqual({ delivered: true });
    await deliverSignupMessage(db(), flirt, { user }, { profileId: profile!.id, text: 'Hoi, leuk profiel!' });
    const chats = await listChats(db(), flirt, 'en', { user });
    expect(chats).toHaveLength(1);
    expect(chats[0]!.profile.id).toBe(profile!.id);
    expect(chats[0]!.last_message?.text).toBe('Hoi, leuk profiel!');
    const messages = await db().selectFrom('messages').selectAll().where('sender_profile_id', '=', user.profile_id!).execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.credits).toBe(0);
  });

  it("delivers nothing to another tenant's member, to an unknown profile, or without a text", async () => {
    const other = await member(herz);
    const user = await member(flirt);
    expect(await deliverSignupMessage(db(), flirt, { user }, { profileId: other.profile_id!, text: 'Hallo' })).toEqual({ delivered: false });
    expect(await deliverSignupMessage(db(), flirt, { user }, { profileId: 999_999_999, text: 'Hallo' })).toEqual({ delivered: false });
    const [profile] = await landerProfiles(db(), flirt, { profiles: {} }, { limit: 1 });
    expect(await deliverSignupMessage(db(), flirt, { user }, { profileId: profile!.id, text: '   ' })).toEqual({ delivered: false });
    expect(await listChats(db(), flirt, 'en', { user })).toEqual([]);
  });
});
