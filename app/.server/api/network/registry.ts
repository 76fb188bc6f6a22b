// The network console's JSON API (docs/api.md "Network console", docs/decisions/0072): every
// /api/network/<name>.php the admin host answers, each an apiRoute() of its own module in this
// folder, served by the API router (http/api-router.ts) with the console's load context
// (console-context.ts) in front of the console's Remix app. A tenant host never reaches one of them.
// A new endpoint: its module here, and one entry below.
import type { ApiRoute } from '../../http/api-route';
import audit from './audit';
import drafts from './drafts';
import health from './health';
import login from './login';
import logout from './logout';
import overview from './overview';
import series from './series';
import tenants from './tenants';

export const NETWORK_API_ROUTES: Readonly<Record<string, ApiRoute>> = {
  '/api/network/audit.php': audit,
  '/api/network/drafts.php': drafts,
  '/api/network/health.php': health,
  '/api/network/login.php': login,
  '/api/network/logout.php': logout,
  '/api/network/overview.php': overview,
  '/api/network/series.php': series,
  '/api/network/tenants.php': tenants,
};
