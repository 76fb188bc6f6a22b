// The whole conversation, oldest first: the member's messages on the left, the persona's answers on
// the right, each with its time; gifts and photos shown as such; flagged messages marked.
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { WorkspaceMessage } from '~/shared/operator-types';
import { LocalTime } from './local-time';
import { Pill } from './parts';

const Scroll = styled.ol`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  max-height: min(60vh, 640px);
  min-height: 220px;
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  overflow-y: auto;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #f6f7fa;
  list-style: none;
`;

const Bubble = styled.li<{ $mine: boolean }>`
  justify-self: ${({ $mine }) => ($mine ? 'end' : 'start')};
  max-width: min(85%, 560px);
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: 14px;
  border-bottom-${({ $mine }) => ($mine ? 'right' : 'left')}-radius: 4px;
  background: ${({ $mine, theme }) => ($mine ? theme.colors.dark : '#ffffff')};
  color: ${({ $mine }) => ($mine ? '#ffffff' : 'inherit')};
  box-shadow: 0 1px 2px rgba(29, 35, 51, 0.08);

  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  img {
    display: block;
    max-width: 160px;
    border-radius: 8px;
  }
`;

const Meta = styled.span<{ $mine: boolean }>`
  display: flex;
  gap: 6px;
  align-items: center;
  margin-top: 4px;
  color: ${({ $mine }) => ($mine ? '#c9cedb' : '#545d70')};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

export function Thread({ messages, memberName, profileName, flaggedMessages }: { messages: WorkspaceMessage[]; memberName: string; profileName: string; flaggedMessages: number[] }) {
  const intl = useIntl();
  const end = useRef<HTMLOListElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    if (end.current) end.current.scrollTop = end.current.scrollHeight;
  }, [last]);
  return (
    <Scroll ref={end} data-testid="thread" aria-label={intl.formatMessage({ id: 'operator.thread', defaultMessage: 'Conversation' })} tabIndex={0}>
      {messages.map((message) => (
        <Bubble key={message.id} $mine={message.fromProfile} data-testid={message.fromProfile ? 'message-profile' : 'message-member'}>
          {message.kind === 'text' ? <p>{message.text}</p> : null}
          {message.kind === 'photo' && message.photo ? <img src={message.photo.thumb} alt={intl.formatMessage({ id: 'operator.message.photo', defaultMessage: 'Sent a photo' })} /> : null}
          {message.kind === 'gift' ? (
            <p>
              {message.gift?.image ? <img src={message.gift.image} alt="" width={48} height={48} /> : null}
              <FormattedMessage id="operator.message.giftNamed" defaultMessage="Gift: {name}" values={{ name: message.gift?.name ?? message.gift?.id ?? '' }} />
            </p>
          ) : null}
          <Meta $mine={message.fromProfile}>
            <span>{message.fromProfile ? profileName : memberName}</span>
            <span aria-hidden>·</span>
            <LocalTime value={message.at} />
            {flaggedMessages.includes(message.id) ? (
              <Pill $tone="danger">
                <FormattedMessage id="operator.flagged" defaultMessage="Flagged" />
              </Pill>
            ) : null}
          </Meta>
        </Bubble>
      ))}
    </Scroll>
  );
}
