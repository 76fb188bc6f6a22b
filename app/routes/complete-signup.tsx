// /complete-signup: the completion step — check your inbox; send the activation mail again.
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, redirect, useActionData, useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { Button } from '~/components/app/buttons';
import { Alert, Card, PageBackdrop } from '~/components/forms/fields';
import { resendActivation } from '~/.server/accounts/activation';
import { z } from 'zod';
import { formAction } from '~/.server/contract/form-action';
import { sendLimitText } from '~/.server/trust/send-limits';

export function loader({ context }: LoaderFunctionArgs) {
  if (!context.user) throw redirect('/login');
  return { email: context.user.email, confirmed: context.user.status === 'confirmed' };
}

export const action = formAction({
  body: z.object({}),
  failure: ({ message }): { sent: boolean; message: string | null } => ({ sent: false, message }),
  async handle({ context }) {
    if (!context.user) throw redirect('/login');
    const result = await resendActivation(context.db, context.tenant, context.user, { origin: context.origin, locale: context.locale });
    // Past the limits of docs/decisions/0038: 429 with the wait, and no mail.
    if ('retryAfter' in result) return data({ sent: false, message: sendLimitText(context.locale, result.retryAfter) }, { status: 429 });
    context.mail.poke();
    return { sent: result.sent, message: null };
  },
});

export default function CompleteSignup() {
  const { email, confirmed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <PageBackdrop>
      <Card data-testid="complete-signup">
        <h1>
          {confirmed ? (
            <FormattedMessage id="activation.done.title" defaultMessage="Your e-mail address is confirmed" />
          ) : (
            <FormattedMessage id="complete.title" defaultMessage="Check your inbox" />
          )}
        </h1>
        {confirmed ? null : (
          <>
            <p>
              <FormattedMessage
                id="complete.body"
                defaultMessage="We sent an e-mail to {email}. Click the link in it to confirm your address. Until then, the people you write to cannot reply."
                values={{ email: <strong>{email}</strong> }}
              />
            </p>
            {result?.sent ? (
              <Alert $tone="success" role="status">
                <FormattedMessage id="complete.resent" defaultMessage="We sent you a new e-mail." />
              </Alert>
            ) : result?.message ? (
              <Alert $tone="danger" role="alert" data-testid="resend-refused">
                {result.message}
              </Alert>
            ) : null}
            <Form method="post">
              <Button type="submit" $variant="ghost">
                <FormattedMessage id="activation.error.resend" defaultMessage="Send a new activation e-mail" />
              </Button>
            </Form>
          </>
        )}
      </Card>
    </PageBackdrop>
  );
}
