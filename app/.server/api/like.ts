// POST /api/like.php { profile } likes a profile; DELETE /api/like.php { profile } takes the like
// back (member). Answers { state }: none, liked, liked_by_them or match (docs/product.md §4). A profile the member
// cannot see — an invisible member who has not liked them first among others — answers 404 with a
// text that says so without telling which (docs/product.md §6).
import { profileCommand } from '~/.server/http/profile-command';
import { likeProfile, unlikeProfile } from '~/.server/likes/likes';

const route = profileCommand({
  post: ({ db, tenant, events }, viewer, profile) => likeProfile(db, tenant, viewer, profile, events),
  delete: ({ db }, viewer, profile) => unlikeProfile(db, viewer, profile),
  answer: (result) => ({ state: result.state }),
  selfMessage: 'like.error.self',
  notFoundMessage: 'like.error.unavailable',
});

export default route;
