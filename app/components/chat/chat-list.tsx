// The member's conversations (docs/product.md §2 chats): photo, name, fictional mark, last message, time and
// unread count, newest activity first. The last chat opened (docs/product.md §3) carries a mark. The list comes
// with the page and then follows the chat store (refresh, live events, removals).
import { Link, NavLink } from '@remix-run/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { FictionalMark } from '~/components/app/fictional-mark';
import { useAppState } from '~/state/app-state';
import { countBadge } from '~/state/badges';
import { applyChats, type ChatSummary } from '~/state/chats';
import { clientClock } from '~/state/clock';
import { listTime, ProfileAvatar, usePreview, useTimeZone } from './chat-parts';
import { useOwnProfile } from './chats-layer';

const List = styled.ul`
  flex: 1;
  margin: 0;
  padding: ${({ theme }) => theme.space(1)} 0;
  list-style: none;
  overflow-y: auto;
`;

const Row = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }

  &.active {
    background: ${({ theme }) => theme.colors.secondary};
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.dark};
    outline-offset: -3px;
  }
`;

const Body = styled.span`
  display: grid;
  flex: 1;
  min-width: 0;
  gap: 2px;
`;

const Line = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const Name = styled.span<{ $unread: boolean }>`
  overflow: hidden;
  font-weight: ${({ $unread }) => ($unread ? 800 : 700)};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Time = styled.span<{ $unread: boolean }>`
  margin-left: auto;
  flex: none;
  color: ${({ $unread, theme }) => ($unread ? theme.colors.primaryOnTint : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ $unread }) => ($unread ? 700 : 400)};
`;

const Preview = styled.span<{ $unread: boolean }>`
  flex: 1;
  overflow: hidden;
  color: ${({ $unread, theme }) => ($unread ? theme.colors.text : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ $unread }) => ($unread ? 600 : 400)};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Unread = styled.span`
  flex: none;
  min-width: 22px;
  height: 22px;
  padding: 0 6px;
  border-radius: 11px;
  background: ${({ theme }) => theme.colors.unread};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 800;
  line-height: 22px;
  text-align: center;
`;

const LastOpened = styled.span`
  flex: none;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
`;

export function ChatList({ initial }: { initial: ChatSummary[] }) {
  const state = useAppState();
  const intl = useIntl();
  const zone = useTimeZone();
  const preview = usePreview();
  const own = useOwnProfile();
  const { chats } = useSnapshot(state);
  // The page's list is the newest the server said: the store takes it over.
  useEffect(() => applyChats(state, initial), [state, initial]);
  const list = (chats.list ?? initial) as ChatSummary[];
  const now = new Date(clientClock.now());

  if (list.length === 0) {
    return (
      <Empty data-testid="chats-empty">
        <p>
          <FormattedMessage id="chat.list.empty" defaultMessage="No conversations yet. Find someone you like and say hello!" />
        </p>
        <Link to="/members">
          <FormattedMessage id="chat.list.search" defaultMessage="Search members" />
        </Link>
      </Empty>
    );
  }

  return (
    <List data-testid="chat-list">
      {list.map((chat) => {
        const unread = chat.num_unread_messages > 0;
        const badge = countBadge(chat.num_unread_messages);
        const last = chat.last_message;
        const lastOpened = chats.lastOpened?.profile === chat.profile.id;
        return (
          <li key={chat.conversation.id}>
            <Row to={`/chats/${chat.conversation.id}`} data-testid="chat-row" prefetch="intent">
              <ProfileAvatar profile={chat.profile} />
              <Body>
                <Line>
                  <Name $unread={unread}>{chat.profile.name}</Name>
                  {chat.profile.fictional ? <FictionalMark /> : null}
                  {last ? <Time $unread={unread}>{listTime(intl, new Date(last.created_at), now, zone)}</Time> : null}
                </Line>
                <Line>
                  <Preview $unread={unread}>{preview(last, last?.sender === own)}</Preview>
                  {lastOpened && !unread ? (
                    <LastOpened data-testid="last-opened">
                      <FormattedMessage id="chat.list.lastOpened" defaultMessage="Last opened" />
                    </LastOpened>
                  ) : null}
                  {badge ? (
                    <Unread data-testid="chat-unread" aria-label={intl.formatMessage({ id: 'chat.list.unread', defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}' }, { count: chat.num_unread_messages })}>
                      {badge}
                    </Unread>
                  ) : null}
                </Line>
              </Body>
            </Row>
          </li>
        );
      })}
    </List>
  );
}
