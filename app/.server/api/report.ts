// POST /api/report.php { profile, message?, reason, text?, block? } — a member reports a profile or a
// message they received (docs/decisions/0029); it joins the moderation queue with the content
// attached, the member gets the reference by mail, and with `block` the profile is blocked as well.
import { apiError, apiJson, tooManyRequests } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { blockProfile } from '~/.server/members/blocking';
import { reportContent, ReportSchema } from '~/.server/trust/complaints';

const route = apiRoute({
  POST: endpoint({
    member: true,
    body: ReportSchema,
    async handle({ context, body, user }) {
      const { db, tenant, locale } = context;
      const wait = await context.limits.consume('complaint', tenant.id, `member:${user.id}`);
      if (wait) return tooManyRequests(locale, wait);
      const result = await reportContent(db, tenant, { user, locale }, body);
      if (!result.ok) return apiError(404, 'not_found', locale, result.error === 'message_not_found' ? 'report.error.message' : 'api.error.notFound');
      const block = body.block === true || body.block === '1' || body.block === 'true' || body.block === 'on';
      const blocked = block ? (await blockProfile(db, tenant, { user }, body.profile)).ok : false;
      return apiJson({ ok: true, reference: result.reference, blocked });
    },
  }),
});

export default route;
