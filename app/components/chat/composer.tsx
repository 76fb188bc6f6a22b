// The composer (docs/product.md §2 chat, §5): a text that grows with what is typed (Enter sends, Shift+Enter a
// new line), a gift from the catalogue, a photo, and what it costs — credits per kind and, for the
// member's country, the lowest price of a message (settings.minimum_message_costs, decision 0017).
// Without enough credits it says so and links to the credits page; where the member may not write
// (blocked, the other's e-mail unconfirmed, free members' conversation limit) it says why instead.
import { Link } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { Alert } from '~/components/forms/fields';
import type { GiftView } from '~/shared/chat-types';
import { useAppState } from '~/state/app-state';
import { GiftIcon, PhotoIcon, SendIcon } from './chat-parts';

export interface ComposerInfo {
  costs: { text: number; gift: number; photo: number };
  message_length: number;
  refusal: 'blocked' | 'recipient_unconfirmed' | 'outside_pool' | 'conversation_limit' | null;
  conversations_left: number | null;
  free_conversations: number;
}

export type ComposerSend = { text: string } | { gift: GiftView } | { photo: File };

const Bar = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)} ${theme.space(3)}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
`;

const Row = styled.form`
  display: flex;
  min-width: 0;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

const Tool = styled.button`
  display: grid;
  flex: none;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &[aria-expanded='true'],
  &:hover {
    background: ${({ theme }) => theme.colors.secondary};
    color: ${({ theme }) => theme.colors.primaryOnTint};
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.dark};
    outline-offset: 2px;
  }

  &:disabled {
    cursor: default;
    opacity: 0.5;
  }
`;

const Send = styled(Tool)`
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};

  &:hover {
    background: ${({ theme }) => theme.colors.primaryHover};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

const TextBox = styled.textarea`
  flex: 1;
  min-width: 0;
  min-height: 44px;
  max-height: 160px;
  padding: 11px ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 22px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  line-height: 1.35;
  resize: none;

  &:focus {
    border-color: ${({ theme }) => theme.colors.primary};
    outline: none;
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.secondary};
  }
`;

const Cost = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};

  strong {
    color: ${({ theme }) => theme.colors.text};
  }

  a {
    color: ${({ theme }) => theme.colors.primaryOnTint};
    font-weight: 700;
  }
`;

const Gifts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(104px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  max-height: 260px;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  overflow-y: auto;

  button {
    display: grid;
    justify-items: center;
    gap: 2px;
    padding: ${({ theme }) => theme.space(2)};
    border: 2px solid transparent;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
    line-height: 1.2;
    text-align: center;
    overflow-wrap: anywhere;
    hyphens: auto;
    cursor: pointer;

    img {
      width: 56px;
      height: 56px;
    }

    small {
      color: ${({ theme }) => theme.colors.textMuted};
      font-weight: 400;
    }

    &:hover,
    &:focus-visible {
      border-color: ${({ theme }) => theme.colors.primary};
      outline: none;
    }
  }
`;

const Notice = styled(Alert)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const BuyLink = styled(Link)`
  padding: 4px 14px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.danger};
  color: #fff !important;
  text-decoration: none;
