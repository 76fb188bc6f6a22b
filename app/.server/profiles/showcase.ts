// A few profiles for the home page: newest with a photo, from the tenant's pool.
import type { Kysely } from 'kysely';
import { today } from '../clock';
import type { DB } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { tenantPool } from './pool';
import { ageOn } from './age';

export interface ShowcaseProfile {
  id: number;
  name: string;
  age: number;
  city: string | null;
  country: string;
  fictional: boolean;
  thumb: string;
}

/** Newest profiles of the tenant's pool; `seeking` narrows to one gender, `country` puts that country first. */
export async function showcaseProfiles(
  db: Kysely<DB>,
  tenant: Tenant,
  limit: number,
  options: { seeking?: 'male' | 'female'; country?: string } = {},
): Promise<ShowcaseProfile[]> {
  const day = today();
  const rows = await db
    .selectFrom('profiles')
    .innerJoin('photos', 'photos.id', 'profiles.main_photo_id')
    .select([
      'profiles.id',
      'profiles.name',
      'profiles.birth_date',
      'profiles.city',
      'profiles.country',
      'profiles.fictional',
      'photos.thumb_filename',
    ])
    .where((eb) => tenantPool(eb, tenant, day))
    .$if(options.seeking !== undefined, (qb) => qb.where('profiles.gender', '=', options.seeking!))
    .$if(options.country !== undefined, (qb) => qb.orderBy((eb) => eb('profiles.country', '=', options.country!), 'desc'))
    .orderBy('profiles.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    age: ageOn(row.birth_date, day),
    city: row.city,
    country: row.country,
    fictional: row.fictional,
    thumb: tenant.settings.cdn_prefix + row.thumb_filename,
  }));
}
