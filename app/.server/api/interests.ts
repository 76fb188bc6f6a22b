// GET /api/interests.php (docs/product.md §7): every interest tag with its name in the request's language.
// Profiles come from a shared pool, so a profile may carry a tag its tenant does not offer for
// selection; settings.interests says which ones the tenant offers.
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { interestList } from '~/.server/profiles/interests';

const route = apiRoute({
  GET: endpoint({
    handle({ context }) {
      const interests = context.tenants.cached(context.tenant, `interests:${context.locale}`, () =>
        interestList(context.locale, context.tenant.settings.interests),
      );
      return apiJson({ interests }, { headers: { 'Cache-Control': 'private, max-age=300', Vary: 'Cookie' } });
    },
  }),
});

export default route;
