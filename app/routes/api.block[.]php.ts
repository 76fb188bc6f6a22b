// POST /api/block.php { profile } blocks a profile; DELETE /api/block.php { profile } unblocks (member).
import type { ActionFunctionArgs } from '@remix-run/node';
import { apiError, apiJson, authenticationRequired, methodNotAllowed, readBody } from '~/.server/http/api';
import { blockProfile, unblockProfile } from '~/.server/members/blocking';

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, tenant, locale, user } = context;
  if (request.method !== 'POST' && request.method !== 'DELETE') return methodNotAllowed(locale, ['POST', 'DELETE']);
  if (!user) return authenticationRequired(locale);
  const profile = Number((await readBody(request)).profile);
  const result = request.method === 'POST' ? await blockProfile(db, tenant, { user }, profile) : await unblockProfile(db, { user }, profile);
  if (result.ok) return apiJson({ ok: true });
  if (result.error === 'authentication_required') return authenticationRequired(locale);
  return apiError(result.error === 'self' ? 400 : 404, result.error, locale, result.error === 'self' ? 'block.error.self' : 'api.error.notFound');
}
