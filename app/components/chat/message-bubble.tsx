// One message in the conversation: a text bubble, a gift card or a photo thumbnail (which opens the
// viewer), with its time, the fictional mark on a fictional profile's answer, and for the member's
// own messages: sending, sent, read, or not sent with a retry.
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import { FictionalMark } from '~/components/app/fictional-mark';
import { timeOf } from './chat-parts';

export interface BubbleMessage {
  key: string;
  mine: boolean;
  kind: 'text' | 'gift' | 'photo';
  text: string | null;
  gift: { name: string; image: string } | null;
  photo: { url: string; thumb: string; width: number; height: number } | null;
  fictional: boolean;
  created_at: string;
  status: 'sending' | 'failed' | 'sent' | 'read' | null;
  error?: string | null;
}

const Row = styled.li<{ $mine: boolean }>`
  display: flex;
  justify-content: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  padding: 2px 0;
`;

const Bubble = styled.div<{ $mine: boolean; $kind: string; $failed: boolean }>`
  position: relative;
  max-width: 100%;
  padding: ${({ $kind, theme }) => ($kind === 'text' ? `${theme.space(2)} ${theme.space(3)}` : theme.space(1))};
  border-radius: 18px;
  box-shadow: 0 1px 1px rgba(27, 36, 64, 0.08);
  overflow-wrap: anywhere;
  white-space: pre-wrap;
  opacity: ${({ $failed }) => ($failed ? 0.85 : 1)};

  ${({ $mine, theme }) =>
    $mine
      ? css`
          border-bottom-right-radius: 6px;
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
        `
      : css`
          border-bottom-left-radius: 6px;
          background: ${theme.colors.background};
          color: ${theme.colors.text};
        `}
`;

const Meta = styled.span<{ $mine: boolean; $overlay?: boolean }>`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 4px;
  margin-top: 2px;
  font-size: 0.7rem;
  opacity: 0.9;
  white-space: nowrap;

  ${({ $overlay }) =>
    $overlay &&
    css`
      position: absolute;
      right: 10px;
      bottom: 8px;
      padding: 1px 8px;
      border-radius: 999px;
      background: rgba(20, 24, 40, 0.55);
      color: #fff;
    `}
`;

const GiftCard = styled.figure<{ $mine: boolean }>`
  display: grid;
  justify-items: center;
  gap: 4px;
  width: 176px;
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: 14px;
  background: ${({ $mine }) => ($mine ? 'rgba(255, 255, 255, 0.16)' : 'transparent')};

  img {
    width: 112px;
    height: 112px;
  }

  figcaption {
    display: grid;
    justify-items: center;
    font-weight: 700;
    text-align: center;

    small {
      font-weight: 400;
      opacity: 0.85;
    }
  }
`;

const PhotoButton = styled.button`
  display: block;
  padding: 0;
  border: 0;
  border-radius: 14px;
  background: none;
  cursor: zoom-in;
  overflow: hidden;

  img {
    display: block;
    width: min(62vw, 280px);
    height: auto;
    max-height: 340px;
    object-fit: cover;
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.dark};
    outline-offset: 2px;
  }
`;

const Failed = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;

  button {
    padding: 2px 10px;
    border: 1px solid currentColor;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.background};
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
`;

const Column = styled.div<{ $mine: boolean }>`
  display: grid;
  justify-items: ${({ $mine }) => ($mine ? 'end' : 'start')};
  max-width: min(80%, 540px);
`;

const ReportLink = styled.button`
  min-height: 24px;
  padding: 2px 4px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-decoration: underline;
  cursor: pointer;
  opacity: 0.85;

  &:hover,
  &:focus-visible {
    opacity: 1;
  }
`;

function Ticks({ status }: { status: BubbleMessage['status'] }) {
  const intl = useIntl();
  if (!status || status === 'failed') return null;
  const label =
    status === 'sending'
      ? intl.formatMessage({ id: 'chat.status.sending', defaultMessage: 'Sending…' })
      : status === 'read'
        ? intl.formatMessage({ id: 'chat.status.read', defaultMessage: 'Read' })
        : intl.formatMessage({ id: 'chat.status.sent', defaultMessage: 'Sent' });
  return (
    <span role="img" aria-label={label} title={label} data-status={status}>
      {status === 'sending' ? '◷' : status === 'read' ? '✓✓' : '✓'}
    </span>
  );
}

export function MessageBubble({
  message,
  zone,
  onOpenPhoto,
  onRetry,
  onReport,
}: {
  message: BubbleMessage;
  zone: string | undefined;
  onOpenPhoto: (photo: NonNullable<BubbleMessage['photo']>) => void;
  onRetry?: () => void;
  /** A received message: the Report action (decision 0029). */
  onReport?: () => void;
}) {
  const intl = useIntl();
  const time = timeOf(intl, new Date(message.created_at), zone);
  const meta = (overlay?: boolean) => (
    <Meta $mine={message.mine} $overlay={overlay}>
      {message.fictional ? <FictionalMark /> : null}
      <time dateTime={message.created_at}>{time}</time>
      {message.mine ? <Ticks status={message.status} /> : null}
    </Meta>
  );
  return (
    <Row $mine={message.mine} data-testid="message" data-kind={message.kind} data-fictional={message.fictional ? true : undefined} data-mine={message.mine} data-status={message.status ?? undefined}>
      <Column $mine={message.mine}>
        <Bubble $mine={message.mine} $kind={message.kind} $failed={message.status === 'failed'}>
          {message.kind === 'text' ? (
            <>
              {message.text}
              {meta()}
            </>
          ) : message.kind === 'gift' && message.gift ? (
            <GiftCard $mine={message.mine}>
              <img src={message.gift.image} alt="" width={112} height={112} />
              <figcaption>
                <small>
                  {message.mine ? (
                    <FormattedMessage id="chat.gift.captionMine" defaultMessage="Your gift" />
                  ) : (
                    <FormattedMessage id="chat.gift.caption" defaultMessage="A gift for you" />
                  )}
                </small>
                {message.gift.name}
              </figcaption>
              {meta()}
            </GiftCard>
          ) : message.photo ? (
            <PhotoButton type="button" onClick={() => onOpenPhoto(message.photo!)} aria-label={intl.formatMessage({ id: 'chat.photo.open', defaultMessage: 'Open the photo' })}>
              <img src={message.photo.thumb} alt="" width={message.photo.width || undefined} height={message.photo.height || undefined} />
              {meta(true)}
            </PhotoButton>
          ) : (
            meta()
          )}
        </Bubble>
        {message.status === 'failed' ? (
          <Failed role="alert">
            {message.error || <FormattedMessage id="chat.status.failed" defaultMessage="Not sent" />}
            {onRetry ? (
              <button type="button" onClick={onRetry}>
                <FormattedMessage id="chat.retry" defaultMessage="Try again" />
              </button>
            ) : null}
          </Failed>
        ) : null}
        {onReport ? (
          <ReportLink type="button" onClick={onReport} data-testid="report-message">
            <FormattedMessage id="report.button" defaultMessage="Report" />
          </ReportLink>
        ) : null}
      </Column>
    </Row>
  );
}
