// GET /api/chat.php?conversation= or ?profile= [&before=] (member): one conversation and its latest
// messages; opening it marks it read (docs/product.md §4) and tells the other side. PUT /api/chat.php
// { conversation } marks it read without the messages (a message arrived while it is open).
// DELETE /api/chat.php { conversation } removes it for this member only (docs/product.md §4, §7).
import { z } from 'zod';
import { idSchema } from '~/shared/request-rules';
import { apiJson } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { chatError } from '~/.server/chat/http';
import { markRead, openChat, removeChat } from '~/.server/chat/conversations';
import { publishRead, publishRemoved } from '~/.server/chat/events';

const OpenQuery = z
  .object({ conversation: idSchema.optional(), profile: idSchema.optional(), before: idSchema.optional() })
  .refine((q) => (q.conversation === undefined) !== (q.profile === undefined), { message: 'chat.error.target', path: ['conversation'] });

const route = apiRoute({
  GET: endpoint({
    member: true,
    query: OpenQuery,
    async handle({ context, query, user }) {
      const target = query.conversation !== undefined ? { conversation: query.conversation } : { profile: query.profile! };
      const result = await openChat(context.db, context.tenant, context.locale, { user }, target, { before: query.before });
      if (!result.ok) return chatError(context, result.error, { name: 'name' in result ? result.name : undefined });
      if (result.read) {
        await publishRead(context.events, context.tenant, result.read.otherUserId, { conversation: result.read.conversation, message: result.read.message }, user.id);
      }
      return apiJson(result.chat);
    },
  }),
  PUT: endpoint({
    member: true,
    body: z.object({ conversation: idSchema }),
    async handle({ context, body, user }) {
      const result = await markRead(context.db, { user }, body.conversation);
      if (!result.ok) return chatError(context, 'no_conversation');
      if (result.read) await publishRead(context.events, context.tenant, result.read.otherUserId, { conversation: result.read.conversation, message: result.read.message }, user.id);
      return apiJson({ ok: true });
    },
  }),
  DELETE: endpoint({
    member: true,
    body: z.object({ conversation: idSchema }),
    async handle({ context, body, user }) {
      // Another member's conversation, or none: 'This conversation does not exist.' (decision 0032).
      const result = await removeChat(context.db, { user }, body.conversation);
      if (!result.ok) return chatError(context, 'no_conversation');
      await publishRemoved(context.events, context.tenant, user.id, body.conversation);
      return apiJson({ ok: true });
    },
  }),
});

export default route;
