// Test data for the operator console: members (signed up and confirmed), fictional profiles of the
// shared pool with photos, operators on chosen tenants, and a member's message to a fictional
// profile (the demo seed's insertMemberMessage: the rows the chat writes).
import type { Kysely } from 'kysely';
import { signUp } from '~/.server/accounts/signup';
import type { DB, OperatorRole, User } from '~/.server/db/schema';
import { operatorActor, type OperatorActor } from '~/.server/operators/operator';
import { insertMemberMessage } from '~/.server/seed/demo-operators';
import type { Tenant } from '~/.server/tenants/schema';
import { fitsNiche } from './niche';

let n = 0;

export async function confirmedMember(db: Kysely<DB>, tenant: Tenant, name = 'Member'): Promise<User & { profile_id: number }> {
  n++;
  const result = await signUp(db, tenant, { ip: null, origin: 'http://x', locale: 'en' }, {
    email: `${name.toLowerCase()}${n}@members.example`,
    name: `${name}${n}`.slice(0, 20),
    password: 'a good password',
    date_of_birth: '1980-01-01',
    gender: 'male',
    seeking: 'female',
    country: tenant.settings.countries[0],
    terms: true,
    orientation_consent: true,
    tracking: { network: 'test' },
    ...fitsNiche(tenant, 'male'),
  });
  if (!result.ok) throw new Error(result.error);
  await db.updateTable('users').set({ status: 'confirmed', confirmed_at: new Date() }).where('id', '=', result.user.id).execute();
  return { ...result.user, status: 'confirmed', profile_id: result.user.profile_id! };
}

export async function fictionalProfile(db: Kysely<DB>, name = 'Persona', photos = 2): Promise<{ id: number; photos: number[] }> {
  n++;
  const profile = await db
    .insertInto('profiles')
    .values({ name: `${name}${n}`.slice(0, 20), gender: 'female', sexuality: 'hetero', birth_date: '1985-06-06', country: 'NL', city: 'Utrecht', about: 'I love long walks.', interests: ['travelling', 'cooking'], fictional: true, status: 'active', seed: 900_000 + n })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < photos; i++) {
    const photo = await db
      .insertInto('photos')
      .values({ profile_id: profile.id, filename: `demo/${profile.id}-${i}.webp`, thumb_filename: `demo/${profile.id}-${i}-t.webp`, width: 600, height: 800, position: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(photo.id);
  }
  if (ids[0]) await db.updateTable('profiles').set({ main_photo_id: ids[0] }).where('id', '=', profile.id).execute();
  return { id: profile.id, photos: ids };
}

/** An operator of `tenantIds` with `roles` in each of them (answering unless told otherwise). */
export async function operatorOn(db: Kysely<DB>, tenantIds: string[], name = 'Op', roles: OperatorRole[] = ['answering']): Promise<OperatorActor> {
  n++;
  const row = await db.insertInto('operators').values({ email: `${name.toLowerCase()}${n}@staff.example`, name: `${name}${n}`, language: 'en' }).returning('id').executeTakeFirstOrThrow();
  for (const tenant of tenantIds) await db.insertInto('operator_tenants').values({ operator_id: row.id, tenant_id: tenant, roles }).execute();
  return (await operatorActor(db, row.id))!;
}

/** A member's text to a fictional profile; returns the conversation. */
export async function memberWrites(db: Kysely<DB>, tenant: Tenant, member: { profile_id: number }, profile: { id: number }, text = 'Hello there!', at = new Date()): Promise<number> {
  const { conversationId } = await insertMemberMessage(db, { tenantId: tenant.id, memberProfileId: member.profile_id, fictionalProfileId: profile.id, text, at });
  return conversationId;
}
