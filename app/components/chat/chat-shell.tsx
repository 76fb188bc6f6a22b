// The frame of the chat pages (the bare chat layout, docs/product.md §2): on desktops (≥ 992 px) the list and
// the open conversation side by side, on phones one at a time — the list on /chats, the conversation
// on /chats/{id} and /members/{id}/chat. The list's bar links back to the site and shows the credits.
import { Link } from '@remix-run/react';
import { Alert } from '~/components/forms/fields';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { BackIcon, CoinsIcon } from '~/components/app/icons';
import { useAppState } from '~/state/app-state';
import { ChatList } from './chat-list';
import type { ChatSummary } from '~/state/chats';

const Frame = styled.div`
  display: grid;
  height: 100vh;
  height: 100dvh;
  background: ${({ theme }) => theme.colors.background};

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: minmax(300px, 380px) 1fr;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.lg - 0.02}px) {
    &[data-pane='list'] > [data-part='conversation'],
    &[data-pane='conversation'] > [data-part='list'] {
      display: none;
    }
  }
`;

const ListPane = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
`;

const ListBar = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)}`};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};

  h1 {
    flex: 1;
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  a {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radii.pill};
    color: inherit;
    font-weight: 700;
    text-decoration: none;

    &:hover,
    &:focus-visible {
      background: rgba(255, 255, 255, 0.12);
    }
  }
`;

const ConversationPane = styled.section`
  display: flex;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
  background: ${({ theme }) => theme.colors.surface};
`;

const RemoveFailed = styled(Alert)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  button {
    margin-left: auto;
    border: 0;
    background: none;
    color: inherit;
    font-size: 1.25rem;
    cursor: pointer;
  }
`;

export function ChatShell({ chats, open, children }: { chats: ChatSummary[]; open: boolean; children: ReactNode }) {
  const intl = useIntl();
  const state = useAppState();
  const snap = useSnapshot(state);
  const { user } = snap;
  return (
    <Frame data-pane={open ? 'conversation' : 'list'} data-testid="chat-frame">
      <ListPane data-part="list" aria-labelledby="chats-title">
        <ListBar>
          <Link to="/members" aria-label={intl.formatMessage({ id: 'chat.backToSite', defaultMessage: 'Back to the members' })}>
            <BackIcon />
          </Link>
          <h1 id="chats-title">
            <FormattedMessage id="chat.title" defaultMessage="Messages" />
          </h1>
          {user ? (
            <Link to="/credits" data-testid="chat-credits" aria-label={intl.formatMessage({ id: 'chat.creditsLabel', defaultMessage: '{count, plural, one {# credit} other {# credits}}: buy credits' }, { count: user.credits })}>
              <CoinsIcon />
              {user.credits}
            </Link>
          ) : null}
        </ListBar>
        {snap.chats.removeFailed ? (
          <RemoveFailed role="alert" data-testid="remove-failed">
            <FormattedMessage id="chat.remove.failed" defaultMessage="The chat could not be removed. Please try again later." />
            <button type="button" onClick={() => (state.chats.removeFailed = false)} aria-label={intl.formatMessage({ id: 'chat.close', defaultMessage: 'Close' })}>
              ×
            </button>
          </RemoveFailed>
        ) : null}
        <ChatList initial={chats} />
      </ListPane>
      <ConversationPane data-part="conversation">{children}</ConversationPane>
    </Frame>
  );
}
