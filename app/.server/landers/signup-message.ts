// The signup message of a signup made in a profile's context (/members/{id}/signup and the member
// landings that post there): it becomes the new member's first message in that profile's chat — free,
// since it is part of signing up — instead of being lost. A profile the visitor may not see gets
// nothing; the member then still lands on their matches.
import type { Kysely } from 'kysely';
import { storeMessage } from '../chat/send';
import type { DB, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { landingProfileVisible } from './landing-profile';

export async function deliverSignupMessage(db: Kysely<DB>, tenant: Tenant, actor: { user: User }, input: { profileId: number; text: string | null | undefined }): Promise<{ delivered: boolean }> {
  const text = input.text?.trim();
  const own = actor.user.profile_id;
  if (!text || !own || own === input.profileId) return { delivered: false };
  if (!(await landingProfileVisible(db, tenant, input.profileId))) return { delivered: false };
  const stored = await storeMessage(db, {
    tenantId: tenant.id,
    senderProfileId: own,
    recipientProfileId: input.profileId,
    content: { kind: 'text', text: text.slice(0, tenant.settings.message_length) },
    // One signup, one first message: a repeated post cannot store it twice.
    clientId: `signup:${actor.user.id}`,
  });
  return { delivered: stored.ok };
}
