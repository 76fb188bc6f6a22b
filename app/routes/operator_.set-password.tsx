// /operator/set-password?token=…: the one-time link `npm run operator:add` prints. The operator
// chooses a password (at least OPERATOR_PASSWORD_MIN characters) and is logged in; the link works once.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { OPERATOR_PASSWORD_MIN, SetPasswordSchema, setOperatorPassword, setPasswordTokenOwner } from '~/.server/operators/accounts';
import { consoleAction, refuseMembers } from '~/.server/operators/console';
import { createOperatorSession, operatorSessionCookie } from '~/.server/operators/sessions';
import { serverMessage } from '~/.server/i18n/messages';
import { formAction } from '~/.server/contract/form-action';
import { LoginCard } from '~/components/operators/login-card';
import { FieldLabel, Notice, SmallButton } from '~/components/operators/parts';
import { consoleMeta } from '~/components/operators/console-page';

export const handle = { layout: 'operator' };

export async function loader({ context, request }: LoaderFunctionArgs) {
  refuseMembers(context);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const owner = await setPasswordTokenOwner(context.db, context.tenant, token);
  return { tenantName: context.tenant.settings.name, token: owner ? token : null, name: owner?.name ?? null, min: OPERATOR_PASSWORD_MIN };
}

// A member's post is refused before its body is read (refuseMembers).
export const action = consoleAction(formAction({
  body: SetPasswordSchema,
  failure: ({ fields, message }) => ({ error: fields.password ?? message }),
  async handle({ context, body }) {
    const result = await setOperatorPassword(context.db, context.tenant, body);
    if (!result.ok) return { error: serverMessage(context.locale, 'operator.error.invalidToken') };
    const token = await createOperatorSession(context.db, context.tenant, result.operatorId, { ip: context.visitor.ip, userAgent: context.userAgent });
    return redirect('/operator', { headers: { 'Set-Cookie': operatorSessionCookie(token, context.secure) } });
  },
}));

const texts = defineMessages({
  title: { id: 'operator.setPassword.title', defaultMessage: 'Choose your password' },
  invalid: { id: 'operator.error.invalidToken', defaultMessage: 'This link is no longer valid. Ask for a new one.' },
});

export const meta = consoleMeta(texts.title);

export default function OperatorSetPassword() {
  const { tenantName, token, name, min } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const intl = useIntl();
  if (!token) {
    return <LoginCard tenantName={tenantName} title={intl.formatMessage(texts.title)} lead={<span role="alert">{intl.formatMessage(texts.invalid)}</span>} children={null} />;
  }
  return (
    <LoginCard tenantName={tenantName} title={intl.formatMessage(texts.title)} lead={intl.formatMessage({ id: 'operator.setPassword.lead', defaultMessage: 'Welcome, {name}. Choose the password for your operator account (at least {min} characters).' }, { name, min })}>
      <Form method="post" noValidate>
        {result?.error ? (
          <Notice $tone="danger" role="alert">
            {result.error}
          </Notice>
        ) : null}
        <input type="hidden" name="token" value={token} />
        <FieldLabel>
          <FormattedMessage id="operator.setPassword.field" defaultMessage="New password" />
          <input id="password" name="password" type="password" autoComplete="new-password" minLength={min} required />
        </FieldLabel>
        <SmallButton type="submit" $variant="primary" disabled={navigation.state === 'submitting'}>
          <FormattedMessage id="operator.setPassword.submit" defaultMessage="Save and log in" />
        </SmallButton>
      </Form>
    </LoginCard>
  );
}
