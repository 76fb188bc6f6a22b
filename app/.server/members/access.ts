// Who may see whom (docs/product.md §6), as query filters every member query shares: the tenant's pool of listed
// profiles (see profiles.listed), and no profile across a block in either direction. Invisible and
// privacy-mode members are not listed; they are seen only by the members they reached out to (a like
// or a message) — an invisible member only through what they sent while invisible (decision 0030).
// A member never finds their own profile.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { today } from '../clock';
import type { DB, User } from '../db/schema';
import { tenantPool, tenantScope } from '../profiles/pool';
import type { Tenant } from '../tenants/schema';

type ProfileEB = ExpressionBuilder<DB, 'profiles'>;

export interface Viewer {
  user: Pick<User, 'id' | 'profile_id' | 'paid_user'> | null;
}

/** `ignoreOwnBlocks`: a member may still open a profile they blocked (to unblock it). */
export function visibleTo(eb: ProfileEB, tenant: Tenant, viewer: Viewer, options: { ignoreOwnBlocks?: boolean } = {}): Expression<SqlBool> {
  const own = viewer.user?.profile_id;
  const conditions: Expression<SqlBool>[] = [
    own ? eb.and([tenantScope(eb, tenant, today()), eb.or([eb('profiles.listed', '=', true), reachedOut(eb, own)])]) : tenantPool(eb, tenant, today()),
  ];
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

/**
 * A profile whose owner, still a member, reached out to the viewer: liked them (an active profile),
 * or wrote to them — a message also counts from a member whose e-mail is not confirmed yet (their
 * profile waits for the confirmation, but docs/product.md §4 lets them write; decision 0017). For an invisible
 * owner only what they sent since going invisible counts (docs/product.md §6: hidden from others' likes and
 * messages, they make the first move; decision 0030).
 */
function reachedOut(eb: ProfileEB, own: number): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('users as owner')
      .select(sql`1`.as('one'))
      .whereRef('owner.id', '=', 'profiles.user_id')
      .where('owner.status', 'in', ['confirmed', 'not_confirmed'])
      .where((o) =>
        o.or([
          o.and([
            o('profiles.status', '=', 'active'),
            o.exists(
              o
                .selectFrom('likes')
                .select(sql`1`.as('one'))
                .whereRef('likes.liker_profile_id', '=', 'profiles.id')
                .where('likes.liked_profile_id', '=', own)
                .where((l) => l.or([l('owner.invisible', '=', false), l('likes.created_at', '>=', l.ref('owner.invisible_since'))])),
            ),
          ]),
          o.exists(
            o
              .selectFrom('conversation_sides as reach_side')
              .innerJoin('messages as reach_message', 'reach_message.conversation_id', 'reach_side.conversation_id')
              .select(sql`1`.as('one'))
              .where('reach_side.profile_id', '=', own)
              .whereRef('reach_side.other_profile_id', '=', 'profiles.id')
              .whereRef('reach_message.sender_profile_id', '=', 'profiles.id')
              .where((m) => m.or([m('owner.invisible', '=', false), m('reach_message.created_at', '>=', m.ref('owner.invisible_since'))])),
          ),
        ]),
      ),
  );
}

/** How many photos of a profile a viewer sees (docs/product.md §6): visitors 1, free members 3, premium all. */
/**
 * The name of the member of `profileId` when they blocked the viewer's profile `own`, else null. Every
 * action on that profile (a like, a swipe, a message, a gift) answers the same "You're blocked by
 * {name}" with it (docs/product.md §6; issue 48 item 12), not the not-found of a profile one cannot see.
 */
export async function blockerName(db: Kysely<DB>, own: number, profileId: number): Promise<string | null> {
  const row = await db
    .selectFrom('blocks')
    .innerJoin('profiles', 'profiles.id', 'blocks.blocker_profile_id')
    .select('profiles.name')
    .where('blocks.blocker_profile_id', '=', profileId)
    .where('blocks.blocked_profile_id', '=', own)
    .executeTakeFirst();
  return row ? row.name : null;
}

export function photoAllowance(viewer: Viewer): number {
  if (!viewer.user) return 1;
  return viewer.user.paid_user ? Number.POSITIVE_INFINITY : 3;
}
