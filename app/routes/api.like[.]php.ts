// POST /api/like.php { profile } likes a profile; DELETE /api/like.php { profile } takes the like
// back (member). Answers { state }: none, liked, liked_by_them or match (SPEC §4).
import type { ActionFunctionArgs } from '@remix-run/node';
import { profileCommand } from '~/.server/http/profile-command';
import { likeProfile, unlikeProfile } from '~/.server/likes/likes';

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, tenant } = context;
  return profileCommand(request, context, {
    post: (viewer, profile) => likeProfile(db, tenant, viewer, profile),
    delete: (viewer, profile) => unlikeProfile(db, viewer, profile),
    answer: (result) => ({ state: result.state }),
    selfMessage: 'like.error.self',
  });
}
