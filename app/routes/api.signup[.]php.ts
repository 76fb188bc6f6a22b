// POST /api/signup.php: creates the account, logs the new member in (201 { user }) and mails the
// activation link; 400 { error: 'validation', fields } with translated texts; 403 when signups are
// closed for this visitor; 409 when the address already has an account.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { signupFormData } from '~/.server/accounts/signup-form-data';
import { translateFields } from '~/.server/accounts/field-errors';
import { createSession, sessionCookie } from '~/.server/accounts/sessions';
import { signUp } from '~/.server/accounts/signup';
import { userView } from '~/.server/accounts/user-view';
import { apiError, apiJson, methodNotAllowed, readBody, tooManyRequests } from '~/.server/http/api';
import { serverMessage } from '~/.server/i18n/messages';
import { trackingFromCookie } from '~/.server/tracking';

/** GET: what the signup form needs (the signup modal loads it): open, countries, regions, min age. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return apiJson(signupFormData(context, request.headers.get('Cookie')));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, tenant, locale } = context;
  if (request.method !== 'POST') return methodNotAllowed(locale, ['POST']);
  const wait = await context.limits.consume('signup', tenant.id, context.visitor.ip ?? 'unknown');
  if (wait) return tooManyRequests(locale, wait);
  const body = await readBody(request);
  body.tracking ??= trackingFromCookie(request.headers.get('Cookie')) ?? undefined;
  const result = await signUp(db, tenant, { ip: context.visitor.ip, origin: context.origin, locale }, body);
  if (!result.ok) {
    switch (result.error) {
      case 'validation':
        return apiJson({ error: 'validation', message: serverMessage(locale, 'signup.error.check'), fields: translateFields(locale, result.fields) }, { status: 400 });
      case 'signups_closed':
        return apiError(403, 'signups_closed', locale, 'signup.closed');
      case 'email_exists':
        return apiError(409, 'email_exists', locale, 'signup.error.emailExists', { login: '/login' });
      case 'pending_deletion':
        return apiError(409, 'pending_deletion', locale, 'signup.error.pendingDeletion');
    }
  }
  context.mail.poke();
  const token = await createSession(db, tenant, result.user.id, { ip: context.visitor.ip, userAgent: context.userAgent });
  return apiJson({ user: await userView(db, tenant, result.user) }, { status: 201, headers: { 'Set-Cookie': sessionCookie(token, context.secure) } });
}
