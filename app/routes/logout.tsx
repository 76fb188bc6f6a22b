// POST /logout: the navigation's Logout button; ends the session and returns home.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/react';
import { clearSessionCookie, destroySession } from '~/.server/accounts/sessions';

export async function action({ request, context }: ActionFunctionArgs) {
  await destroySession(context.db, context.tenant, request.headers.get('Cookie'));
  return redirect('/', { headers: { 'Set-Cookie': clearSessionCookie(context.secure) } });
}

export function loader() {
  throw new Response('Not Found', { status: 404 });
}
