// Who may see whom (SPEC §6), as query filters every member query shares: the tenant's pool of listed
// profiles (never invisible or privacy-mode members: see profiles.listed), and no profile across a
// block in either direction. A member never finds their own profile.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { today } from '../clock';
import type { DB, User } from '../db/schema';
import { tenantPool } from '../profiles/pool';
import type { Tenant } from '../tenants/schema';

type ProfileEB = ExpressionBuilder<DB, 'profiles'>;

export interface Viewer {
  user: Pick<User, 'id' | 'profile_id' | 'paid_user'> | null;
}

/** `ignoreOwnBlocks`: a member may still open a profile they blocked (to unblock it). */
export function visibleTo(eb: ProfileEB, tenant: Tenant, viewer: Viewer, options: { ignoreOwnBlocks?: boolean } = {}): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [tenantPool(eb, tenant, today())];
  const own = viewer.user?.profile_id;
  if (own) {
    conditions.push(eb('profiles.id', '!=', own));
    conditions.push(
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks')
            .select(sql`1`.as('one'))
            .where((b) =>
              options.ignoreOwnBlocks
                ? b.and([b('blocks.blocker_profile_id', '=', b.ref('profiles.id')), b('blocks.blocked_profile_id', '=', own)])
                : b.or([
                    b.and([b('blocks.blocker_profile_id', '=', b.ref('profiles.id')), b('blocks.blocked_profile_id', '=', own)]),
                    b.and([b('blocks.blocker_profile_id', '=', own), b('blocks.blocked_profile_id', '=', b.ref('profiles.id'))]),
                  ]),
            ),
        ),
      ),
    );
  }
  return eb.and(conditions);
}

/** How many photos of a profile a viewer sees (SPEC §6): visitors 1, free members 3, premium all. */
export function photoAllowance(viewer: Viewer): number {
  if (!viewer.user) return 1;
  return viewer.user.paid_user ? Number.POSITIVE_INFINITY : 3;
}
