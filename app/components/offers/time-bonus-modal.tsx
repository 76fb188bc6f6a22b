// The time-bonus modal (docs/product.md §2, §4, §9): the 25% welcome bonus, a close icon, a link to credits and
// an act-fast text naming the 4 hours; shown by OffersLayer under the rules of time-bonus-modal.ts.
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { TIME_BONUS_HOURS, type CountdownTimer } from '~/shared/offers';
import { ButtonLink, CloseButton } from '../app/buttons';
import { Modal, ModalBody } from '../modals/modal';
import { Countdown } from './countdown';

const Body = styled(ModalBody)`
  position: relative;
  padding-top: ${({ theme }) => theme.space(8)};

  h2 {
    margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

const Close = styled(CloseButton)`
  position: absolute;
  top: ${({ theme }) => theme.space(2)};
  right: ${({ theme }) => theme.space(2)};
  font-size: 1.6rem;
`;

const Badge = styled.div`
  display: grid;
  place-items: center;
  width: 112px;
  height: 112px;
  margin: 0 auto;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  box-shadow: 0 0 0 8px ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: 2.25rem;
  font-weight: 800;
  line-height: 1;

  small {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
`;

const TimeLeft = styled.div`
  margin: ${({ theme }) => theme.space(4)} 0;

  span:first-child {
    display: block;
    margin-bottom: ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
`;

const Hurry = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Cta = styled(ButtonLink)`
  width: 100%;
`;

export function TimeBonusModal({ open, percentage, timer, onClose }: { open: boolean; percentage: number; timer: CountdownTimer | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal open={open} onClose={onClose} labelledBy="time-bonus-title">
      {open && timer ? (
        <Body data-testid="time-bonus-modal">
          <Close type="button" onClick={onClose} aria-label={intl.formatMessage({ id: 'offers.modal.close', defaultMessage: 'Close' })} data-testid="time-bonus-close">
            ×
          </Close>
          <Badge aria-hidden>
            <span>
              {percentage}%<small><FormattedMessage id="offers.modal.off" defaultMessage="off" /></small>
            </span>
          </Badge>
          <h2 id="time-bonus-title">
            <FormattedMessage id="offers.modal.title" defaultMessage="Your {percentage}% welcome bonus" values={{ percentage }} />
          </h2>
          <p>
            <FormattedMessage id="offers.modal.text" defaultMessage="As a new member you get {percentage}% off your first credits. Start chatting for less." values={{ percentage }} />
          </p>
          <TimeLeft>
            <span>
              <FormattedMessage id="offers.modal.timeLeft" defaultMessage="Time left" />
            </span>
            <Countdown timer={timer} large />
          </TimeLeft>
          <Hurry>
            <FormattedMessage
              id="offers.modal.actFast"
              defaultMessage="Act fast: the bonus is only valid for {hours, plural, one {# hour} other {# hours}} after you sign up."
              values={{ hours: TIME_BONUS_HOURS }}
            />
          </Hurry>
          <Cta to="/credits" onClick={onClose} data-testid="time-bonus-cta">
            <FormattedMessage id="offers.modal.cta" defaultMessage="Get {percentage}% off now" values={{ percentage }} />
          </Cta>
        </Body>
      ) : null}
    </Modal>
  );
}
