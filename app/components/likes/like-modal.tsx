// The like modal (docs/product.md §4, §9): on /members/{id}, /likes/m/{id} and /match-finder, a positive
// ?t=<seconds> opens it after that many seconds; t leaves the address at once, without a reload.
// It invites the member to look at one profile (the one shown, or the best match); its button goes
// to /members/{id}. docs/decisions/0015.
import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useAppState } from '~/state/app-state';
import { likeModalDelay, withoutT } from '~/state/likes';
import { ButtonLink } from '../app/buttons';
import { FictionalMark } from '../app/fictional-mark';
import { HeartIcon } from '../app/icons';
import { Modal } from '../modals/modal';
import { HeartBurst, ModalActions, PhotoFrame, PhotoModalBody, photoRing, TextButton } from './photo-modal';
import styled from 'styled-components';

const PhotoLink = styled(Link)`
  ${photoRing}
`;

export interface LikeModalProfile {
  id: number;
  name: string;
  photo: string | null;
  fictional: boolean;
}

export function LikeModal({ profile }: { profile: LikeModalProfile | null }) {
  const [open, setOpen] = useState(false);
  const state = useAppState();
  useEffect(() => {
    const delay = likeModalDelay(new URL(window.location.href).searchParams.get('t'));
    if (new URL(window.location.href).searchParams.has('t')) {
      // Keep the router's own history entry state, so that Back and Forward still work.
      window.history.replaceState(window.history.state, '', withoutT(window.location.href));
    }
    if (delay === null || !profile) return;
    const timer = window.setTimeout(() => {
      // Another modal first (the match modal, the entry warning): this one waits its turn.
      if (!state.likes.modal && !state.entryWarningOpen) setOpen(true);
    }, delay);
    return () => window.clearTimeout(timer);
    // Once per page: t is read when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!profile) return null;
  const close = () => setOpen(false);
  const href = `/members/${profile.id}`;
  return (
    <Modal open={open} onClose={close} labelledBy="like-modal-title">
      {open ? (
        <PhotoModalBody data-testid="like-modal">
          <PhotoFrame>
            <PhotoLink to={href} onClick={close} aria-label={profile.name}>
              {profile.photo ? <img src={profile.photo} alt="" width={148} height={148} /> : <span>{profile.name.charAt(0)}</span>}
            </PhotoLink>
            <HeartBurst aria-hidden>
              <HeartIcon />
            </HeartBurst>
          </PhotoFrame>
          <h2 id="like-modal-title">
            <FormattedMessage id="likes.likeModal.title" defaultMessage="Do you like {name}?" values={{ name: profile.name }} />
            {profile.fictional ? <FictionalMark /> : null}
          </h2>
          <p>
            <FormattedMessage id="likes.likeModal.text" defaultMessage="Have a look at {name}'s profile and send a like: a like back makes it a match." values={{ name: profile.name }} />
          </p>
          <ModalActions>
            <ButtonLink to={href} onClick={close} data-testid="like-modal-open">
              <FormattedMessage id="likes.modal.viewProfile" defaultMessage="View {name}'s profile" values={{ name: profile.name }} />
            </ButtonLink>
            <TextButton type="button" onClick={close}>
              <FormattedMessage id="likes.modal.notNow" defaultMessage="Not now" />
            </TextButton>
          </ModalActions>
        </PhotoModalBody>
      ) : null}
    </Modal>
  );
}
