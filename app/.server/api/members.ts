// GET /api/members.php?gender=&country=&countryregion=&min_age=&max_age=&page= — member search
// (docs/product.md §3 Search state): { results, numResults, pageNumber, similar }. Visitors get 403
// login_required where the tenant does not allow logged-out search, and past page VISITOR_MAX_PAGES
// (with max_page; decision 0031).
import { apiError, apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { PAGE_SIZE, searchMembers, SearchSchema, VISITOR_MAX_PAGES } from '~/.server/members/search';
import { serverMessage } from '~/.server/i18n/messages';
import { searchViewer } from '~/.server/members/search-viewer';

const route = apiRoute({
  GET: endpoint({
    query: SearchSchema,
    async handle({ request, context, query }) {
      const result = await searchMembers(context.db, context.tenant, await searchViewer(request, context), query);
      if (!result.ok && result.error === 'visitor_limit') {
        const values = { pages: VISITOR_MAX_PAGES, count: VISITOR_MAX_PAGES * PAGE_SIZE };
        return apiJson({ error: 'login_required', message: serverMessage(context.locale, 'members.visitorLimit', values), max_page: VISITOR_MAX_PAGES }, { status: 403 });
      }
      if (!result.ok) return apiError(403, 'login_required', context.locale, 'members.loginRequired');
      const { results, numResults, numResultsEstimated, pageNumber, similar } = result;
      return apiJson({ results, numResults, numResultsEstimated, pageNumber, similar });
    },
  }),
});

export default route;
