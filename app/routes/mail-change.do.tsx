// /mail-change/do?token=… — confirms the new e-mail address.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '~/components/app/buttons';
import { Alert, Card, PageBackdrop } from '~/components/forms/fields';
import { confirmMailChange } from '~/.server/accounts/mail-change';
import { serverMessage } from '~/.server/i18n/messages';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const result = await confirmMailChange(context.db, context.tenant, token);
  if (result.ok) return { ok: true, error: null };
  const id = result.error === 'taken' ? 'mailChange.error.taken' : 'activation.error.body';
  return { ok: false, error: serverMessage(context.locale, id) };
}

export default function MailChangeDo() {
  const { ok, error } = useLoaderData<typeof loader>();
  return (
    <PageBackdrop>
      <Card data-testid="mail-change">
        <h1>
          <FormattedMessage id="mailChange.title" defaultMessage="Your e-mail address" />
        </h1>
        {ok ? (
          <Alert $tone="success">
            <FormattedMessage id="mailChange.done" defaultMessage="Your new e-mail address is confirmed. From now on you log in with it." />
          </Alert>
        ) : (
          <Alert>{error}</Alert>
        )}
        <p>
          <ButtonLink to="/">
            <FormattedMessage id="activation.done.continue" defaultMessage="Continue" />
          </ButtonLink>
        </p>
      </Card>
    </PageBackdrop>
  );
}
