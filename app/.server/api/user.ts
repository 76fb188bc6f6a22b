// /api/user.php (docs/product.md §7): GET the logged-in user ({ user: null } for a visitor), POST to log in,
// PUT { language } to change the member's language; with ?push=1, POST {subscription} subscribes this
// browser to web push and DELETE {endpoint} unsubscribes it (members only; docs/api.md "Web push").
import { z } from 'zod';
import { logIn, loginRefusal, LoginSchema } from '~/.server/accounts/login';
import { createSession, sessionCookie } from '~/.server/accounts/sessions';
import { userView } from '~/.server/accounts/user-view';
import { apiJson, methodNotAllowed, tooManyRequests } from '~/.server/contract/api';
import { apiRoute, endpoint, type Endpoint } from '~/.server/http/api-route';
import { validationError } from '~/.server/contract/request-input';
import { PushSubscriptionSchema, PushUnsubscribeSchema, subscribePush, unsubscribePush } from '~/.server/notifications/push';
import { languageCookie, loginLanguageCookie } from '~/.server/i18n/language-choice';
import { LOCALES } from '~/shared/locales';

/** `?push=1` selects the push endpoint of a method, else the plain one. */
function withPush(push: Endpoint, plain?: Endpoint): Endpoint {
  return {
    member: false,
    run: (call, context) => {
      if (new URLSearchParams(call.search).get('push') === '1') return push.run(call, context);
      return plain ? plain.run(call, context) : Promise.resolve(methodNotAllowed(context.locale, ['GET', 'HEAD', 'POST', 'PUT', 'DELETE']));
    },
  };
}

const subscribe = endpoint({
  member: true,
  query: z.object({ push: z.literal('1') }),
  body: PushSubscriptionSchema,
  async handle({ context, body, user }) {
    await subscribePush(context.db, context.tenant, user, body);
    return apiJson({ ok: true, push: { isSubscribed: true } });
  },
});

const unsubscribe = endpoint({
  member: true,
  query: z.object({ push: z.literal('1') }),
  body: PushUnsubscribeSchema,
  async handle({ context, body, user }) {
    await unsubscribePush(context.db, user, body.endpoint);
    return apiJson({ ok: true, push: { isSubscribed: false } });
  },
});

const route = apiRoute({
  GET: endpoint({
    handle: async ({ context, user }) => apiJson({ user: user ? await userView(context.db, context.tenant, user) : null }),
  }),
  DELETE: withPush(unsubscribe),
  POST: withPush(subscribe, endpoint({
    body: LoginSchema,
    async handle({ request, context, body }) {
      const { db, tenant, locale } = context;
      const wait = await context.limits.consume('login', tenant.id, context.visitor.ip ?? 'unknown');
      if (wait) return tooManyRequests(locale, wait);
      const result = await logIn(db, tenant, { ip: context.visitor.ip }, body, context.limits);
      if (!result.ok) {
        const { status, ...refusal } = loginRefusal(locale, result);
        return apiJson(refusal, { status, headers: refusal.seconds ? { 'Retry-After': String(refusal.seconds) } : undefined });
      }
      const token = await createSession(db, tenant, result.user.id, { ip: context.visitor.ip, userAgent: context.userAgent });
      const headers = new Headers({ 'Set-Cookie': sessionCookie(token, context.secure) });
      const language = loginLanguageCookie(request.headers.get('Cookie'), result.user.language, tenant, context.secure);
      if (language) headers.append('Set-Cookie', language);
      return apiJson({ user: await userView(db, tenant, result.user) }, { headers });
    },
  })),
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

export default route;
