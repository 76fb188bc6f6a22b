// POST /api/mail-change.php { email } (member): mails a confirmation link to the new address.
// 400 'New email adress is invalid'; 409 'This email address already owns an account on this website';
// 429 send_limit past the limits of docs/decisions/0038 (per account and per address).
import { MailChangeSchema, requestMailChange } from '~/.server/accounts/mail-change';
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { sendLimitText } from '~/.server/trust/send-limits';
import type { Locale } from '~/shared/locales';

const route = apiRoute({
  POST: endpoint({
    member: true,
    body: MailChangeSchema,
    async handle({ context, body, user }) {
      const { db, tenant, locale } = context;
      const result = await requestMailChange(db, tenant, user, { email: body.email, origin: context.origin, locale });
      if (!result.ok) {
        if (result.error === 'send_limit') return sendLimited(locale, result.retryAfter);
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

/** 429 send_limit with when to try again (docs/decisions/0038). */
function sendLimited(locale: Locale, retryAfter: number): Response {
  return apiJson({ error: 'send_limit', message: sendLimitText(locale, retryAfter), retry_after: retryAfter }, { status: 429, headers: { 'Retry-After': String(retryAfter) } });
}
