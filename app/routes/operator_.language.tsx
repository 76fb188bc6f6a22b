// POST /operator/language: the console's language, saved on the operator's account (operators work
// in their own language, whatever the tenant's).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { LOCALES } from '~/shared/locales';
import { setOperatorLanguage } from '~/.server/operators/accounts';
import { refuseMembers } from '~/.server/operators/console';
import { readRequestBody } from '~/.server/contract/request-input';

const LanguageSchema = z.object({ language: z.enum(LOCALES) });

export async function action({ context, request }: ActionFunctionArgs) {
  refuseMembers(context);
  if (!context.operator) return redirect('/operator/login');
  const read = await readRequestBody(request);
  const parsed = read.ok && !('status' in read) ? LanguageSchema.safeParse(read.value) : null;
  if (parsed?.success) await setOperatorLanguage(context.db, context.operator.id, parsed.data.language);
  return redirect(consolePageOf(request));
}

/** Back to the console page the form was on (the Referer, when it is one of ours), else the queue. */
function consolePageOf(request: Request): string {
  try {
    const back = new URL(request.headers.get('Referer') ?? '');
    if (back.host === new URL(request.url).host && /^\/operator(\/|$)/.test(back.pathname)) return back.pathname + back.search;
  } catch {
    // No or a malformed Referer.
  }
  return '/operator';
}

export function loader({ context }: LoaderFunctionArgs) {
  refuseMembers(context);
  return redirect('/operator');
}
