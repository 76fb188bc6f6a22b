// POST /api/account-delete.php { reason, comment? } (member): the account becomes pending deletion;
// a reactivation link valid for 14 days is mailed. Reasons: SPEC §9 delete reasons.
import type { ActionFunctionArgs } from '@remix-run/node';
import { requestDeletion } from '~/.server/accounts/deletion';
import { clearSessionCookie } from '~/.server/accounts/sessions';
import { apiError, apiJson, authenticationRequired, methodNotAllowed, readBody } from '~/.server/http/api';

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, tenant, locale, user } = context;
  if (request.method !== 'POST') return methodNotAllowed(locale, ['POST']);
  if (!user) return authenticationRequired(locale);
  const body = await readBody(request);
  const result = await requestDeletion(db, tenant, user, { reason: body.reason, comment: body.comment, origin: context.origin, locale });
  if (!result.ok) return apiError(400, 'invalid_reason', locale, 'delete.error.reason');
  context.mail.poke();
  return apiJson({ ok: true }, { headers: { 'Set-Cookie': clearSessionCookie(context.secure) } });
}
