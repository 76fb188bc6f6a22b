// /api/user.php (SPEC §7): GET the logged-in user ({ user: null } for a visitor), POST to log in,
// PUT { language } to change the member's language.
import { z } from 'zod';
import { logIn, LoginSchema } from '~/.server/accounts/login';
import { createSession, sessionCookie } from '~/.server/accounts/sessions';
import { userView } from '~/.server/accounts/user-view';
import { apiError, apiJson, tooManyRequests } from '~/.server/http/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { validationError } from '~/.server/http/request-input';
import { languageCookie, loginLanguageCookie } from '~/.server/i18n/language-choice';
import { serverMessage } from '~/.server/i18n/messages';
import { LOCALES } from '~/shared/locales';

const route = apiRoute({
  GET: endpoint({
    handle: async ({ context, user }) => apiJson({ user: user ? await userView(context.db, context.tenant, user) : null }),
  }),
  POST: endpoint({
    body: LoginSchema,
    async handle({ request, context, body }) {
      const { db, tenant, locale } = context;
      const wait = await context.limits.consume('login', tenant.id, context.visitor.ip ?? 'unknown');
      if (wait) return tooManyRequests(locale, wait);
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
      const headers = new Headers({ 'Set-Cookie': sessionCookie(token, context.secure) });
      const language = loginLanguageCookie(request.headers.get('Cookie'), result.user.language, tenant, context.secure);
      if (language) headers.append('Set-Cookie', language);
      return apiJson({ user: await userView(db, tenant, result.user) }, { headers });
    },
  }),
  PUT: endpoint({
    member: true,
    body: z.object({ language: z.enum(LOCALES, { message: 'api.error.invalidLanguage' }) }),
    async handle({ context, body, user }) {
      const { db, tenant, locale } = context;
      // A language of the eleven that this site does not show is refused like any other wrong value: one answer shape.
      if (!tenant.locales.includes(body.language)) return validationError(locale, [{ code: 'custom', path: ['language'], message: 'api.error.invalidLanguage' }], 'body');
      const updated = await db.updateTable('users').set({ language: body.language }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
      return apiJson({ user: await userView(db, tenant, updated) }, { headers: { 'Set-Cookie': languageCookie(body.language, context.secure) } });
    },
  }),
});

export const loader = route.loader;
export const action = route.action;
