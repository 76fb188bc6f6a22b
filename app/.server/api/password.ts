// POST /api/password.php { old_password, password } — a member changes the password; the old one
// must be right ('Please check your old password'). Other sessions end.
import { changePassword, ChangePasswordSchema, RESET_MESSAGES } from '~/.server/accounts/password-reset';
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { announceSessionEnd } from '~/.server/events/member-events';

const route = apiRoute({
  POST: endpoint({
    member: true,
    body: ChangePasswordSchema,
    async handle({ context, body, user }) {
      const result = await changePassword(context.db, user, body);
      if (result.ok) await announceSessionEnd(context.events, context.tenant.id, user.id);
      return result.ok ? apiJson({ ok: true }) : apiError(400, result.error, context.locale, RESET_MESSAGES[result.error]);
    },
  }),
});

export default route;
