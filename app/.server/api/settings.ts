// GET /api/settings.php (docs/product.md §7): the tenant's settings for the request host, never a domain from the query.
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { SELECTED_COUNTRY_COOKIE } from '~/.server/geo/selected-country';
import { readCookie } from '~/.server/i18n/negotiate';
import { tenantPushKeys } from '~/.server/notifications/push';
import { publicSettings } from '~/.server/tenants/public-settings';

const route = apiRoute({
  GET: endpoint({
    async handle({ request, context }) {
      const selected = readCookie(request.headers.get('Cookie'), SELECTED_COUNTRY_COOKIE)?.toUpperCase() ?? null;
      const settings = publicSettings(context.tenants, context.tenant, context.locale, {
        detected: context.visitor.country,
        selected,
      });
      // The tenant's VAPID public key (made once, notifications/push.ts): browsers subscribe with it.
      const push_public_key = (await tenantPushKeys(context.db, context.tenant)).publicKey;
      return apiJson({ ...settings, push_public_key }, { headers: { 'Cache-Control': 'private, max-age=60', Vary: 'Cookie' } });
    },
  }),
});

export default route;
