// /operator/login: the console's own login (docs/decisions/0021), separate from members': operator
// accounts, the members' lockout rule, an operator session cookie (rdv_operator).
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { logInOperator, OperatorLoginSchema } from '~/.server/operators/accounts';
import { consoleAction, refuseMembers } from '~/.server/operators/console';
import { createOperatorSession, operatorForSession, operatorSessionCookie } from '~/.server/operators/sessions';
import { serverMessage } from '~/.server/i18n/messages';
import { formAction } from '~/.server/contract/form-action';
import { LoginCard } from '~/components/operators/login-card';
import { FieldLabel, Notice, SmallButton } from '~/components/operators/parts';
import { consoleMeta } from '~/components/operators/console-page';

export const handle = { layout: 'operator' };

export async function loader({ context, request }: LoaderFunctionArgs) {
  refuseMembers(context);
  // context.operator is resolved on /operator paths; a valid session goes straight to the queue.
  if (context.operator ?? (await operatorForSession(context.db, context.tenant, request.headers.get('Cookie')))) throw redirect('/operator');
  return { tenantName: context.tenant.settings.name };
}

// A member's post is refused before its body is read (refuseMembers).
export const action = consoleAction(formAction({
  body: OperatorLoginSchema,
  failure: ({ message, raw }) => ({ error: message, email: typeof raw.email === 'string' ? raw.email : '' }),
  async handle({ context, body }) {
    const { db, tenant, locale } = context;
    const wait = await context.limits.consume('login', tenant.id, `operator:${context.visitor.ip ?? 'unknown'}`);
    if (wait) return { error: serverMessage(locale, 'api.error.tooMany', { minutes: Math.ceil(wait / 60) }), email: body.email };
    const result = await logInOperator(db, tenant, { ip: context.visitor.ip }, body, context.limits);
    if (!result.ok) {
      const error =
        result.error === 'blocked'
          ? serverMessage(locale, 'login.error.blocked', { minutes: result.minutes })
          : result.error === 'throttled'
            ? serverMessage(locale, 'login.error.throttled', { seconds: result.seconds })
            : serverMessage(locale, 'login.error.failed');
      return { error, email: body.email };
    }
    const token = await createOperatorSession(db, tenant, result.operatorId, { ip: context.visitor.ip, userAgent: context.userAgent });
    return redirect('/operator', { headers: { 'Set-Cookie': operatorSessionCookie(token, context.secure) } });
  },
}));

const texts = defineMessages({
  title: { id: 'operator.login.title', defaultMessage: 'Operator login' },
  description: { id: 'operator.login.description', defaultMessage: 'Sign in to answer members who wrote to the chat service\'s profiles.' },
});

export const meta = consoleMeta(texts.title, texts.description);

export default function OperatorLogin() {
  const { tenantName } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const intl = useIntl();
  return (
    <LoginCard tenantName={tenantName} title={intl.formatMessage(texts.title)} lead={intl.formatMessage(texts.description)}>
      <Form method="post" noValidate>
        {result?.error ? (
          <Notice $tone="danger" role="alert">
            {result.error}
          </Notice>
        ) : null}
        <FieldLabel>
          <FormattedMessage id="signup.field.email" defaultMessage="E-mail address" />
          <input id="email" name="email" type="email" autoComplete="username" required defaultValue={result?.email} />
        </FieldLabel>
        <FieldLabel>
          <FormattedMessage id="signup.field.password" defaultMessage="Password" />
          <input id="password" name="password" type="password" autoComplete="current-password" required />
        </FieldLabel>
        <SmallButton type="submit" $variant="primary" disabled={navigation.state === 'submitting'}>
          <FormattedMessage id="login.submit" defaultMessage="Log in" />
        </SmallButton>
      </Form>
    </LoginCard>
  );
}
