// /api/swipe.php (member): the swipe game (docs/product.md §2, §9). GET → { profiles, remaining, resets_at }:
// the next profiles to swipe and the game's likes left today; POST { profile, like } → { state,
// remaining }. The fifth like of a day answers 429 daily_limit (docs/api.md).
import { apiError, apiJson, authenticationRequired } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { blockedAnswer } from '~/.server/http/profile-command';
import { serverMessage } from '~/.server/i18n/messages';
import { SWIPE_LIKES_PER_DAY, swipe, swipeDeck, SwipeSchema } from '~/.server/likes/swipe';

const route = apiRoute({
  GET: endpoint({
    member: true,
    async handle({ context, user }) {
      const deck = await swipeDeck(context.db, context.tenant, { user });
      return deck ? apiJson(deck) : authenticationRequired(context.locale);
    },
  }),
  POST: endpoint({
    member: true,
    body: SwipeSchema,
    async handle({ context, body, user }) {
      const result = await swipe(context.db, context.tenant, { user }, body.profile, body.like, context.events);
      if (result.ok) return apiJson({ state: result.state, remaining: result.remaining });
      if (result.error === 'authentication_required') return authenticationRequired(context.locale);
      if (result.error === 'self') return apiError(400, 'self', context.locale, 'like.error.self');
      if (result.error === 'blocked') return blockedAnswer(context.locale, result.name ?? '');
      if (result.error === 'not_found') return apiError(404, 'not_found', context.locale, 'like.error.unavailable');
      return apiJson(
        { error: 'daily_limit', message: serverMessage(context.locale, 'swipe.error.dailyLimit', { limit: SWIPE_LIKES_PER_DAY }), remaining: 0 },
        { status: 429 },
      );
    },
  }),
});

export default route;
