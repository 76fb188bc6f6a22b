// /chats/{id} (docs/product.md §2 chats-id): one of the member's conversations; any other id is the 404 page.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { pageMeta } from '~/components/app/page-meta';
import { ChatPane } from '~/components/chat/chat-pane';
import { chatPageData } from '~/.server/chat/chat-pages';
import { parseId } from '~/shared/request-rules';
import type { loader as chatsLoader } from './chats';

export async function loader({ context, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const chat = await chatPageData(context, id === null ? null : { conversation: id });
  // docs/product.md §6: a member the other blocked has no access — the text, with 403 (decision 0032).
  return data(chat, { status: chat.kind === 'blocked' ? 403 : 200 });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.kind === 'chat' ? data.chat.profile.name : (data?.name ?? ''));

export default function ChatRoute() {
  const data = useLoaderData<typeof loader>();
  const list = useRouteLoaderData<typeof chatsLoader>('routes/chats')!;
  return <ChatPane data={data} minimumCost={list.minimumCost} fictionalWarning={list.fictionalWarning} />;
}
