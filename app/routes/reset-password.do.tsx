// /reset-password/do?token=…: choose the new password twice.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { Button } from '~/components/app/buttons';
import { Alert, Card, Field, PageBackdrop } from '~/components/forms/fields';
import { resetPassword, ResetSchema, RESET_MESSAGES } from '~/.server/accounts/password-reset';
import { announceSessionEnd } from '~/.server/events/member-events';
import { serverMessage } from '~/.server/i18n/messages';
import { formAction } from '~/.server/contract/form-action';

export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export const action = formAction({
  body: ResetSchema,
  failure: ({ message }) => ({ done: false, error: message }),
  async handle({ context, body }) {
    const result = await resetPassword(context.db, context.tenant, body);
    if (result.ok) await announceSessionEnd(context.events, context.tenant.id, result.userId);
    return result.ok ? { done: true, error: null } : { done: false, error: serverMessage(context.locale, RESET_MESSAGES[result.error]) };
  },
});

const pageTexts = defineMessages({
  title: { id: 'reset.do.title', defaultMessage: 'Choose a new password' },
});

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

export default function ResetPasswordDo() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const intl = useIntl();
  return (
    <PageBackdrop>
      <Card>
        <h1>
          <FormattedMessage id="reset.do.title" defaultMessage="Choose a new password" />
        </h1>
        {result?.done ? (
          <>
            <Alert $tone="success" role="status" data-testid="reset-done">
              <FormattedMessage id="reset.done" defaultMessage="Your password has been changed. You can now log in with it." />
            </Alert>
            <p>
              <Link to="/login">
                <FormattedMessage id="nav.login" defaultMessage="Login" />
              </Link>
            </p>
          </>
        ) : (
          <Form method="post" noValidate>
            <input type="hidden" name="token" value={token} />
            {result?.error ? <Alert role="alert">{result.error}</Alert> : null}
            <Field id="password" type="password" autoComplete="new-password" label={intl.formatMessage({ id: 'reset.field.password', defaultMessage: 'New password' })} />
            <Field id="password_confirm" type="password" autoComplete="new-password" label={intl.formatMessage({ id: 'reset.field.confirm', defaultMessage: 'Repeat the new password' })} />
            <Button type="submit">
              <FormattedMessage id="reset.do.submit" defaultMessage="Save my new password" />
            </Button>
          </Form>
        )}
      </Card>
    </PageBackdrop>
  );
}
