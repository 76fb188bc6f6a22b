// POST /operator/logout: ends the operator's session on this host and clears its cookie.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { clearOperatorSessionCookie, destroyOperatorSession } from '~/.server/operators/sessions';

export async function action({ context, request }: ActionFunctionArgs) {
  await destroyOperatorSession(context.db, context.tenant, request.headers.get('Cookie'));
  return redirect('/operator/login', { headers: { 'Set-Cookie': clearOperatorSessionCookie(context.secure) } });
}

export function loader() {
  return redirect('/operator');
}
