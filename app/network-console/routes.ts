// The network console's routes (docs/decisions/0072): the files under app/network-console/routes.
import { flatRoutes } from '@remix-run/fs-routes';
import type { RouteConfig } from '@remix-run/route-config';

export default flatRoutes() satisfies RouteConfig;
