// /chats without an open conversation: on desktops the pane beside the list offers to continue the
// last chat opened (docs/product.md §3 last_chat_opened_profile, decision 0017); phones show only the list.
import { Link, useRouteLoaderData } from '@remix-run/react';
import { FormattedMessage, FormattedRelativeTime } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { ButtonLink } from '~/components/app/buttons';
import { ChatIcon } from '~/components/app/icons';
import { ProfileAvatar, useTimeZone } from '~/components/chat/chat-parts';
import { useAppState } from '~/state/app-state';
import { clientClock } from '~/state/clock';
import type { ChatSummary } from '~/state/chats';
import type { loader as chatsLoader } from './chats';

const Pane = styled.div`
  display: grid;
  flex: 1;
  place-items: center;
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;

  > div {
    display: grid;
    justify-items: center;
    gap: ${({ theme }) => theme.space(3)};
    max-width: 380px;
  }

  h2,
  p {
    margin: 0;
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  a:not([class]) {
    color: ${({ theme }) => theme.colors.primaryOnTint};
    font-weight: 700;
  }

  svg {
    width: 56px;
    height: 56px;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export default function ChatsIndex() {
  const data = useRouteLoaderData<typeof chatsLoader>('routes/chats');
  const { chats } = useSnapshot(useAppState());
  useTimeZone();
  const list = (chats.list ?? data?.chats ?? []) as ChatSummary[];
  const last = chats.lastOpened ? list.find((chat) => chat.profile.id === chats.lastOpened!.profile) : undefined;
  const seconds = chats.lastOpened ? Math.round((new Date(chats.lastOpened.at).getTime() - clientClock.now()) / 1000) : 0;
  return (
    <Pane data-testid="chats-index">
      {last ? (
        <div data-testid="continue-chat">
          <ProfileAvatar profile={last.profile} size={96} />
          <h2>
            <FormattedMessage id="chat.continue.title" defaultMessage="Continue with {name}" values={{ name: last.profile.name }} />
          </h2>
          <p>
            <FormattedMessage
              id="chat.continue.when"
              defaultMessage="You last opened this chat {when}."
              values={{ when: <FormattedRelativeTime value={seconds} numeric="auto" updateIntervalInSeconds={60} /> }}
            />
          </p>
          <ButtonLink to={`/chats/${last.conversation.id}`}>
            <FormattedMessage id="chat.continue.button" defaultMessage="Open the chat" />
          </ButtonLink>
        </div>
      ) : (
        <div>
          <ChatIcon />
          <h2>
            <FormattedMessage id="chat.pick.title" defaultMessage="Your messages" />
          </h2>
          <p>
            <FormattedMessage id="chat.pick.body" defaultMessage="Choose a conversation, or find someone new to write to." />
          </p>
          <Link to="/members">
            <FormattedMessage id="chat.list.search" defaultMessage="Search members" />
          </Link>
        </div>
      )}
    </Pane>
  );
}
