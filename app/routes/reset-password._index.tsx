// /reset-password: ask for a reset link by e-mail.
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { Button } from '~/components/app/buttons';
import { Alert, Card, Field, PageBackdrop } from '~/components/forms/fields';
import { requestPasswordReset, ResetRequestSchema, RESET_MESSAGES } from '~/.server/accounts/password-reset';
import { serverMessage } from '~/.server/i18n/messages';
import { formAction } from '~/.server/contract/form-action';

export const action = formAction({
  body: ResetRequestSchema,
  failure: ({ message, raw }) => ({ sent: false, error: message, email: typeof raw.email === 'string' ? raw.email : '' }),
  async handle({ context, body }) {
    const wait = await context.limits.consume('passwordReset', context.tenant.id, context.visitor.ip ?? 'unknown');
    if (wait) return { sent: false, error: serverMessage(context.locale, 'api.error.tooMany', { minutes: Math.ceil(wait / 60) }), email: '' };
    const result = await requestPasswordReset(context.db, context.tenant, { email: body.email, origin: context.origin, locale: context.locale });
    if (!result.ok) return { sent: false, error: serverMessage(context.locale, RESET_MESSAGES[result.error]), email: body.email };
    context.mail.poke();
    return { sent: true, error: null, email: body.email };
  },
});

const pageTexts = defineMessages({
  title: { id: 'reset.title', defaultMessage: 'Forgot your password?' },
});

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

export default function ResetPassword() {
  const result = useActionData<typeof action>();
  const intl = useIntl();
  return (
    <PageBackdrop>
      <Card>
        <h1>
          <FormattedMessage id="reset.title" defaultMessage="Forgot your password?" />
        </h1>
        {result?.sent ? (
          <Alert $tone="success" role="status" data-testid="reset-sent">
            <FormattedMessage id="reset.sent" defaultMessage="We sent you an e-mail with a link to choose a new password." />
          </Alert>
        ) : (
          <Form method="post" noValidate>
            <p>
              <FormattedMessage id="reset.intro" defaultMessage="Enter the e-mail address of your account and we will send you a link to choose a new password." />
            </p>
            {result?.error ? <Alert role="alert">{result.error}</Alert> : null}
            <Field id="email" type="email" autoComplete="email" defaultValue={result?.email} label={intl.formatMessage({ id: 'signup.field.email', defaultMessage: 'E-mail address' })} />
            <Button type="submit">
              <FormattedMessage id="reset.submit" defaultMessage="Send me a link" />
            </Button>
          </Form>
        )}
      </Card>
    </PageBackdrop>
  );
}
