// POST /api/mail-change.php { email } (member): mails a confirmation link to the new address.
// 400 'New email adress is invalid'; 409 'This email address already owns an account on this website'.
import type { ActionFunctionArgs } from '@remix-run/node';
import { requestMailChange } from '~/.server/accounts/mail-change';
import { apiError, apiJson, authenticationRequired, methodNotAllowed, readBody } from '~/.server/http/api';

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, tenant, locale, user } = context;
  if (request.method !== 'POST') return methodNotAllowed(locale, ['POST']);
  if (!user) return authenticationRequired(locale);
  const body = await readBody(request);
  const result = await requestMailChange(db, tenant, user, { email: body.email, origin: context.origin, locale });
  if (!result.ok) {
    return result.error === 'invalid'
      ? apiError(400, 'invalid_email', locale, 'mailChange.error.invalid')
      : apiError(409, 'email_taken', locale, 'mailChange.error.taken');
  }
  context.mail.poke();
  return apiJson({ ok: true });
}
