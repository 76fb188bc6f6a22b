// The icebreaker modal (docs/product.md §2 names it; docs/decisions/0015 defines it). Trigger: the first time a
// member opens the profile of a match in this browser, two seconds after the page opens, when no
// other modal shows. Content: three opening lines, one about an interest on the profile when it
// shows any. Action: "Write to {name}" opens the chat with the chosen line (/members/{id}/chat?text=…);
// "Not now" closes it. Each match is offered once (remembered in localStorage).
import { useNavigate } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useAppState } from '~/state/app-state';
import { Button } from '../app/buttons';
import { ChatIcon } from '../app/icons';
import { Modal } from '../modals/modal';
import { ModalActions, PhotoModalBody, TextButton } from './photo-modal';

export const ICEBREAKER_KEY = 'rdv_icebreakers';
export const ICEBREAKER_DELAY_MS = 2_000;

const Lines = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  margin: 0;
  padding: 0;
  border: 0;
  text-align: left;

  legend {
    margin-bottom: ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.colors.textMuted};
  }

  label {
    display: flex;
    gap: ${({ theme }) => theme.space(3)};
    align-items: flex-start;
    padding: ${({ theme }) => theme.space(3)};
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    cursor: pointer;
  }

  label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surface};
  }

  input {
    margin-top: 3px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Bubble = styled.span`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};

  svg {
    width: 32px;
    height: 32px;
  }
`;

function offered(): number[] {
  try {
    const list = JSON.parse(window.localStorage.getItem(ICEBREAKER_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function remember(id: number): void {
  try {
    window.localStorage.setItem(ICEBREAKER_KEY, JSON.stringify([...offered().filter((known) => known !== id), id].slice(-200)));
  } catch {
    // Storage full or off: the modal may then show again, which is harmless.
  }
}

export function IcebreakerModal({ profile }: { profile: { id: number; name: string; interests: readonly string[] } }) {
  const intl = useIntl();
  const state = useAppState();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(0);
  const name = useId();

  useEffect(() => {
    if (offered().includes(profile.id)) return;
    const timer = window.setTimeout(() => {
      if (state.likes.modal || state.entryWarningOpen || document.querySelector('dialog[open]')) return;
      remember(profile.id);
      setOpen(true);
    }, ICEBREAKER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [profile.id, state]);

  const interest = profile.interests[0];
  const lines = [
    interest
      ? intl.formatMessage({ id: 'likes.icebreaker.interest', defaultMessage: 'I saw {interest} on your profile. What do you love most about it?' }, { interest: intl.formatMessage({ id: `interest.${interest}` }) })
      : intl.formatMessage({ id: 'likes.icebreaker.smile', defaultMessage: 'Hi {name}! What made you smile today?' }, { name: profile.name }),
    intl.formatMessage({ id: 'likes.icebreaker.sunday', defaultMessage: 'What does a perfect Sunday look like for you?' }),
    intl.formatMessage({ id: 'likes.icebreaker.trip', defaultMessage: 'If you could travel anywhere tomorrow, where would you go?' }),
  ];
  const close = () => setOpen(false);
  const write = () => {
    close();
    navigate(`/members/${profile.id}/chat?text=${encodeURIComponent(lines[choice]!)}`);
  };
  return (
    <Modal open={open} onClose={close} labelledBy="icebreaker-title">
      {open ? (
        <PhotoModalBody data-testid="icebreaker-modal">
          <Bubble aria-hidden>
            <ChatIcon />
          </Bubble>
          <h2 id="icebreaker-title">
            <FormattedMessage id="likes.icebreaker.title" defaultMessage="Break the ice with {name}" values={{ name: profile.name }} />
          </h2>
          <Lines>
            <legend>
              <FormattedMessage id="likes.icebreaker.pick" defaultMessage="You like each other. Pick an opening line for your first message:" />
            </legend>
            {lines.map((line, index) => (
              <label key={line}>
                <input type="radio" name={name} checked={choice === index} onChange={() => setChoice(index)} />
                <span>{line}</span>
              </label>
            ))}
          </Lines>
          <ModalActions>
            <Button type="button" onClick={write} data-testid="icebreaker-write">
              <FormattedMessage id="likes.icebreaker.write" defaultMessage="Write to {name}" values={{ name: profile.name }} />
            </Button>
            <TextButton type="button" onClick={close}>
              <FormattedMessage id="likes.modal.notNow" defaultMessage="Not now" />
            </TextButton>
          </ModalActions>
        </PhotoModalBody>
      ) : null}
    </Modal>
  );
}
