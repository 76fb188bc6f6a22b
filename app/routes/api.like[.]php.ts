// POST /api/like.php { profile } likes a profile; DELETE /api/like.php { profile } takes the like
// back (member). Answers { state }: none, liked, liked_by_them or match (SPEC §4).
import { profileCommand } from '~/.server/http/profile-command';
import { likeProfile, unlikeProfile } from '~/.server/likes/likes';

const route = profileCommand({
  post: ({ db, tenant }, viewer, profile) => likeProfile(db, tenant, viewer, profile),
  delete: ({ db }, viewer, profile) => unlikeProfile(db, viewer, profile),
  answer: (result) => ({ state: result.state }),
  selfMessage: 'like.error.self',
});

export const loader = route.loader;
export const action = route.action;
