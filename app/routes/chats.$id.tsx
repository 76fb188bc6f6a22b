// /chats/{id} (SPEC §2 chats-id): one of the member's conversations; any other id is the 404 page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { pageMeta } from '~/components/app/page-meta';
import { ChatPane } from '~/components/chat/chat-pane';
import { chatPageData } from '~/.server/chat/pages';
import { parseId } from '~/shared/request-rules';
import type { loader as chatsLoader } from './chats';

export function loader({ context, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  return chatPageData(context, id === null ? null : { conversation: id });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.kind === 'chat' ? data.chat.profile.name : (data?.name ?? ''));

export default function ChatRoute() {
  const data = useLoaderData<typeof loader>();
  const list = useRouteLoaderData<typeof chatsLoader>('routes/chats')!;
  return <ChatPane data={data} minimumCost={list.minimumCost} fictionalWarning={list.fictionalWarning} />;
}
