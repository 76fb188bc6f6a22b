// /members/{id}/chat (docs/product.md §2 members-id-chat) in the bare chat layout: the conversation with a
// profile, whether or not one exists yet — the first message makes it, later visits reuse it.
// ?text= fills the composer (the icebreaker modal's "Write to {name}").
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageMeta } from '~/components/app/page-meta';
import { ChatPane } from '~/components/chat/chat-pane';
import { ChatShell } from '~/components/chat/chat-shell';
import { chatListData, chatPageData } from '~/.server/chat/chat-pages';
import { parseId } from '~/shared/request-rules';
import type { RouteHandle } from '~/shared/shell';

export const handle: RouteHandle = { layout: 'chat' };

export async function loader({ context, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const chat = await chatPageData(context, id === null ? null : { profile: id });
  // docs/product.md §6: a member the other blocked has no access — the text, with 403 (decision 0032).
  return data({ chat, list: await chatListData(context) }, { status: chat.kind === 'blocked' ? 403 : 200 });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.chat.kind === 'chat' ? data.chat.chat.profile.name : (data?.chat.name ?? ''));

export default function MemberChat() {
  const { chat, list } = useLoaderData<typeof loader>();
  return (
    <ChatShell chats={list.chats} open>
      <ChatPane data={chat} minimumCost={list.minimumCost} fictionalWarning={list.fictionalWarning} />
    </ChatShell>
  );
}
