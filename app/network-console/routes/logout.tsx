// POST /logout: ends the staff member's session and goes back to the login (docs/decisions/0050).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { consoleOf } from '~/.server/network/console-context';
import { clearNetworkSessionCookie, networkLogout } from '~/.server/network/staff';

export async function action({ request, context }: ActionFunctionArgs) {
  const network = consoleOf(context);
  if (network.actor) await networkLogout(network.db, network.actor, request.headers.get('Cookie'), network.client);
  return redirect('/login', { status: 303, headers: { 'Set-Cookie': clearNetworkSessionCookie(network.secure) } });
}

/** A GET is no logout (a link preview must not end a session): the login or the overview. */
export function loader({ context }: LoaderFunctionArgs) {
  return redirect(consoleOf(context).actor ? '/' : '/login', 303);
}
