// /reactivate?token=… — the link in the deletion mail opens this page; its button reactivates the
// account with a POST, so a mail scanner that follows (GETs) the link changes nothing. Once the 14
// days have passed the page says the account is gone for good and what became of its data, the
// login's words (issue 48 item 24); a used or unknown link says it no longer works.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '~/components/app/buttons';
import { ConfirmLinkForm } from '~/components/forms/confirm-link-form';
import { Alert, Card, PageBackdrop } from '~/components/forms/fields';
import { reactivateAccount, reactivationLink } from '~/.server/accounts/deletion';
import { TokenSchema } from '~/.server/accounts/mail-change';
import { formAction } from '~/.server/contract/form-action';

type Outcome = { state: 'reactivated' } | { state: 'gone'; days: number } | { state: 'invalid' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get('token') ?? '').slice(0, 200);
  return { token, link: await reactivationLink(context.db, context.tenant, token) };
}

export const action = formAction({
  body: TokenSchema,
  failure: (): Outcome => ({ state: 'invalid' }),
  handle: async ({ context, body }): Promise<Outcome> => {
    const result = await reactivateAccount(context.db, context.tenant, body.token);
    if (result.ok) return { state: 'reactivated' };
    return result.error === 'account_deleted' ? { state: 'gone', days: result.days } : { state: 'invalid' };
  },
});

export default function Reactivate() {
  const { token, link } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const outcome: Outcome | null = result ?? (link.state === 'usable' ? null : link);
  return (
    <PageBackdrop>
      <Card data-testid="reactivate">
        {outcome?.state === 'reactivated' ? (
          <>
            <h1>
              <FormattedMessage id="reactivate.title" defaultMessage="Welcome back" />
            </h1>
            <Alert $tone="success" role="status">
              <FormattedMessage id="reactivate.done" defaultMessage="Your account is active again. Log in to continue where you left off." />
            </Alert>
          </>
        ) : outcome?.state === 'gone' ? (
          <>
            <h1>
              <FormattedMessage id="reactivate.expiredTitle" defaultMessage="This link no longer works" />
            </h1>
            <Alert role="alert" data-testid="account-gone">
              <FormattedMessage
                id="login.error.accountDeleted"
                defaultMessage="This account has been deleted: the {days} days in which it could be reactivated have passed."
                values={{ days: outcome.days }}
              />
            </Alert>
            <p>
              <FormattedMessage
                id="reactivate.goneData"
                defaultMessage="Your profile, photos, likes, messages and the rest of your personal data have been erased and cannot be restored. We keep only the financial records tax law requires, in pseudonymised form. You are welcome to sign up again with the same e-mail address."
              />
            </p>
          </>
        ) : outcome ? (
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
        {outcome ? (
          <p>
            {outcome.state === 'gone' ? (
              <ButtonLink to="/">
                <FormattedMessage id="signup.title" defaultMessage="Sign up for free" />
              </ButtonLink>
            ) : (
              <ButtonLink to="/login">
                <FormattedMessage id="nav.login" defaultMessage="Login" />
              </ButtonLink>
            )}
          </p>
        ) : null}
      </Card>
    </PageBackdrop>
  );
}
