// GET /api/members.php?gender=&country=&countryregion=&min_age=&max_age=&page= — member search
// (SPEC §3 Search state): { results, numResults, pageNumber, similar }. Visitors get 403
// login_required where the tenant does not allow logged-out search.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiError, apiJson, methodNotAllowed } from '~/.server/http/api';
import { searchMembers } from '~/.server/members/search';
import { searchViewer } from '~/.server/members/search-viewer';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const result = await searchMembers(context.db, context.tenant, await searchViewer(request, context), query);
  if (!result.ok) return apiError(403, 'login_required', context.locale, 'members.loginRequired');
  const { results, numResults, numResultsEstimated, pageNumber, similar } = result;
  return apiJson({ results, numResults, numResultsEstimated, pageNumber, similar });
}

export function action({ context }: ActionFunctionArgs) {
  return methodNotAllowed(context.locale, ['GET', 'HEAD']);
}
