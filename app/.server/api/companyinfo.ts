// GET /api/companyinfo.php (docs/product.md §3, §7): the company behind the tenant's domain.
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { companyInfo } from '~/.server/tenants/public-settings';

const route = apiRoute({
  GET: endpoint({
    handle: ({ context }) => apiJson(companyInfo(context.tenant), { headers: { 'Cache-Control': 'public, max-age=300' } }),
  }),
});

export default route;
