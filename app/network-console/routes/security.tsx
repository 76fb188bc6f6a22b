// /security (docs/network-console.md, docs/decisions/0052): the signed-in staff member's own second
// step — a mailed code, or an authenticator app once its first code confirms it. Any network role;
// no session 303 to /login. Its form posts are security_.totp.start.tsx and security_.totp.confirm.tsx.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { signedIn } from '~/.server/network/console-route';
import { totpEnrolment } from '~/.server/network/totp';
import { ButtonLink, Flash } from '~/components/network/admin-parts';
import { ConsoleMain } from '~/components/network/console-shell';
import { Card, Field, Muted, PrimaryButton } from '~/components/network/parts';

export async function loader({ context }: LoaderFunctionArgs) {
  const network = signedIn(context);
  return totpEnrolment(network.db, network.actor);
}

const Secret = styled.span`
  display: block;
  margin-top: 4px;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.background};
  font-size: ${({ theme }) => theme.fontSizes.md};
  overflow-wrap: anywhere;
`;

const Step = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};

  p {
    margin: 0;
  }
`;

export default function Security() {
  const totp = useLoaderData<typeof loader>();
  return (
    <ConsoleMain $width={760}>
      <Flash />
      <Card>
        <h1>
          <FormattedMessage id="network.security.title" defaultMessage="Your sign-in" />
        </h1>
        <p>
          {totp.enabled ? (
            <FormattedMessage id="network.security.on" defaultMessage="Your second step is the code of your authenticator app." />
          ) : (
            <FormattedMessage id="network.security.off" defaultMessage="Your second step is a code sent by e-mail. An authenticator app is faster and does not depend on mail." />
          )}
        </p>
        {totp.pending ? (
          <Step>
            <h2>
              <FormattedMessage id="network.security.scanTitle" defaultMessage="Add the console to your authenticator app" />
            </h2>
            <p>
              <FormattedMessage id="network.security.scan" defaultMessage="On your phone, open the link below, or add an account in the app and type in the key." />
            </p>
            <p>
              <ButtonLink href={totp.pending.uri}>
                <FormattedMessage id="network.security.openApp" defaultMessage="Open in authenticator app" />
              </ButtonLink>
            </p>
            <p>
              <FormattedMessage id="network.security.key" defaultMessage="Key" />
              <Secret>
                <code data-testid="totp-key">{totp.pending.key.replace(/(.{4})/g, '$1 ').trim()}</code>
              </Secret>
            </p>
            <Muted>
              <FormattedMessage id="network.security.uri" defaultMessage="Set-up address" />
              <Secret>
                <code data-testid="totp-uri">{totp.pending.uri}</code>
              </Secret>
            </Muted>
            <Form method="post" action="/security/totp/confirm">
              <Field>
                <FormattedMessage id="network.security.firstCode" defaultMessage="The code the app shows now" />
                <input name="code" inputMode="numeric" pattern="[0-9]{6}" maxLength={6} autoComplete="one-time-code" required />
              </Field>
              <PrimaryButton type="submit">
                <FormattedMessage id="network.security.confirm" defaultMessage="Confirm and switch on" />
              </PrimaryButton>
            </Form>
          </Step>
        ) : (
          <Form method="post" action="/security/totp/start">
            <PrimaryButton type="submit">
              {totp.enabled ? (
                <FormattedMessage id="network.security.replace" defaultMessage="Move to a new authenticator app" />
              ) : (
                <FormattedMessage id="network.security.start" defaultMessage="Set up an authenticator app" />
              )}
            </PrimaryButton>
          </Form>
        )}
      </Card>
    </ConsoleMain>
  );
}
