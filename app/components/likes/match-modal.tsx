// The match modal (docs/product.md §2, §4): after a new like arrives (a refresh or an auto-like) 'New like!'
// with the liker's main photo; after a like back, 'It's a match!'. One button; the photo and the
// button open the profile (/likes/m/{id}); the backdrop and Escape close it. It waits while a
// navigation menu is open.
import { useNavigate } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useAppState } from '~/state/app-state';
import { Button } from '../app/buttons';
import { FictionalMark } from '../app/fictional-mark';
import { HeartIcon } from '../app/icons';
import { Modal } from '../modals/modal';
import { useMenuOpen } from '../nav/dropdown';
import { HeartBurst, ModalActions, PhotoButton, PhotoFrame, PhotoModalBody } from './photo-modal';

export function MatchModal() {
  const state = useAppState();
  const { modal } = useSnapshot(state.likes);
  const navigate = useNavigate();
  // Not over an open menu: the modal shows once the menu closes.
  const menuOpen = useMenuOpen();
  const close = () => {
    state.likes.modal = null;
  };
  const openProfile = () => {
    if (!modal) return;
    const id = modal.id;
    close();
    navigate(`/likes/m/${id}`);
  };
  return (
    <Modal open={modal !== null && !menuOpen} onClose={close} labelledBy="match-modal-title">
      {modal ? (
        <PhotoModalBody data-testid="match-modal" data-kind={modal.kind}>
          <PhotoFrame>
            <PhotoButton type="button" onClick={openProfile} data-testid="match-modal-photo">
              {modal.photo ? <img src={modal.photo} alt={modal.name} width={148} height={148} /> : <span aria-label={modal.name}>{modal.name.charAt(0)}</span>}
            </PhotoButton>
            <HeartBurst aria-hidden>
              <HeartIcon />
            </HeartBurst>
          </PhotoFrame>
          <h2 id="match-modal-title">
            {modal.kind === 'match' ? <FormattedMessage id="likes.modal.matchTitle" defaultMessage="It's a match!" /> : <FormattedMessage id="likes.modal.newLikeTitle" defaultMessage="New like!" />}
          </h2>
          <p>
            {modal.kind === 'match' ? (
              <FormattedMessage id="likes.modal.matchText" defaultMessage="You and {name} like each other." values={{ name: <strong>{modal.name}</strong> }} />
            ) : (
              <FormattedMessage id="likes.modal.newLikeText" defaultMessage="{name} likes you." values={{ name: <strong>{modal.name}</strong> }} />
            )}{' '}
            {modal.fictional ? <FictionalMark /> : null}
          </p>
          <ModalActions>
            <Button type="button" onClick={openProfile} data-testid="match-modal-open">
              <FormattedMessage id="likes.modal.viewProfile" defaultMessage="View {name}'s profile" values={{ name: modal.name }} />
            </Button>
          </ModalActions>
        </PhotoModalBody>
      ) : null}
    </Modal>
  );
}
