// GET /api/members.php?gender=&country=&countryregion=&min_age=&max_age=&page= — member search
// (SPEC §3 Search state): { results, numResults, pageNumber, similar }. Visitors get 403
// login_required where the tenant does not allow logged-out search.
import { apiError, apiJson } from '~/.server/http/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { searchMembers, SearchSchema } from '~/.server/members/search';
import { searchViewer } from '~/.server/members/search-viewer';

const route = apiRoute({
  GET: endpoint({
    query: SearchSchema,
    async handle({ request, context, query }) {
      const result = await searchMembers(context.db, context.tenant, await searchViewer(request, context), query);
      if (!result.ok) return apiError(403, 'login_required', context.locale, 'members.loginRequired');
      const { results, numResults, numResultsEstimated, pageNumber, similar } = result;
      return apiJson({ results, numResults, numResultsEstimated, pageNumber, similar });
    },
  }),
});

export const loader = route.loader;
export const action = route.action;
