// GET /api/chats.php (member, docs/product.md §7): the member's conversations, newest activity first, with each
// one's unread count and last message, and the total for the messages badge.
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { listChats } from '~/.server/chat/conversations';

const route = apiRoute({
  GET: endpoint({
    member: true,
    async handle({ context, user }) {
      const chats = await listChats(context.db, context.tenant, context.locale, { user });
      return apiJson({ chats, total_unread: chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0) });
    },
  }),
});

export default route;
