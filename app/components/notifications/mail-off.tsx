// Why notification mail is off (docs/product.md §4 disabled reasons: listunsubscribe, fbl, bounce) and what to
// do: turn it back on (one-click unsubscribe, spam complaint), or correct the address (bounce; a
// confirmed new address clears it).
import { Form } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../app/buttons';
import { Alert } from '../forms/fields';

const reasons = defineMessages({
  listunsubscribe: { id: 'settings.mailOff.listunsubscribe', defaultMessage: 'You unsubscribed from our e-mails with one click, so we send you no notifications.' },
  fbl: { id: 'settings.mailOff.fbl', defaultMessage: 'You marked one of our e-mails as spam, so we stopped sending you notifications.' },
});

export function MailOffAlert({ reasons: active, email }: { reasons: ('fbl' | 'bounce' | 'listunsubscribe')[]; email: string }) {
  const intl = useIntl();
  if (active.length === 0) return null;
  return (
    <Alert $tone="info" role="status" data-testid="mail-off">
      <p>
        <FormattedMessage id="settings.mailOff.title" defaultMessage="E-mail notifications are off" />
      </p>
      {active.map((reason) => (
        <p key={reason}>
          {reason === 'bounce' ? (
            <FormattedMessage
              id="settings.mailOff.bounce"
              defaultMessage="E-mails to {email} could not be delivered, so we stopped sending them. Please check your address or enter a new one below."
              values={{ email }}
            />
          ) : (
            intl.formatMessage(reasons[reason])
          )}
        </p>
      ))}
      {active.some((reason) => reason !== 'bounce') ? (
        <Form method="post">
          <input type="hidden" name="intent" value="mail-on" />
          <Button type="submit">
            <FormattedMessage id="settings.mailOff.enable" defaultMessage="Turn e-mail notifications back on" />
          </Button>
        </Form>
      ) : null}
    </Alert>
  );
}
