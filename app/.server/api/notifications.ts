// PUT /api/notifications.php { disabled: [kind, …] } (member): which e-mail notifications are off.
import { NotificationsSchema, setDisabledNotifications } from '~/.server/accounts/notifications';
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';

const route = apiRoute({
  PUT: endpoint({
    member: true,
    body: NotificationsSchema,
    handle: async ({ context, body, user }) => apiJson({ notifications_disabled: await setDisabledNotifications(context.db, user, body.disabled) }),
  }),
});

export default route;