`;

const Counter = styled.span<{ $over: boolean }>`
  margin-left: auto;
  color: ${({ $over, theme }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
  font-weight: ${({ $over }) => ($over ? 700 : 400)};
`;

function credits(count: number) {
  return <FormattedMessage id="pricing.credits" defaultMessage="{count, plural, one {# credit} other {# credits}}" values={{ count }} />;
}

/**
 * The text cut at the site's message_length in characters (code points, as the server counts): typing
 * or pasting stops at the limit instead of running past it with Send disabled (issue 26).
 */
export function clipText(text: string, max: number): string {
  const characters = [...text];
  return characters.length > max ? characters.slice(0, max).join('') : text;
}

export function Composer({
  name,
  info,
  gifts,
  minimumCost,
  initialText,
  initialGifts = false,
  outOfCredits,
  onSend,
}: {
  name: string;
  info: ComposerInfo;
  gifts: GiftView[];
  minimumCost: { costs: number; currency: string } | null;
  initialText: string;
  /** Open the gift picker at once (the profile's "Send a gift"). */
  initialGifts?: boolean;
  /** The server refused the last send for want of credits. */
  outOfCredits: boolean;
  onSend: (what: ComposerSend) => void;
}) {
  const intl = useIntl();
  const { user } = useSnapshot(useAppState());
  const [text, setText] = useState(clipText(initialText, info.message_length));
  const [giftsOpen, setGiftsOpen] = useState(initialGifts);
  const box = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const balance = user?.credits ?? 0;
  const length = [...text].length;

  // The box grows with its text, up to its max height.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [text]);

  if (info.refusal) {
    return (
      <Bar>
        <Notice $tone={info.refusal === 'conversation_limit' ? 'info' : 'danger'} role="status" data-testid="composer-refusal">
          {info.refusal === 'blocked' ? (
            <FormattedMessage id="profile.blocked" defaultMessage="You're blocked by {name}. You do not have access to this page." values={{ name }} />
          ) : info.refusal === 'recipient_unconfirmed' ? (
            <FormattedMessage id="chat.error.unconfirmed" defaultMessage="Messages blocked by unconfirmed e-mail" />
          ) : info.refusal === 'outside_pool' ? (
            <FormattedMessage
              id="chat.error.outsidePool"
              defaultMessage="Your profile falls outside whom this site shows (its countries and who it is for), so nobody here could read your message. Nothing was charged."
            />
          ) : (
            <>
              <FormattedMessage id="chat.error.conversationLimit" defaultMessage="Free members can start up to {count} conversations. Buy credits to start as many as you like." values={{ count: info.free_conversations }} />
              <BuyLink to="/credits">
                <FormattedMessage id="chat.buyCredits" defaultMessage="Buy credits" />
              </BuyLink>
            </>
          )}
        </Notice>
      </Bar>
    );
  }

  const cantAfford = (cost: number) => cost > balance;
  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || length > info.message_length) return;
    // Not enough credits: the notice above already says so; a send would only be refused (a 402 in
    // the console, issue 48 item 4). The text stays for after a purchase.
    if (cantAfford(info.costs.text)) return;
    onSend({ text: trimmed });
    setText('');
    box.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const short = outOfCredits || cantAfford(info.costs.text);

  return (
    <Bar>
      {short ? (
        <Notice role="alert" data-testid="not-enough-credits">
          <FormattedMessage id="chat.error.notEnoughCredits" defaultMessage="You do not have enough credits" />
          <BuyLink to="/credits">
            <FormattedMessage id="chat.buyCredits" defaultMessage="Buy credits" />
          </BuyLink>
        </Notice>
      ) : null}
      {giftsOpen ? (
        <Gifts role="group" tabIndex={0} aria-label={intl.formatMessage({ id: 'chat.gift.choose', defaultMessage: 'Choose a gift for {name}' }, { name })} data-testid="gift-picker">
          {gifts.map((gift) => (
            <button
              key={gift.id}
              type="button"
              data-gift={gift.id}
              disabled={cantAfford(gift.credits)}
              onClick={() => {
                setGiftsOpen(false);
                onSend({ gift });
              }}
            >
              <img src={gift.image} alt="" width={56} height={56} />
              {gift.name}
              <small>{credits(gift.credits)}</small>
            </button>
          ))}
        </Gifts>
      ) : null}
      <Row
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Tool
          type="button"
          aria-expanded={giftsOpen}
          aria-label={intl.formatMessage({ id: 'chat.gift.button', defaultMessage: 'Send a gift ({cost})' }, { cost: intl.formatMessage({ id: 'pricing.credits', defaultMessage: '{count, plural, one {# credit} other {# credits}}' }, { count: info.costs.gift }) })}
          onClick={() => setGiftsOpen((open) => !open)}
          onKeyDown={(event) => event.key === 'Escape' && setGiftsOpen(false)}
          data-testid="gift-button"
        >
          <GiftIcon />
        </Tool>
        <Tool
          type="button"
          aria-label={intl.formatMessage({ id: 'chat.photo.button', defaultMessage: 'Send a photo ({cost})' }, { cost: intl.formatMessage({ id: 'pricing.credits', defaultMessage: '{count, plural, one {# credit} other {# credits}}' }, { count: info.costs.photo }) })}
          onClick={() => file.current?.click()}
          disabled={cantAfford(info.costs.photo)}
        >
          <PhotoIcon />
        </Tool>
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          data-testid="photo-input"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen && !cantAfford(info.costs.photo)) onSend({ photo: chosen });
          }}
        />
        <TextBox
          ref={box}
          rows={1}
          value={text}
          name="text"
          data-testid="composer-text"
          aria-label={intl.formatMessage({ id: 'chat.composer.label', defaultMessage: 'Message to {name}' }, { name })}
          placeholder={intl.formatMessage({ id: 'chat.composer.placeholder', defaultMessage: 'Write a message…' })}
          onChange={(event) => setText(clipText(event.target.value, info.message_length))}
          onKeyDown={onKeyDown}
        />
        <Send type="submit" aria-label={intl.formatMessage({ id: 'chat.send', defaultMessage: 'Send' })} disabled={!text.trim() || length > info.message_length} data-testid="send">
          <SendIcon />
        </Send>
      </Row>
      <Cost data-testid="composer-cost">
        <span>
          <FormattedMessage
            id="chat.cost.message"
            defaultMessage="{cost} per message"
            values={{ cost: <strong>{credits(info.costs.text)}</strong> }}
          />
          {minimumCost ? (
            <>
              {' · '}
              <FormattedMessage
                id="chat.cost.minimum"
                defaultMessage="from {price}"
                values={{ price: <FormattedNumber value={minimumCost.costs / 100} style="currency" currency={minimumCost.currency} /> }}
              />
            </>
          ) : null}
        </span>
        <span>
          <FormattedMessage id="chat.cost.balance" defaultMessage="You have {credits}" values={{ credits: credits(balance) }} /> · <Link to="/credits"><FormattedMessage id="chat.buyCredits" defaultMessage="Buy credits" /></Link>
        </span>
        {info.conversations_left !== null ? (
          <span data-testid="conversations-left">
            <FormattedMessage
              id="chat.cost.conversationsLeft"
              defaultMessage="{count, plural, =0 {No new conversations left for free members} one {You can start # more conversation} other {You can start # more conversations}}"
              values={{ count: info.conversations_left }}
            />
          </span>
        ) : null}
        {length > info.message_length * 0.8 ? (
          <Counter $over={length >= info.message_length} data-testid="composer-count" aria-live="polite">
            {length}/{info.message_length}
          </Counter>
        ) : null}
      </Cost>
    </Bar>
  );
}
