// One shape for every /api/*.php route (docs/architecture.md §5, docs/api.md): each method names who may call it
// and one zod schema for its query and one for its body; both are parsed before the handler (and so
// the domain) runs. Bad input answers 400 { error: "validation", message, fields } with translated
// texts; a method the route does not take answers 405 with Allow; a visitor on a member endpoint
// answers 403 authentication_required (docs/product.md §8); an unexpected failure answers 500 server_error.
// The routes are served by the server's API router (api-router.ts, docs/decisions/0041) from the one
// registry in api-registry.ts, without Remix: a handler gets the web Request only when it reads it.
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import type { User } from '../db/schema';
import { apiError, authenticationRequired, methodNotAllowed, serverError } from '../contract/api';
import { readQueryString, readRequestBody, validationError, type Parsed } from '../contract/request-input';
import { logger } from '../observability/logger';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request to an API route: its method and query string, and the web Request, made on first use. */
export interface ApiCall {
  method: string;
  /** The query string, without '?'. */
  search: string;
  request(): Request;
}

/** A call from a web Request (Remix's loader and action arguments, unit tests). */
export function callOfRequest(request: Request): ApiCall {
  return { method: request.method, search: new URL(request.url).search.slice(1), request: () => request };
}

interface HandlerArgs<Q, B, U> {
  request: Request;
  context: AppLoadContext;
  query: Q;
  body: B;
  user: U;
}

interface EndpointSpec<Q, B, M extends boolean> {
  /** true: members only; a visitor gets 403 authentication_required before the input is read. */
  member?: M;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The handler reads a multipart body itself (uploads); the server has capped its size. */
  rawBody?: boolean;
  handle(args: HandlerArgs<Q, B, M extends true ? User : User | null>): Promise<Response> | Response;
}

export interface Endpoint {
  member: boolean;
  run(call: ApiCall, context: AppLoadContext): Promise<Response>;
}

/** One method of a route: who may call it, its query and body schemas, and what it does. */
export function endpoint<Q = Record<string, never>, B = Record<string, never>, M extends boolean = false>(spec: EndpointSpec<Q, B, M>): Endpoint {
  return {
    member: spec.member === true,
    async run(call, context) {
      const user = context.user;
      if (spec.member && !user) return authenticationRequired(context.locale);
      const query = parseWith(spec.query, readQueryString(call.search));
      if (!query.ok) return validationError(context.locale, query.issues, 'query');
      let body: Parsed<unknown> = { ok: true, value: undefined };
      if (spec.body) {
        const raw = await readRequestBody(call.request());
        if ('status' in raw) {
          return raw.status === 413
            ? apiError(413, 'too_large', context.locale, 'api.error.tooLarge')
            : apiError(415, 'unsupported_media_type', context.locale, 'api.error.unsupportedType');
        }
        body = parseWith(spec.body, raw);
        if (!body.ok) return validationError(context.locale, body.issues, 'body');
      }
      const args = {
        // A getter: a GET that never reads its request never has one made (undici's Request is dear).
        get request() {
          return call.request();
        },
        context,
        query: query.value as Q,
        body: body.value as B,
        user: user as never,
      };
      return spec.handle(args);
    },
  };
}

function parseWith<T>(schema: z.ZodType<T> | undefined, raw: Parsed<unknown>): Parsed<T> {
  if (!raw.ok) return raw;
  if (!schema) return { ok: true, value: {} as T };
  const parsed = schema.safeParse(raw.value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: parsed.error.issues.map((i) => ({ ...i, path: i.path.map(String), input: raw.value })) };
}

type Dispatch = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

export type ApiRoute = {
  /** The methods the route takes (GET also answers HEAD): the router answers 405 with Allow for others. */
  methods: string[];
  /** Answers a call: the router's way in (api-router.ts). */
  serve(call: ApiCall, context: AppLoadContext): Promise<Response>;
  /** The same as a Remix loader and action, for callers that hold a web Request (`loader.methods` = methods). */
  loader: Dispatch & { methods: string[] };
  action: Dispatch;
};

/** A route from its endpoints: GET also answers HEAD; any other method answers 405. */
export function apiRoute(endpoints: Partial<Record<ApiMethod, Endpoint>>): ApiRoute {
  const methods = (Object.keys(endpoints) as ApiMethod[]).flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
  const serve = async (call: ApiCall, context: AppLoadContext) => {
    const method = (call.method === 'HEAD' ? 'GET' : call.method) as ApiMethod;
    const found = endpoints[method];
    if (!found) return methodNotAllowed(context.locale, methods);
    try {
      return await found.run(call, context);
    } catch (error) {
      if (error instanceof Response) return error;
      logger.error({ reqId: context.requestId, err: error }, `request ${context.requestId} failed`);
      return serverError(context.locale, context.requestId);
    }
  };
  const dispatch: Dispatch = ({ request, context }) => serve(callOfRequest(request), context);
  return { methods, serve, loader: Object.assign(dispatch, { methods }), action: dispatch };
}
