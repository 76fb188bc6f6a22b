// POST /api/password-reset.php { email } — mails a reset link. 404 'E-mail address not found';
// 429 past the daily limit. POST with { token, password, password_confirm } sets the new password.
import { z } from 'zod';
import { requestPasswordReset, resetPassword, ResetRequestSchema, ResetSchema, RESET_MESSAGES } from '~/.server/accounts/password-reset';
import { apiError, apiJson, tooManyRequests } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';

const STATUS = { not_found: 404, too_many: 429, mismatch: 400, too_short: 400, invalid_link: 410 } as const;

const route = apiRoute({
  POST: endpoint({
    body: z.union([ResetSchema, ResetRequestSchema]),
    async handle({ context, body }) {
      const { db, tenant, locale } = context;
      if ('token' in body) {
        const result = await resetPassword(db, tenant, body);
        return result.ok ? apiJson({ ok: true }) : apiError(STATUS[result.error], result.error, locale, RESET_MESSAGES[result.error]);
      }
      const wait = await context.limits.consume('passwordReset', tenant.id, context.visitor.ip ?? 'unknown');
      if (wait) return tooManyRequests(locale, wait);
      const result = await requestPasswordReset(db, tenant, { email: body.email, origin: context.origin, locale });
      if (!result.ok) return apiError(STATUS[result.error], result.error, locale, RESET_MESSAGES[result.error]);
      context.mail.poke();
      return apiJson({ ok: true });
    },
  }),
});

export default route;
