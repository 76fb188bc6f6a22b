// POST /api/signup.php: creates the account, logs the new member in (201 { user }) and mails the
// activation link; 400 { error: 'validation', fields } with translated texts; 403 when signups are
// closed for this visitor; 409 when the address already has an account; 429 when this address
// created LIMITS.signup accounts within the hour (failed attempts do not count).
import { signupFormData } from '~/.server/accounts/signup-form-data';
import { translateFields } from '~/.server/accounts/field-errors';
import { createSession, sessionCookie } from '~/.server/accounts/sessions';
import { signUp, SignupSchema } from '~/.server/accounts/signup';
import { userView } from '~/.server/accounts/user-view';
import { apiError, apiJson, tooManyRequests } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { serverMessage } from '~/.server/i18n/messages';
import { visitorAttribution } from '~/.server/tracking/attribution';

const route = apiRoute({
  /** What the signup form needs (the signup modal loads it): open, countries, regions, min age. */
  GET: endpoint({ handle: async ({ context }) => apiJson(await signupFormData(context)) }),
  POST: endpoint({
    body: SignupSchema,
    async handle({ context, body }) {
      const { db, tenant, locale } = context;
      const address = context.visitor.ip ?? 'unknown';
      const wait = await context.limits.blocked('signup', tenant.id, address);
      if (wait) return tooManyRequests(locale, wait);
      const attribution = await visitorAttribution(context);
      const result = await signUp(db, tenant, { ip: context.visitor.ip, origin: context.origin, locale, attribution }, body, context.events);
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
      await context.limits.record('signup', tenant.id, address);
      context.mail.poke();
      const token = await createSession(db, tenant, result.user.id, { ip: context.visitor.ip, userAgent: context.userAgent });
      return apiJson({ user: await userView(db, tenant, result.user) }, { status: 201, headers: { 'Set-Cookie': sessionCookie(token, context.secure) } });
    },
  }),
});

export default route;
