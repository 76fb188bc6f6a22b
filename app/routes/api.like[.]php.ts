// POST /api/like.php { profile } likes a profile; DELETE /api/like.php { profile } takes the like
// back (member). Answers { state }: none, liked, liked_by_them or match (SPEC §4).
import type { ActionFunctionArgs } from '@remix-run/node';
import { apiError, apiJson, authenticationRequired, methodNotAllowed, readBody } from '~/.server/http/api';
import { likeProfile, unlikeProfile } from '~/.server/likes/likes';

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, tenant, locale, user } = context;
  if (request.method !== 'POST' && request.method !== 'DELETE') return methodNotAllowed(locale, ['POST', 'DELETE']);
  if (!user) return authenticationRequired(locale);
  const profile = Number((await readBody(request)).profile);
  const result = request.method === 'POST' ? await likeProfile(db, tenant, { user }, profile) : await unlikeProfile(db, { user }, profile);
  if (result.ok) return apiJson({ state: result.state });
  if (result.error === 'authentication_required') return authenticationRequired(locale);
  return apiError(result.error === 'self' ? 400 : 404, result.error, locale, result.error === 'self' ? 'like.error.self' : 'api.error.notFound');
}
