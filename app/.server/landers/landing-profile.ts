// Whether a visitor may be shown a profile on a member landing: the same rule as the profile page
// for a visitor (the tenant's listed pool), so a landing never shows what the site would hide.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { visibleTo } from '../members/access';
import type { Tenant } from '../tenants/schema';

export async function landingProfileVisible(db: Kysely<DB>, tenant: Tenant, profileId: number): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .select('profiles.id')
    .where('profiles.id', '=', profileId)
    .where((eb) => visibleTo(eb, tenant, { user: null }))
    .executeTakeFirst();
  return row !== undefined;
}
