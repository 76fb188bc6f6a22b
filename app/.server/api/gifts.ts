// GET /api/gifts.php (member): the gift catalogue { gifts: [{ id, name, image, credits }] }.
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { listGifts } from '~/.server/chat/gifts';

const route = apiRoute({
  GET: endpoint({
    member: true,
    handle: ({ context }) => apiJson({ gifts: listGifts(context.tenant, context.locale) }),
  }),
});

export default route;
