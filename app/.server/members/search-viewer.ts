// Who is searching, as the search page and GET /api/members.php both see it: the member (or a
// visitor), whether the visit came with a traffic source, and where the viewer is (for distances).
import type { AppLoadContext } from '@remix-run/node';
import { viewerLocation } from '../geo/viewer-location';
import { visitorAttribution } from '../tracking/attribution';

export async function searchViewer(request: Request, context: AppLoadContext) {
  const cookie = request.headers.get('Cookie');
  return {
    user: context.user,
    hasTrafficSource: context.user ? false : Boolean((await visitorAttribution(context))?.tracking),
    location: await viewerLocation(context.db, context.user, cookie),
  };
}
