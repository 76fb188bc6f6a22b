// Loader and action data of the profile screen, shared by /members/{id} and /likes/m/{id}.
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { parseId } from '~/shared/request-rules';
import { formAction } from '../contract/form-action';
import { countNewLikes, likeProfile, likeState, markLikeSeen, unlikeProfile, type LikeState } from '../likes/likes';
import { localize } from '../tenants/localize';
import { memberChannel } from '../events/bus';
import { blockProfile, unblockProfile } from './blocking';
import { viewProfile } from './profile';

export async function profilePageData(context: AppLoadContext, id: number) {
  const { db, tenant, user, locale } = context;
  const result = await viewProfile(db, tenant, { user }, id);
  if (!result.ok && result.error === 'not_found') throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  // docs/product.md §6: the blocked member has no access to this page — the text, with 403 (not 200).
  if (!result.ok) return data({ blockedBy: result.name, page: null, newLikes: undefined, profile: null }, { status: 403 });
  const { profile } = result;
  const viewer = !user ? ('visitor' as const) : user.profile_id === profile.id ? ('self' as const) : ('member' as const);
  let like: LikeState = 'none';
  let newLikes: number | undefined;
  if (viewer === 'member' && user?.profile_id) {
    like = await likeState(db, user.profile_id, profile.id);
    // Opening a liker's profile clears their flag: the likes badge follows (docs/product.md §4). Nothing to
    // clear when they did not like the viewer, nor to count again when nothing was cleared (the
    // shell's count stands).
    if ((like === 'liked_by_them' || like === 'match') && (await markLikeSeen(db, { user }, profile.id))) {
      newLikes = await countNewLikes(db, tenant, { user });
      // The like is no longer new in GET /api/likes.php either (docs/decisions/0067).
      await context.events.touch?.(memberChannel(tenant.id, user.id));
    }
  }
  return {
    blockedBy: null,
    newLikes,
    profile: { name: profile.name },
    page: {
      profile,
      viewer,
      like,
      fictionalWarning: localize(tenant.settings.fictional_warning.singular, locale, tenant),
      blocked: profile.blockedByViewer,
    },
  };
}

/** The {id} of a profile route: an id of 1 … 2,147,483,647, else the 404 page. */
export function profileIdParam(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  return id;
}

/** The profile screen's buttons: like, take the like back, block, unblock. */
export const profilePageAction = formAction({
  body: z.object({ intent: z.enum(['like', 'unlike', 'block', 'unblock']) }),
  failure: () => ({ ok: false, matched: false }),
  async handle({ context, body, params }) {
    const id = profileIdParam(params.id);
    const viewer = { user: context.user };
    const act = { like: () => likeProfile(context.db, context.tenant, viewer, id, context.events), unlike: () => unlikeProfile(context.db, viewer, id), block: () => blockProfile(context.db, context.tenant, viewer, id), unblock: () => unblockProfile(context.db, viewer, id) };
    const result = await act[body.intent]();
    if (!result.ok && result.error === 'authentication_required') throw redirect('/login');
    if (!result.ok && result.error === 'not_found') throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
    // Blocked by that member: the page answers what its loader answers them (403, "You're blocked by {name}").
    if (!result.ok && result.error === 'blocked') return data({ ok: false, matched: false, blockedBy: result.name }, { status: 403 });
    // A like that answers 'match' was a like back: the page shows the match modal.
    return { ok: result.ok, matched: body.intent === 'like' && 'state' in result && result.state === 'match' };
  },
});
