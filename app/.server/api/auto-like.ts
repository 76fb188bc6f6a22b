// GET /api/auto-like.php (member; docs/product.md §4, §7): may make one fitting fictional profile like the
// member → { profile: { id, name, age, fictional, main_image: { match } } | null, next_at }.
// How often it does is in app/.server/likes/auto-like.ts and docs/decisions/0015. SPEC names GET for
// this call; its only effect is a like *to* the caller, bounded by the database, so a cross-site
// GET can do no more than the member's own page would.
import { apiJson, authenticationRequired } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { autoLike } from '~/.server/likes/auto-like';

const route = apiRoute({
  GET: endpoint({
    member: true,
    async handle({ context, user }) {
      const result = await autoLike(context.db, context.tenant, { user }, undefined, context.events);
      return result.ok ? apiJson({ profile: result.profile, next_at: result.next_at }) : authenticationRequired(context.locale);
    },
  }),
});

export default route;
