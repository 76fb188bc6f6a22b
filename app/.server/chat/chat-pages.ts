// Loader data of the chat pages (docs/product.md §2 chats, chats-id, members-id-chat; docs/decisions/0017):
// members only (a visitor goes to the login page). The list comes with every chat page, so that
// desktops show it beside the open conversation.
import { redirect, type AppLoadContext } from '@remix-run/node';
import { FROM_CHAT_PARAM, FROM_CHAT_VALUE } from '~/shared/entry-warning';
import { localize } from '../tenants/localize';
import { listGifts } from './gifts';
import { listChats, openChat, type ChatView } from './conversations';
import { publishRead } from './events';

function member(context: AppLoadContext) {
  const { user } = context;
  // The login page then shows the entry warning by the chat layout's rule too (issue 34 item 19).
  if (!user?.profile_id) throw redirect(`/login?${FROM_CHAT_PARAM}=${FROM_CHAT_VALUE}`);
  return { user };
}

/** /chats and its children: the member's conversations and what the composer shows everywhere. */
export async function chatListData(context: AppLoadContext) {
  const viewer = member(context);
  const own = await context.db.selectFrom('profiles').select('country').where('id', '=', viewer.user.profile_id!).executeTakeFirst();
  const minimum = own ? context.tenant.settings.minimum_message_costs[own.country] ?? null : null;
  return {
    chats: await listChats(context.db, context.tenant, context.locale, viewer),
    /** docs/product.md §3 minimum_message_costs for the member's country: the lowest price of a message, shown beside the credit cost. */
    minimumCost: minimum,
    fictionalWarning: localize(context.tenant.settings.fictional_warning.singular, context.locale, context.tenant),
  };
}

export type ChatPageData =
  | { kind: 'chat'; chat: ChatView; gifts: ReturnType<typeof listGifts> }
  | { kind: 'blocked'; name: string };

/** One conversation, by its id (/chats/{id}) or by the other profile (/members/{id}/chat); opening it marks it read. */
export async function chatPageData(context: AppLoadContext, target: { conversation: number } | { profile: number } | null): Promise<ChatPageData> {
  const viewer = member(context);
  if (!target) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  const result = await openChat(context.db, context.tenant, context.locale, viewer, target);
  if (!result.ok) {
    if (result.error === 'blocked') return { kind: 'blocked', name: result.name };
    if (result.error === 'self') throw redirect('/profile');
    throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  }
  if (result.read) await publishRead(context.events, context.tenant, result.read.otherUserId, { conversation: result.read.conversation, message: result.read.message }, context.user!.id);
  return { kind: 'chat', chat: result.chat, gifts: listGifts(context.tenant, context.locale) };
}
