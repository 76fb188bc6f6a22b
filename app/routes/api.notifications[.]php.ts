// PUT /api/notifications.php { disabled: [kind, …] } (member): which e-mail notifications are off.
import type { ActionFunctionArgs } from '@remix-run/node';
import { setDisabledNotifications } from '~/.server/accounts/notifications';
import { apiJson, authenticationRequired, methodNotAllowed, readBody } from '~/.server/http/api';

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(context.locale, ['PUT']);
  if (!context.user) return authenticationRequired(context.locale);
  const body = await readBody(request);
  return apiJson({ notifications_disabled: await setDisabledNotifications(context.db, context.user, body.disabled) });
}
