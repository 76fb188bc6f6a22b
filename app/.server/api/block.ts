// POST /api/block.php { profile } blocks a profile; DELETE /api/block.php { profile } unblocks (member).
import { profileCommand } from '~/.server/http/profile-command';
import { blockProfile, unblockProfile } from '~/.server/members/blocking';

const route = profileCommand({
  post: ({ db, tenant }, viewer, profile) => blockProfile(db, tenant, viewer, profile),
  delete: ({ db }, viewer, profile) => unblockProfile(db, viewer, profile),
  answer: () => ({ ok: true }),
  selfMessage: 'block.error.self',
});

export default route;
