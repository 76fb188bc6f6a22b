// GET /activate?token=… — the link in the activation mail: /activate/done, or /activate/error for a
// bad, used or expired token.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/react';
import { activateAccount } from '~/.server/accounts/activation';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const activated = await activateAccount(context.db, context.tenant, token);
  return redirect(activated ? '/activate/done' : '/activate/error');
}
