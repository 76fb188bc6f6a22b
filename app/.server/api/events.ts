// GET /api/events.php (member; docs/architecture.md §8, docs/api.md, docs/decisions/0018): the member's live events
// as Server-Sent Events — message, read, like, match, credits, chat_removed — with ids, heartbeats
// and resumption after Last-Event-ID (or ?lastEventId=). The stream ends when the session does.
// Past STREAM_DEFAULTS.maxPerMember open streams of one member on this server: 429 too_many_streams.
import { userForSession } from '~/.server/accounts/sessions';
import { memberChannel } from '~/.server/events/bus';
import { eventStreamResponse, EventStreamQuerySchema, lastEventIdOf, STREAM_DEFAULTS } from '~/.server/events/sse';
import { apiError } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { markHidden, markLooking } from '~/.server/notifications/state';

const route = apiRoute({
  GET: endpoint({
    member: true,
    query: EventStreamQuerySchema,
    async handle({ request, context, user }) {
      const { db, tenant, streams } = context;
      // An open stream is a member looking at the site; its end is not (notifications/state.ts).
      await markLooking(db, user);
      request.signal.addEventListener('abort', () => void markHidden(db, user).catch(() => {}), { once: true });
      const cookie = request.headers.get('Cookie');
      return eventStreamResponse(request, context.events, memberChannel(tenant.id, user.id), {
        lastEventId: lastEventIdOf(request),
        registry: streams?.registry,
        heartbeatMs: streams?.heartbeatMs,
        recheckMs: streams?.recheckMs,
        stillAllowed: async () => (await userForSession(db, tenant, cookie))?.id === user.id,
        limit: {
          key: `member:${tenant.id}:${user.id}`,
          max: streams?.maxPerMember ?? STREAM_DEFAULTS.maxPerMember,
          refuse: () => apiError(429, 'too_many_streams', context.locale, 'api.error.tooManyStreams', {}, { 'Retry-After': '30' }),
        },
      });
    },
  }),
});

export default route;
