// POST /logout: the navigation's Logout button; ends the session and returns home.
import { redirect } from '@remix-run/react';
import { clearSessionCookie, destroySession } from '~/.server/accounts/sessions';
import { announceSessionEnd } from '~/.server/events/member-events';
import { z } from 'zod';
import { formAction } from '~/.server/contract/form-action';

export const action = formAction({
  body: z.object({}),
  failure: () => redirect('/'),
  async handle({ request, context }) {
    await destroySession(context.db, context.tenant, request.headers.get('Cookie'));
    if (context.user) await announceSessionEnd(context.events, context.tenant.id, context.user.id);
    return redirect('/', { headers: { 'Set-Cookie': clearSessionCookie(context.secure) } });
  },
});

export function loader() {
  throw new Response('Not Found', { status: 404 });
}
