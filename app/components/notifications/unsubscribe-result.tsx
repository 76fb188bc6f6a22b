// The one-click unsubscribe page (routes/unsubscribe.$token.tsx): before the POST, what the button
// turns off; after it, which kinds were turned off, the kinds that still come — each with its own
// button, and one for all notification mail — and the way to the settings (issue 48 item 19).
import { Form, useNavigation } from '@remix-run/react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { NOTIFICATION_KINDS, MAIL_OFF_REASONS } from '~/shared/catalogue';
import { Button, ButtonLink } from '../app/buttons';
import { Alert } from '../forms/fields';
import { KIND_LABELS } from './kind-labels';

type Kind = (typeof NOTIFICATION_KINDS)[number];

const Kinds = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
`;

const Done = styled(Alert)`
  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
`;

const OthersTitle = styled.h2`
  margin: ${({ theme }) => theme.space(6)} 0 ${({ theme }) => theme.space(3)};
`;

const Others = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: 1fr auto;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
  }

  form {
    display: block;
  }
`;

/** The kinds named, as a bulleted list. */
export function KindList({ kinds, testId }: { kinds: readonly Kind[]; testId?: string }) {
  const intl = useIntl();
  return (
    <Kinds data-testid={testId}>
      {kinds.map((kind) => (
        <li key={kind}>{intl.formatMessage(KIND_LABELS[kind])}</li>
      ))}
    </Kinds>
  );
}

export function UnsubscribeResult({ token, site, off, disabled }: { token: string; site: string; off: readonly Kind[] | 'all'; disabled: readonly string[] }) {
  const intl = useIntl();
  const busy = useNavigation().state !== 'idle';
  const page = `/unsubscribe/${encodeURIComponent(token)}`;
  const allOff = disabled.some((reason) => (MAIL_OFF_REASONS as readonly string[]).includes(reason));
  const others = allOff ? [] : NOTIFICATION_KINDS.filter((kind) => !disabled.includes(kind));
  return (
    <>
      <h1>
        <FormattedMessage id="notify.unsubscribe.doneTitle" defaultMessage="You are unsubscribed" />
      </h1>
      {off === 'all' ? (
        <Alert $tone="success" role="status">
          <FormattedMessage
            id="notify.unsubscribe.done"
            defaultMessage="{site} sends you no more notification e-mails. You can turn them back on at any time in your settings."
            values={{ site }}
          />
        </Alert>
      ) : (
        <Done $tone="success" role="status">
          <p>
            <FormattedMessage
              id="notify.unsubscribe.kindsDone"
              defaultMessage="{count, plural, one {{site} no longer sends you this kind of e-mail:} other {{site} no longer sends you these kinds of e-mail:}}"
              values={{ site, count: off.length }}
            />
          </p>
          <KindList kinds={off} testId="unsubscribe-off" />
        </Done>
      )}
      {others.length ? (
        <>
          <OthersTitle>
            <FormattedMessage id="notify.unsubscribe.othersTitle" defaultMessage="E-mails you still get" />
          </OthersTitle>
          <Others data-testid="unsubscribe-others">
            {others.map((kind) => (
              <li key={kind}>
                <span id={`unsubscribe-${kind}`}>{intl.formatMessage(KIND_LABELS[kind])}</span>
                <Form method="post" action={`${page}?kind=${kind}`}>
                  <Button type="submit" $variant="ghost" aria-describedby={`unsubscribe-${kind}`} disabled={busy}>
                    <FormattedMessage id="notify.unsubscribe.turnOff" defaultMessage="Turn off" />
                  </Button>
                </Form>
              </li>
            ))}
          </Others>
          <Form method="post" action={page}>
            <Button type="submit" disabled={busy}>
              <FormattedMessage id="notify.unsubscribe.allButton" defaultMessage="Turn off all notification e-mails" />
            </Button>
          </Form>
        </>
      ) : null}
      <p>
        <FormattedMessage id="notify.unsubscribe.settings" defaultMessage="In your settings you can choose which e-mails you get, and turn any of them back on." />
      </p>
      <p>
        <ButtonLink to="/notifications" $variant="ghost">
          <FormattedMessage id="nav.settings" defaultMessage="Settings" />
        </ButtonLink>
      </p>
    </>
  );
}
