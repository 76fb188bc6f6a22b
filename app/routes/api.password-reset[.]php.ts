// POST /api/password-reset.php { email } — mails a reset link. 404 'E-mail address not found';
// 429 past the daily limit. POST with { token, password, password_confirm } sets the new password.
import type { ActionFunctionArgs } from '@remix-run/node';
import { requestPasswordReset, resetPassword, RESET_MESSAGES } from '~/.server/accounts/password-reset';
import { apiError, apiJson, methodNotAllowed, readBody, tooManyRequests } from '~/.server/http/api';

const STATUS = { not_found: 404, too_many: 429, mismatch: 400, too_short: 400, invalid_link: 410 } as const;

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, tenant, locale } = context;
  if (request.method !== 'POST') return methodNotAllowed(locale, ['POST']);
  const body = await readBody(request);
  if (body.token !== undefined) {
    const result = await resetPassword(db, tenant, body);
    return result.ok ? apiJson({ ok: true }) : apiError(STATUS[result.error], result.error, locale, RESET_MESSAGES[result.error]);
  }
  const wait = await context.limits.consume('passwordReset', tenant.id, context.visitor.ip ?? 'unknown');
  if (wait) return tooManyRequests(locale, wait);
  const result = await requestPasswordReset(db, tenant, { email: body.email, origin: context.origin, locale });
  if (!result.ok) return apiError(STATUS[result.error], result.error, locale, RESET_MESSAGES[result.error]);
  context.mail.poke();
  return apiJson({ ok: true });
}
