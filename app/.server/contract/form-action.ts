// One shape for every page form action (docs/architecture.md §5): the form is read like an API body (strings
// cleaned, control characters refused), parsed with one zod schema before the domain runs, and
// answered with the route's own action data. Input that fails the schema answers 400 with the
// translated field texts; an unexpected failure is logged with the request id and answers 500 with
// 'An error occured, please try again later' for the form to show inline (never the error page).
import { data, type ActionFunctionArgs, type AppLoadContext } from '@remix-run/node';
import type { z } from 'zod';
import { serverMessage } from '../i18n/messages';
import { issueText, readRequestBody, type InputIssue } from './request-input';
import { logger } from '../observability/logger';

type Refusal<R> = ReturnType<typeof data<R>>;

interface FormActionSpec<B, R> {
  body: z.ZodType<B>;
  /** May answer `data(result, { status: 400 })` for a refusal the domain found (a field error). */
  handle(args: { request: Request; context: AppLoadContext; body: B; params: ActionFunctionArgs['params'] }): Promise<R | Response | Refusal<R>> | R | Response | Refusal<R>;
  /** The route's action data for a failure: a message for the form and texts per field; `raw` is the submitted form. */
  failure(failure: { message: string; fields: Record<string, string>; raw: Record<string, unknown> }): R;
}

export function formAction<B, R>(spec: FormActionSpec<B, R>) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const { locale } = context;
    let raw: Record<string, unknown> = {};
    try {
      const read = await readRequestBody(request);
      if ('status' in read) return data(spec.failure({ message: serverMessage(locale, 'api.error.tooLarge'), fields: {}, raw }), { status: read.status });
      if (read.ok && read.value && typeof read.value === 'object' && !Array.isArray(read.value)) raw = read.value as Record<string, unknown>;
      const issues: InputIssue[] = read.ok ? [] : read.issues;
      const parsed = read.ok ? spec.body.safeParse(read.value) : null;
      if (parsed && !parsed.success) issues.push(...parsed.error.issues.map((i) => ({ ...i, path: i.path.map(String), input: read.ok ? read.value : undefined })));
      if (issues.length || !parsed?.success) {
        const fields: Record<string, string> = {};
        for (const issue of issues) fields[issue.path[0] ?? 'form'] ??= issueText(locale, issue);
        return data(spec.failure({ message: serverMessage(locale, 'signup.error.check'), fields, raw }), { status: 400 });
      }
      return await spec.handle({ request, context, body: parsed.data, params });
    } catch (error) {
      if (error instanceof Response) throw error;
      logger.error({ reqId: context.requestId, err: error }, `request ${context.requestId} failed`);
      return data(spec.failure({ message: serverMessage(locale, 'api.error.internal'), fields: {}, raw }), { status: 500 });
    }
  };
}
