// Warning banners and page alerts under the navigation (docs/product.md §2, §4).
import { Link, useLocation } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import {
  MAIL_OFF_ALERT_KEY,
  PROFILE_PHOTO_ALERT_KEY,
  PUSH_ALERT_KEY,
  alertDismissedAt,
  dismissAlert,
  dismissalCookie,
  type PageAlertKey,
  showMailOffAlert,
  showProfilePhotoAlert,
  showPushAlert,
} from '~/state/alerts';
import { useRootData } from '~/components/app/root-data';
import { useAppState } from '~/state/app-state';
import { clientClock } from '~/state/clock';
import { CloseButton } from '../app/buttons';
import { BellIcon, CameraIcon, MailOffIcon } from '../app/icons';

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

/** Activation reminder: not confirmed, profile disabled, notifications not disabled (docs/product.md §4). */
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

/**
 * When a page alert was dismissed: null when it was not, undefined while unknown. The root loader
 * read the dismissal cookies, so the server renders an alert that is due with the page and the
 * browser hydrates the same; a dismissal kept only in localStorage (from before the cookie) is read
 * after hydration, and copied into the cookie. Without the root's data (a test stub) the alert
 * waits for localStorage, as before.
 */
function useDismissal(key: PageAlertKey): [number | null | undefined, () => void] {
  const root = useRootData();
  const fromCookie = root ? (root.banners.dismissedAlerts[key] ?? null) : undefined;
  const [dismissedAt, setDismissedAt] = useState<number | null | undefined>(fromCookie);
  useEffect(() => {
    const stored = alertDismissedAt(window.localStorage, key);
    setDismissedAt((current) => current ?? stored);
    if (stored !== null && fromCookie === null) document.cookie = dismissalCookie(key, stored, window.location.protocol === 'https:');
  }, [key, fromCookie]);
  const dismiss = () => {
    const now = clientClock.now();
    dismissAlert(window.localStorage, key, now);
    document.cookie = dismissalCookie(key, now, window.location.protocol === 'https:');
    setDismissedAt(now);
  };
  return [dismissedAt, dismiss];
}

/** One page alert under the navigation: an icon, a text with its link, and a dismiss button (docs/product.md §4). */
function PageAlert({ label, testId, icon, onDismiss, children }: { label: string; testId: string; icon: ReactNode; onDismiss: () => void; children: ReactNode }) {
  const intl = useIntl();
  return (
    <AlertBox role="region" aria-label={label} data-testid={testId}>
      <AlertInner>
        {icon}
        <p>{children}</p>
        <CloseButton type="button" onClick={onDismiss} aria-label={intl.formatMessage({ id: 'alert.dismiss', defaultMessage: 'Dismiss' })}>
          ×
        </CloseButton>
      </AlertInner>
    </AlertBox>
  );
}

/** Profile-photo alert (docs/product.md §4): a member without a photo is asked to add one, until dismissed. */
function useProfilePhotoAlert(): ReactNode {
  const { user } = useSnapshot(useAppState());
  const intl = useIntl();
  const { pathname } = useLocation();
  const [dismissedAt, dismiss] = useDismissal(PROFILE_PHOTO_ALERT_KEY);
  if (dismissedAt === undefined) return null;
  if (!showProfilePhotoAlert({ loggedIn: user !== null, hasPhoto: user?.photo ?? true, dismissedAt, onProfilePage: pathname === '/profile' })) return null;
  return (
    <PageAlert label={intl.formatMessage({ id: 'alert.photo.label', defaultMessage: 'Profile photo' })} testId="photo-alert" icon={<CameraIcon />} onDismiss={dismiss}>
      <FormattedMessage id="alert.photo.text" defaultMessage="Members with a photo get many more replies." />{' '}
      <Link to="/profile">
        <FormattedMessage id="alert.photo.action" defaultMessage="Add a profile photo" />
      </Link>
    </PageAlert>
  );
}

/** Push alert (docs/product.md §4): a member whose browser can take push and who has not subscribed (nor refused it) is invited, until dismissed. */
function usePushAlert(): ReactNode {
  const { user, push } = useSnapshot(useAppState());
  const intl = useIntl();
  const { pathname } = useLocation();
  const [dismissedAt, dismiss] = useDismissal(PUSH_ALERT_KEY);
  if (dismissedAt === undefined) return null;
  const permission = typeof Notification === 'undefined' ? null : Notification.permission;
  if (!showPushAlert({ loggedIn: user !== null, capable: push.isCapable, subscribed: push.isSubscribed, permission, dismissedAt, onNotificationsPage: pathname === '/notifications' })) return null;
  return (
    <PageAlert label={intl.formatMessage({ id: 'alert.push.label', defaultMessage: 'Push messages' })} testId="push-alert" icon={<BellIcon />} onDismiss={dismiss}>
      <FormattedMessage id="alert.push.text" defaultMessage="Hear of new messages and likes on this device, even when the site is closed." />{' '}
      <Link to="/notifications">
        <FormattedMessage id="alert.push.action" defaultMessage="Turn on push messages" />
      </Link>
    </PageAlert>
  );
}

const mailOffTexts = defineMessages({
  bounce: { id: 'alert.mailOff.bounce', defaultMessage: 'Our e-mails to your address could not be delivered, so we stopped sending notifications.' },
  fbl: { id: 'alert.mailOff.fbl', defaultMessage: 'You marked one of our e-mails as spam, so we stopped sending notifications.' },
  listunsubscribe: { id: 'alert.mailOff.listunsubscribe', defaultMessage: 'You unsubscribed from our e-mails, so we send you no notifications.' },
});

/** Disabled-notifications alert (docs/product.md §4): why notification mail is off, and what to do, until dismissed. */
function useMailOffAlert(): ReactNode {
  const { user } = useSnapshot(useAppState());
  const intl = useIntl();
  const { pathname } = useLocation();
  const [dismissedAt, dismiss] = useDismissal(MAIL_OFF_ALERT_KEY);
  if (dismissedAt === undefined) return null;
  const reasons = user?.mailOff ?? [];
  if (!showMailOffAlert({ loggedIn: user !== null, reasons, dismissedAt, onNotificationsPage: pathname === '/notifications' })) return null;
  // A bounce is the one to mend first: nothing reaches the address until it is corrected.
  const reason = (['bounce', 'fbl', 'listunsubscribe'] as const).find((r) => reasons.includes(r)) ?? 'listunsubscribe';
  return (
    <PageAlert label={intl.formatMessage({ id: 'alert.mailOff.label', defaultMessage: 'E-mail notifications are off' })} testId="mail-off-alert" icon={<MailOffIcon />} onDismiss={dismiss}>
      {intl.formatMessage(mailOffTexts[reason])}{' '}
      <Link to="/notifications">
        {reason === 'bounce' ? (
          <FormattedMessage id="alert.mailOff.fixAddress" defaultMessage="Check your e-mail address" />
        ) : (
          <FormattedMessage id="alert.mailOff.enable" defaultMessage="Turn e-mail notifications back on" />
        )}
      </Link>
    </PageAlert>
  );
}

export const ProfilePhotoAlert = () => useProfilePhotoAlert();
export const PushAlert = () => usePushAlert();
export const MailOffPageAlert = () => useMailOffAlert();

/**
 * The page alerts under the navigation, one at a time so that a phone's first screen stays the
 * page's: why mail is off first (something is wrong), then the profile photo, then push. Dismissing
 * one brings up the next.
 */
export function PageAlerts() {
  const mailOff = useMailOffAlert();
  const photo = useProfilePhotoAlert();
  const push = usePushAlert();
  return <>{mailOff ?? photo ?? push}</>;
}
