// POST /operator/logout: ends the operator's session on this host and clears its cookie.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { refuseMembers } from '~/.server/operators/console';
import { clearOperatorSessionCookie, destroyOperatorSession } from '~/.server/operators/sessions';

export async function action({ context, request }: ActionFunctionArgs) {
  refuseMembers(context);
  await destroyOperatorSession(context.db, context.tenant, request.headers.get('Cookie'));
  return redirect('/operator/login', { headers: { 'Set-Cookie': clearOperatorSessionCookie(context.secure) } });
}

export function loader({ context }: LoaderFunctionArgs) {
  refuseMembers(context);
  return redirect('/operator');
}
