// The push part of the notifications page (docs/product.md §4 push states): shows this browser's state — not
// capable, unsubscribed, subscribed, denied — after hydration, and switches it (state/push.ts).
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../app/buttons';
import { Alert } from '../forms/fields';
import { useAppState } from '~/state/app-state';
import type { PushStatus } from '~/state/push';

// Loaded when the settings need it, as client-sync.tsx loads it: one chunk of its own, never in the page's.
const push = () => import('~/state/push');

export function PushSettings({ publicKey }: { publicKey: string }) {
  const state = useAppState();
  const [status, setStatus] = useState<PushStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void push().then(({ pushStatus }) => pushStatus()).then(setStatus);
  }, []);
  const run = (change: () => Promise<PushStatus>) => {
    setBusy(true);
    setFailed(false);
    change()
      .then(setStatus)
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  if (status === null) return null;
  return (
    <div data-testid="push-settings" data-state={status}>
      {failed ? (
        <Alert role="alert">
          <FormattedMessage id="settings.push.failed" defaultMessage="Push notifications could not be turned on. Please try again." />
        </Alert>
      ) : null}
      <p>
        {status === 'not_capable' ? (
          <FormattedMessage id="settings.push.notCapable" defaultMessage="This browser cannot show push notifications." />
        ) : status === 'denied' ? (
          <FormattedMessage id="settings.push.denied" defaultMessage="You have blocked notifications for this site. Allow them in your browser's site settings to turn them on." />
        ) : status === 'subscribed' ? (
          <FormattedMessage id="settings.push.subscribed" defaultMessage="Push notifications are on for this device." />
        ) : (
          <FormattedMessage id="settings.push.unsubscribed" defaultMessage="Get a notification on this device as soon as someone writes to you or likes you." />
        )}
      </p>
      {status === 'unsubscribed' ? (
        <Button type="button" disabled={busy} onClick={() => run(() => push().then(({ subscribeToPush }) => subscribeToPush(state, publicKey)))}>
          <FormattedMessage id="settings.push.enable" defaultMessage="Turn on push notifications" />
        </Button>
      ) : status === 'subscribed' ? (
        <Button type="button" $variant="ghost" disabled={busy} onClick={() => run(() => push().then(({ unsubscribeFromPush }) => unsubscribeFromPush(state)))}>
          <FormattedMessage id="settings.push.disable" defaultMessage="Turn off push notifications" />
        </Button>
      ) : null}
    </div>
  );
}
