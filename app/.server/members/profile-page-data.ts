// Loader and action data of the profile screen, shared by /members/{id} and /likes/m/{id}.
import type { AppLoadContext } from '@remix-run/node';
import { likeProfile, likeState, markLikeSeen, unlikeProfile, type LikeState } from '../likes/likes';
import { localize } from '../tenants/localize';
import { blockProfile, unblockProfile } from './blocking';
import { viewProfile } from './profile';

export async function profilePageData(context: AppLoadContext, id: number) {
  const { db, tenant, user, locale } = context;
  const result = await viewProfile(db, tenant, { user }, id);
  if (!result.ok && result.error === 'not_found') throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  if (!result.ok) return { blockedBy: result.name, page: null };
  const { profile } = result;
  const viewer = !user ? ('visitor' as const) : user.profile_id === profile.id ? ('self' as const) : ('member' as const);
  let like: LikeState = 'none';
  if (viewer === 'member' && user?.profile_id) {
    await markLikeSeen(db, { user }, profile.id);
    like = await likeState(db, user.profile_id, profile.id);
  }
  return {
    blockedBy: null,
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

export async function profilePageAction(request: Request, context: AppLoadContext, id: number) {
  const form = await request.formData();
  const viewer = { user: context.user };
  const intent = form.get('intent');
  const result =
    intent === 'like'
      ? await likeProfile(context.db, context.tenant, viewer, id)
      : intent === 'unlike'
        ? await unlikeProfile(context.db, viewer, id)
        : intent === 'unblock'
          ? await unblockProfile(context.db, viewer, id)
          : await blockProfile(context.db, context.tenant, viewer, id);
  if (!result.ok && result.error === 'authentication_required') throw new Response('Forbidden', { status: 403 });
  return { ok: result.ok };
}
