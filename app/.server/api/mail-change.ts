// POST /api/mail-change.php { email } (member): mails a confirmation link to the new address.
// 400 'New email adress is invalid'; 409 'This email address already owns an account on this website'.
import { MailChangeSchema, requestMailChange } from '~/.server/accounts/mail-change';
import { apiError, apiJson } from '~/.server/http/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';

const route = apiRoute({
  POST: endpoint({
    member: true,
    body: MailChangeSchema,
    async handle({ context, body, user }) {
      const { db, tenant, locale } = context;
      const result = await requestMailChange(db, tenant, user, { email: body.email, origin: context.origin, locale });
      if (!result.ok) {
        return result.error === 'invalid'
          ? apiError(400, 'invalid_email', locale, 'mailChange.error.invalid')
          : apiError(409, 'email_taken', locale, 'mailChange.error.taken');
      }
      context.mail.poke();
      return apiJson({ ok: true });
    },
  }),
});

export default route;
