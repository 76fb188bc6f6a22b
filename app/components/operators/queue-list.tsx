// The queue's rows: who waits (the member), for whom (the fictional profile), what they wrote last,
// how long they have waited, who holds a claim, and whether the conversation is flagged.
import { Link } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { QueueItem } from '~/shared/operator-types';
import { Avatar, Initials, Muted, Pill } from './parts';
import { WaitingTime } from './waiting-time';

const List = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled(Link)`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid #dfe2ea;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #ffffff;
  color: inherit;
  text-decoration: none;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 2px 10px rgba(29, 35, 51, 0.08);
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: auto minmax(180px, 1.1fr) minmax(0, 2fr) auto;
    align-items: center;
  }
`;

const Faces = styled.span`
  position: relative;
  display: inline-flex;
  width: 64px;

  > :last-child {
    position: absolute;
    right: 0;
    bottom: -4px;
    border: 2px solid #ffffff;
  }
`;

const Who = styled.span`
  display: grid;
  gap: 2px;
  min-width: 0;

  strong {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Said = styled.span`
  grid-column: 1 / -1;
  min-width: 0;
  color: #3a4356;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-column: auto;
  }

  q {
    display: -webkit-box;
    overflow: hidden;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
  }
`;

const State = styled.span`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-column: auto;
    justify-content: flex-end;
    max-width: 260px;
  }
`;

export function Face({ src, name, size }: { src: string | null; name: string; size?: number }) {
  return src ? <Avatar src={src} alt="" $size={size} /> : <Initials $size={size} aria-hidden>{name.slice(0, 1).toUpperCase()}</Initials>;
}

export function QueueList({ items, now, tenantNames, showTenant }: { items: QueueItem[]; now: number; tenantNames: Record<string, string>; showTenant: boolean }) {
  const intl = useIntl();
  return (
    <List data-testid="queue">
      {items.map((item) => (
        <li key={item.conversation}>
          <Row to={`/operator/conversations/${item.conversation}`} data-testid={`queue-item-${item.conversation}`}>
            <Faces>
              <Face src={item.member.thumb} name={item.member.name} size={48} />
              <Face src={item.profile.thumb} name={item.profile.name} size={28} />
            </Faces>
            <Who>
              <strong>
                {item.member.name}, {item.member.age}
              </strong>
              <Muted>
                {[item.member.city, item.member.country].filter(Boolean).join(', ')}
                {showTenant ? ` · ${tenantNames[item.tenantId] ?? item.tenantId}` : ''}
              </Muted>
              <Muted>
                <FormattedMessage id="operator.queue.to" defaultMessage="to {profile}, {age}" values={{ profile: item.profile.name, age: item.profile.age }} />
              </Muted>
            </Who>
            <Said>
              {item.lastMessage?.kind === 'text' && item.lastMessage.text ? (
                <q>{item.lastMessage.text}</q>
              ) : item.lastMessage?.kind === 'gift' ? (
                <FormattedMessage id="operator.message.gift" defaultMessage="Sent a gift" />
              ) : item.lastMessage?.kind === 'photo' ? (
                <FormattedMessage id="operator.message.photo" defaultMessage="Sent a photo" />
              ) : null}
            </Said>
            <State>
              <WaitingTime since={item.waitingSince} now={now} />
              {item.claim ? (
                <Pill $tone={item.claim.mine ? 'accent' : 'neutral'} data-testid="queue-claim">
                  {item.claim.mine
                    ? intl.formatMessage({ id: 'operator.claim.mine', defaultMessage: 'Claimed by you' })
                    : intl.formatMessage({ id: 'operator.claim.other', defaultMessage: 'Claimed by {name}' }, { name: item.claim.operator })}
                </Pill>
              ) : null}
              {item.flagged ? (
                <Pill $tone="danger">
                  <FormattedMessage id="operator.flagged" defaultMessage="Flagged" />
                </Pill>
              ) : null}
              {item.member.unconfirmed ? (
                <Pill $tone="warning">
                  <FormattedMessage id="operator.unconfirmed" defaultMessage="E-mail not confirmed" />
                </Pill>
              ) : null}
            </State>
          </Row>
        </li>
      ))}
    </List>
  );
}
