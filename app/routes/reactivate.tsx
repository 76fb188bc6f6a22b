// /reactivate?token=… — the link in the deletion mail opens this page; its button reactivates the
// account with a POST, so a mail scanner that follows (GETs) the link changes nothing.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '~/components/app/buttons';
import { ConfirmLinkForm } from '~/components/forms/confirm-link-form';
import { Alert, Card, PageBackdrop } from '~/components/forms/fields';
import { reactivateAccount } from '~/.server/accounts/deletion';
import { TokenSchema } from '~/.server/accounts/mail-change';
import { formAction } from '~/.server/http/form-action';

export function loader({ request }: LoaderFunctionArgs) {
  return { token: (new URL(request.url).searchParams.get('token') ?? '').slice(0, 200) };
}

export const action = formAction({
  body: TokenSchema,
  failure: () => ({ ok: false }),
  handle: async ({ context, body }) => ({ ok: await reactivateAccount(context.db, context.tenant, body.token) }),
});

export default function Reactivate() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <PageBackdrop>
      <Card data-testid="reactivate">
        {result?.ok ? (
          <>
            <h1>
              <FormattedMessage id="reactivate.title" defaultMessage="Welcome back" />
            </h1>
            <Alert $tone="success" role="status">
              <FormattedMessage id="reactivate.done" defaultMessage="Your account is active again. Log in to continue where you left off." />
            </Alert>
          </>
        ) : result ? (
          <>
            <h1>
              <FormattedMessage id="reactivate.expiredTitle" defaultMessage="This link no longer works" />
            </h1>
            <Alert role="alert">
              <FormattedMessage id="activation.error.body" defaultMessage="Link expired or invalid, request a new email" />
            </Alert>
          </>
        ) : (
          <ConfirmLinkForm
            token={token}
            heading={<FormattedMessage id="reactivate.confirmTitle" defaultMessage="Reactivate your account" />}
            intro={<FormattedMessage id="reactivate.confirmIntro" defaultMessage="Your account is waiting to be deleted. Reactivate it to keep your profile, likes and messages." />}
            button={<FormattedMessage id="reactivate.confirm" defaultMessage="Reactivate my account" />}
          />
        )}
        {result ? (
          <p>
            <ButtonLink to="/login">
              <FormattedMessage id="nav.login" defaultMessage="Login" />
            </ButtonLink>
          </p>
        ) : null}
      </Card>
    </PageBackdrop>
  );
}
