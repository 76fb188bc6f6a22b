// GET /api/likes.php (SPEC §7, member): { profiles, liked, liked_by: [{ id, like_new }] }.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiJson, authenticationRequired, methodNotAllowed } from '~/.server/http/api';
import { listLikes } from '~/.server/likes/likes';

export async function loader({ context }: LoaderFunctionArgs) {
  const likes = await listLikes(context.db, context.tenant, { user: context.user });
  return likes ? apiJson(likes) : authenticationRequired(context.locale);
}

export function action({ context }: ActionFunctionArgs) {
  return methodNotAllowed(context.locale, ['GET', 'HEAD']);
}
