// /api/user.php (SPEC §7): GET the logged-in user ({ user: null } for a visitor), POST to log in,
// PUT { language } to change the member's language.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { logIn } from '~/.server/accounts/login';
import { createSession, sessionCookie } from '~/.server/accounts/sessions';
import { userView } from '~/.server/accounts/user-view';
import { apiError, apiJson, authenticationRequired, methodNotAllowed, readBody, tooManyRequests } from '~/.server/http/api';
import { languageCookie } from '~/.server/i18n/language-choice';
import { serverMessage } from '~/.server/i18n/messages';
import { isLocale } from '~/shared/locales';

export async function loader({ context }: LoaderFunctionArgs) {
  const { db, tenant, user } = context;
  return apiJson({ user: user ? await userView(db, tenant, user) : null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, tenant, locale } = context;
  if (request.method === 'POST') {
    const wait = await context.limits.consume('login', tenant.id, context.visitor.ip ?? 'unknown');
    if (wait) return tooManyRequests(locale, wait);
    const body = await readBody(request);
    const result = await logIn(db, tenant, { ip: context.visitor.ip }, body);
    if (!result.ok) {
      if (result.error === 'blocked') {
        return apiJson(
          { error: 'login_blocked', minutes: result.minutes, message: serverMessage(locale, 'login.error.blocked', { minutes: result.minutes }) },
          { status: 429 },
        );
      }
      if (result.error === 'pending_deletion') return apiError(403, 'pending_deletion', locale, 'signup.error.pendingDeletion');
      return apiError(401, 'login_failed', locale, 'login.error.failed');
    }
    const token = await createSession(db, tenant, result.user.id, { ip: context.visitor.ip, userAgent: context.userAgent });
    return apiJson({ user: await userView(db, tenant, result.user) }, { headers: { 'Set-Cookie': sessionCookie(token, context.secure) } });
  }
  if (request.method === 'PUT') {
    if (!context.user) return authenticationRequired(locale);
    const body = await readBody(request);
    const language = body.language;
    if (!isLocale(language) || !tenant.locales.includes(language)) {
      return apiError(400, 'validation', locale, 'api.error.invalidLanguage');
    }
    const updated = await db.updateTable('users').set({ language }).where('id', '=', context.user.id).returningAll().executeTakeFirstOrThrow();
    return apiJson({ user: await userView(db, tenant, updated) }, { headers: { 'Set-Cookie': languageCookie(language, context.secure) } });
  }
  return methodNotAllowed(locale, ['GET', 'HEAD', 'POST', 'PUT']);
}
