// POST /api/block.php { profile } blocks a profile; DELETE /api/block.php { profile } unblocks (member).
import type { ActionFunctionArgs } from '@remix-run/node';
import { profileCommand } from '~/.server/http/profile-command';
import { blockProfile, unblockProfile } from '~/.server/members/blocking';

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, tenant } = context;
  return profileCommand(request, context, {
    post: (viewer, profile) => blockProfile(db, tenant, viewer, profile),
    delete: (viewer, profile) => unblockProfile(db, viewer, profile),
    answer: () => ({ ok: true }),
    selfMessage: 'block.error.self',
  });
}
