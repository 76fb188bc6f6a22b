// The loader and action of the thin route files app/routes/api.<name>[.]php.ts. The server's API
// router answers every /api/ path before Remix (docs/decisions/0041) but the page fetchers'
// single-fetch data requests (`/api/x.php.data`): those, and Remix called without the router, run
// here, from the same registry.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { notFound } from '../contract/api';
import { API_ROUTES } from './registry';

function dispatch(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const path = new URL(args.request.url).pathname.toLowerCase().replace(/\/+$/, '').replace(/\.data$/, '');
  const route = Object.hasOwn(API_ROUTES, path) ? API_ROUTES[path] : undefined;
  return route ? route.loader(args) : Promise.resolve(notFound(args.context.locale));
}

export const loader = dispatch;
export const action = dispatch;
