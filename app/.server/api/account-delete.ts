// POST /api/account-delete.php { reason, comment? } (member): the account becomes pending deletion;
// a reactivation link valid for 14 days is mailed. Reasons: docs/product.md §9 delete reasons.
import { DeletionSchema, requestDeletion } from '~/.server/accounts/deletion';
import { clearSessionCookie } from '~/.server/accounts/sessions';
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { announceSessionEnd } from '~/.server/events/member-events';

const route = apiRoute({
  POST: endpoint({
    member: true,
    body: DeletionSchema,
    async handle({ context, body, user }) {
      const { db, tenant, locale } = context;
      const result = await requestDeletion(db, tenant, user, { ...body, origin: context.origin, locale });
      if (!result.ok) return apiError(400, 'invalid_reason', locale, 'delete.error.reason');
      await announceSessionEnd(context.events, tenant.id, user.id);
      context.mail.poke();
      return apiJson({ ok: true }, { headers: { 'Set-Cookie': clearSessionCookie(context.secure) } });
    },
  }),
});

export default route;
