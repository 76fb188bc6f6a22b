// Blocking (docs/product.md §6): a member blocks a profile; the blocked member then cannot see the blocker's
// profile or contact them, and neither finds the other in search. Blocking also removes every
// conversation with that profile from the blocker's chat list (docs/product.md §4, §6).
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { removeChatsWithProfile } from '../chat/conversations';
import { visibleTo, type Viewer } from './access';

export type BlockResult = { ok: true } | { ok: false; error: 'authentication_required' | 'not_found' | 'self' };

export async function blockProfile(db: Kysely<DB>, tenant: Tenant, viewer: Viewer, profileId: number): Promise<BlockResult> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return { ok: false, error: 'authentication_required' };
  if (profileId === own) return { ok: false, error: 'self' };
  const target = await db
    .selectFrom('profiles')
    .select('id')
    .where('id', '=', profileId)
    .where((eb) => visibleTo(eb, tenant, viewer))
    .executeTakeFirst();
  if (!target) return { ok: false, error: 'not_found' };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('blocks').values({ blocker_profile_id: own, blocked_profile_id: profileId }).onConflict((oc) => oc.doNothing()).execute();
    await removeChatsWithProfile(trx, own, profileId);
  });
  return { ok: true };
}

export async function unblockProfile(db: Kysely<DB>, viewer: Viewer, profileId: number): Promise<BlockResult> {
  const own = viewer.user?.profile_id;
  if (!viewer.user || !own) return { ok: false, error: 'authentication_required' };
  await db.deleteFrom('blocks').where('blocker_profile_id', '=', own).where('blocked_profile_id', '=', profileId).execute();
  return { ok: true };
}
