// Answering as the persona: a text (counted against the tenant's message length), one of the
// persona's own photos, or a gift when the chat's catalogue is there. Free for the member, marked
// as from a fictional profile in their chat. Disabled unless the operator holds the claim.
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { GiftView } from '~/shared/chat-types';
import { FieldLabel, Muted, SmallButton } from './parts';

const Tabs = styled.div`
  display: flex;
  gap: 4px;
  margin-bottom: ${({ theme }) => theme.space(2)};

  button {
    min-height: 32px;
    padding: 0 12px;
    border: 1px solid #c5cad6;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #ffffff;
    color: inherit;
    font: inherit;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
    cursor: pointer;
  }

  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.dark};
    background: ${({ theme }) => theme.colors.dark};
    color: #ffffff;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Choices = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(84px, 1fr));
  gap: 8px;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: 6px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }

  label {
    position: relative;
    display: block;
    cursor: pointer;
  }

  input {
    position: absolute;
    top: 6px;
    left: 6px;
  }

  img {
    display: block;
    width: 100%;
    aspect-ratio: 3 / 4;
    border: 3px solid transparent;
    border-radius: 8px;
    object-fit: cover;
  }

  input:checked + img {
    border-color: ${({ theme }) => theme.colors.primary};
  }

  input:focus-visible + img {
    outline: 2px solid ${({ theme }) => theme.colors.dark};
  }
`;

type Kind = 'text' | 'photo' | 'gift';

export function Composer({
  enabled,
  profileName,
  maxLength,
  photos,
  gifts,
  clientId,
  sent,
}: {
  enabled: boolean;
  profileName: string;
  maxLength: number;
  photos: { id: number; thumb: string }[];
  gifts: GiftView[] | null;
  clientId: string;
  /** Increases with every answer sent, to empty the form. */
  sent: number;
}) {
  const intl = useIntl();
  const navigation = useNavigation();
  const [kind, setKind] = useState<Kind>('text');
  const [length, setLength] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (sent === 0) return;
    form.current?.reset();
    setLength(0);
  }, [sent]);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'reply';
  const kinds: Kind[] = gifts?.length ? ['text', 'photo', 'gift'] : ['text', 'photo'];
  const tabLabel: Record<Kind, string> = {
    text: intl.formatMessage({ id: 'operator.composer.text', defaultMessage: 'Text' }),
    photo: intl.formatMessage({ id: 'operator.composer.photo', defaultMessage: 'Photo' }),
    gift: intl.formatMessage({ id: 'operator.composer.gift', defaultMessage: 'Gift' }),
  };
  return (
    <Form method="post" ref={form} data-testid="composer" aria-label={intl.formatMessage({ id: 'operator.composer', defaultMessage: 'Answer as {name}' }, { name: profileName })}>
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="client_id" value={clientId} />
      <Tabs role="group" aria-label={intl.formatMessage({ id: 'operator.composer.kind', defaultMessage: 'Kind of answer' })}>
        {kinds.map((k) => (
          <button key={k} type="button" aria-pressed={kind === k} onClick={() => setKind(k)} data-testid={`composer-${k}`}>
            {tabLabel[k]}
          </button>
        ))}
      </Tabs>
      {kind === 'text' ? (
        <FieldLabel>
          <FormattedMessage id="operator.composer" defaultMessage="Answer as {name}" values={{ name: profileName }} />
          <textarea name="text" maxLength={maxLength} rows={4} disabled={!enabled} onChange={(e) => setLength(e.currentTarget.value.length)} data-testid="composer-textarea" />
        </FieldLabel>
      ) : null}
      {kind === 'photo' ? (
        <Choices disabled={!enabled}>
          <legend>
            <FormattedMessage id="operator.composer.pickPhoto" defaultMessage="One of {name}'s own photos" values={{ name: profileName }} />
          </legend>
          {photos.map((photo, index) => (
            <label key={photo.id}>
              <input type="radio" name="photo" value={photo.id} defaultChecked={index === 0} />
              <img src={photo.thumb} alt={intl.formatMessage({ id: 'operator.photoOf', defaultMessage: 'Photo {number} of {name}' }, { number: index + 1, name: profileName })} />
            </label>
          ))}
        </Choices>
      ) : null}
      {kind === 'gift' && gifts ? (
        <Choices disabled={!enabled}>
          <legend>
            <FormattedMessage id="operator.composer.pickGift" defaultMessage="A gift (free for the member)" />
          </legend>
          {gifts.map((gift, index) => (
            <label key={gift.id}>
              <input type="radio" name="gift" value={gift.id} defaultChecked={index === 0} />
              <img src={gift.image} alt={gift.name} />
            </label>
          ))}
        </Choices>
      ) : null}
      <Actions>
        <Muted>
          {kind === 'text' ? `${length} / ${maxLength} · ` : ''}
          <FormattedMessage id="operator.composer.free" defaultMessage="Free for the member, marked as from a fictional profile." />
        </Muted>
        <SmallButton type="submit" $variant="primary" disabled={!enabled || busy} data-testid="composer-send">
          <FormattedMessage id="operator.composer.send" defaultMessage="Send" />
        </SmallButton>
      </Actions>
    </Form>
  );
}
