// /reactivate?token=… — the link in the deletion mail: the account is active again.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '~/components/app/buttons';
import { Alert, Card, PageBackdrop } from '~/components/forms/fields';
import { reactivateAccount } from '~/.server/accounts/deletion';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { ok: await reactivateAccount(context.db, context.tenant, token) };
}

export default function Reactivate() {
  const { ok } = useLoaderData<typeof loader>();
  return (
    <PageBackdrop>
      <Card data-testid="reactivate">
        <h1>
          <FormattedMessage id="reactivate.title" defaultMessage="Welcome back" />
        </h1>
        {ok ? (
          <Alert $tone="success">
            <FormattedMessage id="reactivate.done" defaultMessage="Your account is active again. Log in to continue where you left off." />
          </Alert>
        ) : (
          <Alert>
            <FormattedMessage id="activation.error.body" defaultMessage="Link expired or invalid, request a new email" />
          </Alert>
        )}
        <p>
          <ButtonLink to="/login">
            <FormattedMessage id="nav.login" defaultMessage="Login" />
          </ButtonLink>
        </p>
      </Card>
    </PageBackdrop>
  );
}
