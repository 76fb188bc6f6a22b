// GET /api/likes.php (docs/product.md §7, member): { profiles, liked, liked_by: [{ id, like_new }] }.
import { apiJson, authenticationRequired } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { listLikes } from '~/.server/likes/likes';

const route = apiRoute({
  GET: endpoint({
    member: true,
    async handle({ context, user }) {
      const likes = await listLikes(context.db, context.tenant, { user });
      return likes ? apiJson(likes) : authenticationRequired(context.locale);
    },
  }),
});

export default route;
