// One profile as a viewer may see it (docs/product.md §2, §3, §6): the fields the tenant shows, its notes and
// interests, photos limited by role, the fictional mark; a blocked viewer learns only who blocked them.
import type { Kysely } from 'kysely';
import { today } from '../clock';
import type { DB } from '../db/schema';
import { ageOn } from '../profiles/age';
import { regionName } from '../geo/regions';
import type { Tenant } from '../tenants/schema';
import { photoAllowance, visibleTo, type Viewer } from './access';

export interface ProfileView {
  id: number;
  /** The viewer blocked this profile. */
  blockedByViewer: boolean;
  name: string;
  fictional: boolean;
  /** Where the profile lives: its region field is labelled as this country names its regions. */
  country: string;
  main_image: { filename: string; thumb_filename: string } | null;
  fields: Partial<Record<string, string | number | boolean | string[]>>;
  notes: Partial<Record<'about' | 'looking_for', string>>;
  photos: { filename: string; thumb_filename: string }[];
  photosTotal: number;
}

export type ProfileResult = { ok: true; profile: ProfileView } | { ok: false; error: 'not_found' } | { ok: false; error: 'blocked'; name: string };

export async function viewProfile(db: Kysely<DB>, tenant: Tenant, viewer: Viewer, id: number): Promise<ProfileResult> {
  if (!Number.isInteger(id) || id < 1) return { ok: false, error: 'not_found' };
  const own = viewer.user?.profile_id;
  // Blocks between the two, either way, in one query: who blocked the viewer (then only their name
  // is shown) and whether the viewer blocked them.
  const blocks =
    own && own !== id
      ? await db
          .selectFrom('blocks')
          .innerJoin('profiles', 'profiles.id', 'blocks.blocker_profile_id')
          .select(['blocks.blocker_profile_id', 'profiles.name', 'profiles.tenant_id'])
          .where((eb) =>
            eb.or([
              eb.and([eb('blocks.blocker_profile_id', '=', id), eb('blocks.blocked_profile_id', '=', own)]),
              eb.and([eb('blocks.blocker_profile_id', '=', own), eb('blocks.blocked_profile_id', '=', id)]),
            ]),
          )
          .execute()
      : [];
  const blocker = blocks.find((block) => block.blocker_profile_id === id && (block.tenant_id === null || block.tenant_id === tenant.id));
  if (blocker) return { ok: false, error: 'blocked', name: blocker.name };
  const row = await db
    .selectFrom('profiles')
    .selectAll('profiles')
    .where('profiles.id', '=', id)
    .where((eb) => (own === id ? eb('profiles.user_id', '=', viewer.user!.id) : visibleTo(eb, tenant, viewer, { ignoreOwnBlocks: true })))
    .executeTakeFirst();
  if (!row) return { ok: false, error: 'not_found' };

  // Others see only public photos: a photo waiting for approval on a `pre` tenant is its owner's alone (decision 0029).
  let photoQuery = db.selectFrom('photos').select(['filename', 'thumb_filename']).where('profile_id', '=', id);
  if (own !== id) photoQuery = photoQuery.where('public', '=', true);
  const photos = await photoQuery.orderBy('position').execute();
  const prefix = tenant.settings.cdn_prefix;
  const withPrefix = (p: { filename: string; thumb_filename: string }) => ({ filename: prefix + p.filename, thumb_filename: prefix + p.thumb_filename });
  const allowed = own === id ? Number.POSITIVE_INFINITY : photoAllowance(viewer);

  const all: Record<string, string | number | boolean | string[] | null> = {
    age: ageOn(row.birth_date, today()),
    gender: row.gender,
    sexuality: row.sexuality,
    country: row.country,
    region: regionName(row.country, row.region) ?? row.region,
    city: row.city,
    hair_colour: row.hair_colour,
    eye_colour: row.eye_colour,
    body_type: row.body_type,
    relationship_status: row.relationship_status,
    tattoos: row.tattoos,
    interests: row.interests,
  };
  const fields: ProfileView['fields'] = {};
  for (const field of tenant.settings.visible_profile_fields) {
    const value = all[field];
    if (value !== null && value !== undefined) fields[field] = value;
  }
  const notes: ProfileView['notes'] = {};
  for (const note of tenant.settings.visible_profile_notes) {
    const value = row[note];
    if (value) notes[note] = value;
  }
  const main = photos[0];
  const blockedByViewer = blocks.some((block) => block.blocker_profile_id === own);
  return {
    ok: true,
    profile: {
      id: row.id,
      blockedByViewer,
      name: row.name,
      fictional: row.fictional,
      country: row.country,
      main_image: main ? withPrefix(main) : null,
      fields,
      notes,
      photos: photos.slice(0, allowed).map(withPrefix),
      photosTotal: photos.length,
    },
  };
}
