// POST /api/page-hidden.php (docs/product.md §7; a beacon): `{}` when the member's page went hidden, `{ "visible":
// true }` when it is shown again. With the event stream (open: looking, closed: not) it tells the
// notification round whether the member is looking at the site (docs/decisions/0024). Always 204: a
// visitor's beacon changes nothing.
import { z } from 'zod';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { markHidden, markLooking } from '~/.server/notifications/state';

const route = apiRoute({
  POST: endpoint({
    body: z.object({ visible: z.boolean().optional() }),
    async handle({ context, body, user }) {
      if (user) await (body.visible ? markLooking(context.db, user) : markHidden(context.db, user));
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
    },
  }),
});

export default route;
