// One shape for every /api/*.php route (DESIGN §5, docs/api.md): each method names who may call it
// and one zod schema for its query and one for its body; both are parsed before the handler (and so
// the domain) runs. Bad input answers 400 { error: "validation", message, fields } with translated
// texts; a method the route does not take answers 405 with Allow; a visitor on a member endpoint
// answers 403 authentication_required (SPEC §8); an unexpected failure answers 500 server_error.
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import type { User } from '../db/schema';
import { apiError, authenticationRequired, methodNotAllowed, serverError } from './api';
import { readRequestBody, readRequestQuery, validationError, type Parsed } from './request-input';
import { logger } from '../observability/logger';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
  run(request: Request, context: AppLoadContext): Promise<Response>;
}

/** One method of a route: who may call it, its query and body schemas, and what it does. */
export function endpoint<Q = Record<string, never>, B = Record<string, never>, M extends boolean = false>(spec: EndpointSpec<Q, B, M>): Endpoint {
  return {
    member: spec.member === true,
    async run(request, context) {
      const user = context.user;
      if (spec.member && !user) return authenticationRequired(context.locale);
      const query = parseWith(spec.query, readRequestQuery(request));
      if (!query.ok) return validationError(context.locale, query.issues, 'query');
      let body: Parsed<unknown> = { ok: true, value: undefined };
      if (spec.body) {
        const raw = await readRequestBody(request);
        if ('status' in raw) {
          return raw.status === 413
            ? apiError(413, 'too_large', context.locale, 'api.error.tooLarge')
            : apiError(415, 'unsupported_media_type', context.locale, 'api.error.unsupportedType');
        }
        body = parseWith(spec.body, raw);
        if (!body.ok) return validationError(context.locale, body.issues, 'body');
      }
      return spec.handle({ request, context, query: query.value as Q, body: body.value as B, user: user as never });
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
  /** `loader.methods`: the methods the route takes, read by the request gate before Remix runs (remix-adapter.ts). */
  loader: Dispatch & { methods: string[] };
  action: Dispatch;
};

/** A resource route from its endpoints: GET also answers HEAD; any other method answers 405. */
export function apiRoute(endpoints: Partial<Record<ApiMethod, Endpoint>>): ApiRoute {
  const methods = (Object.keys(endpoints) as ApiMethod[]).flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
  const dispatch = async ({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) => {
    const method = (request.method === 'HEAD' ? 'GET' : request.method) as ApiMethod;
    const found = endpoints[method];
    if (!found) return methodNotAllowed(context.locale, methods);
    try {
      return await found.run(request, context);
    } catch (error) {
      if (error instanceof Response) return error;
      logger.error({ reqId: context.requestId, err: error }, `request ${context.requestId} failed`);
      return serverError(context.locale, context.requestId);
    }
  };
  // On the loader, not an export of its own: a route's extra exports would be bundled for the browser.
  return { loader: Object.assign(dispatch, { methods }), action: dispatch };
}
