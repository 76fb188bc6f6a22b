// Who is searching, as the search page and GET /api/members.php both see it: the member (or a
// visitor), whether the visit came with a traffic source, where the viewer is (for distances), and
// the gender a member's search starts from.
import type { AppLoadContext } from '@remix-run/node';
import type { Gender } from '~/shared/catalogue';
import { soughtGenders } from '../likes/fit';
import { viewerLocation } from '../geo/viewer-location';
import { visitorAttribution } from '../tracking/attribution';

export async function searchViewer(request: Request, context: AppLoadContext) {
  const cookie = request.headers.get('Cookie');
  return {
    user: context.user,
    hasTrafficSource: context.user ? false : Boolean((await visitorAttribution(context))?.tracking),
    location: await viewerLocation(context.db, context.user, cookie),
    startGender: await startGender(request, context),
  };
}

/**
 * A member's search starts from the gender they seek (issue 34 item 7) when the query names no
 * gender at all; `gender=` (Everyone) stays everyone, and a member who seeks both starts at everyone.
 */
async function startGender(request: Request, { db, user, tenant }: AppLoadContext): Promise<Gender | null> {
  // Only where the search offers the gender filter: elsewhere the member could not widen it again.
  if (!user?.profile_id || !tenant.settings.search_fields.includes('gender') || new URL(request.url).searchParams.has('gender')) return null;
  const me = await db.selectFrom('profiles').select(['gender', 'sexuality']).where('id', '=', user.profile_id).executeTakeFirst();
  const sought = me ? soughtGenders(me) : [];
  return sought.length === 1 ? sought[0]! : null;
}
