// Warning banners and page alerts under the navigation (SPEC §2, §4).
import { Link, useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { PROFILE_PHOTO_ALERT_KEY, alertDismissedAt, dismissAlert, showProfilePhotoAlert } from '~/state/alerts';
import { useAppState } from '~/state/app-state';
import { clientClock } from '~/state/clock';
import { CloseButton } from '../app/buttons';
import { CameraIcon } from '../app/icons';

const Banner = styled.div`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.dark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  text-align: center;

  a {
    color: inherit;
    margin-left: ${({ theme }) => theme.space(2)};
  }
`;

/** Activation reminder: not confirmed, profile disabled, notifications not disabled (SPEC §4). */
export function ActivationBanner() {
  return (
    <Banner role="status" data-testid="activation-banner">
      <FormattedMessage id="banner.activation" defaultMessage="Confirm your e-mail address so that others can reply to you." />
      <Link to="/complete-signup">
        <FormattedMessage id="banner.activation.action" defaultMessage="Send the e-mail again" />
      </Link>
    </Banner>
  );
}

const AlertBox = styled.div`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.text};
`;

const AlertInner = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  max-width: 1140px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(2)} ${theme.space(3)} ${theme.space(4)}`};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  > svg {
    color: ${({ theme }) => theme.colors.primaryOnTint};
  }

  p {
    margin: 0;
  }

  a {
    color: ${({ theme }) => theme.colors.primaryOnTint};
    font-weight: 700;
    white-space: nowrap;
  }
`;

/** Profile-photo alert (SPEC §4): a member without a photo is asked to add one, until dismissed. */
export function ProfilePhotoAlert() {
  const { user } = useSnapshot(useAppState());
  const intl = useIntl();
  const { pathname } = useLocation();
  // localStorage is read after hydration: the server never renders this alert.
  const [dismissedAt, setDismissedAt] = useState<number | null | undefined>(undefined);
  useEffect(() => setDismissedAt(alertDismissedAt(window.localStorage, PROFILE_PHOTO_ALERT_KEY)), []);
  if (dismissedAt === undefined) return null;
  const show = showProfilePhotoAlert({ loggedIn: user !== null, hasPhoto: user?.photo ?? true, dismissedAt, onProfilePage: pathname === '/profile' });
  if (!show) return null;
  const dismiss = () => {
    const now = clientClock.now();
    dismissAlert(window.localStorage, PROFILE_PHOTO_ALERT_KEY, now);
    setDismissedAt(now);
  };
  return (
    <AlertBox role="region" aria-label={intl.formatMessage({ id: 'alert.photo.label', defaultMessage: 'Profile photo' })} data-testid="photo-alert">
      <AlertInner>
        <CameraIcon />
        <p>
          <FormattedMessage id="alert.photo.text" defaultMessage="Members with a photo get many more replies." />{' '}
          <Link to="/profile">
            <FormattedMessage id="alert.photo.action" defaultMessage="Add a profile photo" />
          </Link>
        </p>
        <CloseButton type="button" onClick={dismiss} aria-label={intl.formatMessage({ id: 'alert.dismiss', defaultMessage: 'Dismiss' })}>
          ×
        </CloseButton>
      </AlertInner>
    </AlertBox>
  );
}
