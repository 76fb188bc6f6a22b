// /chats and /chats/{id} (docs/product.md §2 chats, chats-id) in the bare chat layout: the member's
// conversations, with the open one beside them on desktops (docs/decisions/0017).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData, useMatches } from '@remix-run/react';
import { defineMessages } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { ChatShell } from '~/components/chat/chat-shell';
import { chatListData } from '~/.server/chat/chat-pages';
import type { RouteHandle } from '~/shared/shell';

export const handle: RouteHandle = { layout: 'chat' };

export function loader({ context }: LoaderFunctionArgs) {
  return chatListData(context);
}

const pageTexts = defineMessages({ title: { id: 'chat.title', defaultMessage: 'Messages' } });

export const meta: MetaFunction<typeof loader> = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

export default function Chats() {
  const data = useLoaderData<typeof loader>();
  const open = useMatches().some((m) => m.id === 'routes/chats.$id');
  return (
    <ChatShell chats={data.chats} open={open}>
      <Outlet />
    </ChatShell>
  );
}
