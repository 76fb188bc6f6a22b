// POST /api/password.php { old_password, password } — a member changes the password; the old one
// must be right ('Please check your old password'). Other sessions end.
import type { ActionFunctionArgs } from '@remix-run/node';
import { changePassword, RESET_MESSAGES } from '~/.server/accounts/password-reset';
import { apiError, apiJson, authenticationRequired, methodNotAllowed, readBody } from '~/.server/http/api';

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, locale, user } = context;
  if (request.method !== 'POST') return methodNotAllowed(locale, ['POST']);
  if (!user) return authenticationRequired(locale);
  const result = await changePassword(db, user, await readBody(request));
  return result.ok ? apiJson({ ok: true }) : apiError(400, result.error, locale, RESET_MESSAGES[result.error]);
}
