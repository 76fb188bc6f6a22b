// Serves the floor's production build through the app's own Express 5 and Remix adapter
// (app/.server/http/remix-adapter.ts), as bench/pages.ts measures it: the floor pays what the app's
// adapter costs and nothing of the app's middleware (docs/decisions/0025, 0062).
import path from 'node:path';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import express from 'express';
import { remixHandler } from '../../app/.server/http/remix-adapter';
import { TenantRegistry } from '../../app/.server/tenants/registry';

const build = (await import(path.join(import.meta.dirname, 'build/server/index.js'))) as ServerBuild;
// The adapter's own refusals (405, 413, 500) are themed by a tenant: any demo tenant serves.
const tenant = TenantRegistry.load(path.join(import.meta.dirname, '../../tenants'), () => {}).all()[0]!;
const app = express();
app.disable('x-powered-by');
app.use((_req, res, next) => {
  res.locals.tenant = tenant;
  res.locals.requestId = 'floor';
  next();
});
app.all('/{*splat}', remixHandler({ build, mode: 'production', localeOf: () => 'en', getLoadContext: async () => ({}) as AppLoadContext }));
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`floor listening on ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
