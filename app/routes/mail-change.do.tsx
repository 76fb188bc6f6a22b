// /mail-change/do?token=… — the link in the mail-change mail opens this page; its button confirms the
// new address with a POST, so a mail scanner that follows (GETs) the link changes nothing.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '~/components/app/buttons';
import { ConfirmLinkForm } from '~/components/forms/confirm-link-form';
import { Alert, Card, PageBackdrop } from '~/components/forms/fields';
import { confirmMailChange, TokenSchema } from '~/.server/accounts/mail-change';
import { formAction } from '~/.server/contract/form-action';
import { serverMessage } from '~/.server/i18n/messages';

export function loader({ request }: LoaderFunctionArgs) {
  return { token: (new URL(request.url).searchParams.get('token') ?? '').slice(0, 200) };
}

export const action = formAction({
  body: TokenSchema,
  failure: ({ message }): { ok: boolean; error: string | null } => ({ ok: false, error: message }),
  async handle({ context, body }) {
    const result = await confirmMailChange(context.db, context.tenant, body.token);
    if (result.ok) return { ok: true, error: null };
    return { ok: false, error: serverMessage(context.locale, result.error === 'taken' ? 'mailChange.error.taken' : 'activation.error.body') };
  },
});

export default function MailChangeDo() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <PageBackdrop>
      <Card data-testid="mail-change">
        <h1>
          <FormattedMessage id="mailChange.title" defaultMessage="Your e-mail address" />
        </h1>
        {result?.ok ? (
          <>
            <Alert $tone="success" role="status">
              <FormattedMessage id="mailChange.done" defaultMessage="Your new e-mail address is confirmed. From now on you log in with it." />
            </Alert>
            <p>
              <ButtonLink to="/">
                <FormattedMessage id="activation.done.continue" defaultMessage="Continue" />
              </ButtonLink>
            </p>
          </>
        ) : result && !result.ok ? (
          <Alert role="alert">{result.error}</Alert>
        ) : (
          <ConfirmLinkForm
            token={token}
            intro={<FormattedMessage id="mailChange.confirmIntro" defaultMessage="Confirm that you want to log in with this new e-mail address from now on." />}
            button={<FormattedMessage id="mailChange.confirm" defaultMessage="Confirm my new e-mail address" />}
          />
        )}
      </Card>
    </PageBackdrop>
  );
}
