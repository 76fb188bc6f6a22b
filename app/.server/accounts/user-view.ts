// The User of docs/product.md §3 as GET/POST /api/user.php answer it.
import type { Kysely } from 'kysely';
import type { DB, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';

export interface UserView {
  status: User['status'];
  credits: number;
  paid_user: boolean;
  fictional_icon: boolean;
  language: string;
  signup_date: string;
  notifications_disabled: string[];
  profile: {
    id: number;
    name: string;
    country: string;
    status: 'active' | 'disabled';
    main_image: { filename: string; thumb_filename: string } | null;
  } | null;
}

export async function userView(db: Kysely<DB>, tenant: Tenant, user: User): Promise<UserView> {
  const profile = user.profile_id
    ? await db
        .selectFrom('profiles')
        .leftJoin('photos', 'photos.id', 'profiles.main_photo_id')
        .select(['profiles.id', 'profiles.name', 'profiles.country', 'profiles.status', 'photos.filename', 'photos.thumb_filename'])
        .where('profiles.id', '=', user.profile_id)
        .executeTakeFirst()
    : undefined;
  const prefix = tenant.settings.cdn_prefix;
  return {
    status: user.status,
    credits: user.credits,
    paid_user: user.paid_user,
    fictional_icon: tenant.settings.fictional_icon,
    language: user.language,
    signup_date: user.signup_date.toISOString(),
    notifications_disabled: user.notifications_disabled,
    profile: profile
      ? {
          id: profile.id,
          name: profile.name,
          country: profile.country,
          status: profile.status,
          main_image:
            profile.filename && profile.thumb_filename
              ? { filename: prefix + profile.filename, thumb_filename: prefix + profile.thumb_filename }
              : null,
        }
      : null,
  };
}
