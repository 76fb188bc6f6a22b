// /login: the console's two-step login (docs/decisions/0050, 0052) — e-mail address and password,
// then the code from the mail or the authenticator app. Works without script: each step is a form
// post that answers the next step's page.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { serverMessage } from '~/.server/i18n/messages';
import { readRequestBody } from '~/.server/contract/request-input';
import { consoleOf } from '~/.server/network/console-context';
import { LoginSchema, LoginTokenSchema, signIn } from '~/.server/network/login';
import { ConsoleMain } from '~/components/network/console-shell';
import { Alert, Card, Field, PrimaryButton } from '~/components/network/parts';

export async function loader({ context }: LoaderFunctionArgs) {
  if (consoleOf(context).actor) throw redirect('/', 303);
  return null;
}

type Step = { step: 'password'; email?: string; error?: string } | { step: 'code' | 'totp'; token: string; error?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const network = consoleOf(context);
  const { locale } = network;
  const read = await readRequestBody(request);
  const body = read.ok && read.value && typeof read.value === 'object' ? (read.value as Record<string, unknown>) : {};
  const second: 'code' | 'totp' = body.step === 'totp' ? 'totp' : 'code';
  if (typeof body.token === 'string') {
    const parsed = LoginTokenSchema.safeParse(body);
    if (!parsed.success) return data<Step>({ step: second, token: body.token.slice(0, 100), error: serverMessage(locale, 'network.error.invalidCode') }, { status: 400 });
    return answer(await signIn(network, parsed.data), second, '', parsed.data.token);
  }
  const parsed = LoginSchema.safeParse(body);
  const email = typeof body.email === 'string' ? body.email.slice(0, 254) : '';
  if (!parsed.success) return data<Step>({ step: 'password', email, error: serverMessage(locale, 'network.error.invalid') }, { status: 400 });
  return answer(await signIn(network, parsed.data), second, email, '');
}

function answer(result: Awaited<ReturnType<typeof signIn>>, second: 'code' | 'totp', email: string, token: string) {
  if (result.ok && result.step === 'done') throw redirect('/', { status: 303, headers: { 'Set-Cookie': result.cookie } });
  if (result.ok) return data<Step>({ step: result.step, token: result.token });
  const headers: Record<string, string> = result.retryAfter ? { 'Retry-After': String(result.retryAfter) } : {};
  return data<Step>(result.again === 'code' ? { step: second, token, error: result.message } : { step: 'password', email, error: result.message }, { status: result.status, headers });
}

export default function Login() {
  const state: Step = useActionData<typeof action>() ?? { step: 'password' };
  return (
    <ConsoleMain $width={460}>
      <Card data-testid="network-login">
        <h1>
          <FormattedMessage id="network.login.title" defaultMessage="Sign in to the network console" />
        </h1>
        {state.error ? <Alert role="alert">{state.error}</Alert> : null}
        {/* reloadDocument: the session cookie of the last step is set by a full page answer, as without script. */}
        <Form method="post" action="/login" reloadDocument={state.step !== 'password'}>
          {state.step === 'password' ? (
            <>
              <Field>
                <FormattedMessage id="network.login.email" defaultMessage="E-mail address" />
                <input type="email" name="email" autoComplete="username" required defaultValue={state.email ?? ''} />
              </Field>
              <Field>
                <FormattedMessage id="network.login.password" defaultMessage="Password" />
                <input type="password" name="password" autoComplete="current-password" required />
              </Field>
            </>
          ) : (
            <>
              <p>
                {state.step === 'totp' ? (
                  <FormattedMessage id="network.login.totpAsked" defaultMessage="Enter the six-digit code your authenticator app shows for the network console." />
                ) : (
                  <FormattedMessage id="network.login.codeSent" defaultMessage="We sent a six-digit code to your e-mail address. It is valid for 10 minutes." />
                )}
              </p>
              <input type="hidden" name="token" value={state.token} />
              <input type="hidden" name="step" value={state.step} />
              <Field>
                {state.step === 'totp' ? (
                  <FormattedMessage id="network.login.totp" defaultMessage="Code from your authenticator app" />
                ) : (
                  <FormattedMessage id="network.login.code" defaultMessage="Code from the e-mail" />
                )}
                <input name="code" inputMode="numeric" pattern="[0-9]{6}" maxLength={6} autoComplete="one-time-code" required autoFocus />
              </Field>
            </>
          )}
          <PrimaryButton type="submit">
            <FormattedMessage id="network.login.submit" defaultMessage="Continue" />
          </PrimaryButton>
        </Form>
        {state.step === 'password' ? null : (
          <p>
            <Link to="/login" reloadDocument>
              <FormattedMessage id="network.login.restart" defaultMessage="Start again with your e-mail address and password" />
            </Link>
          </p>
        )}
      </Card>
    </ConsoleMain>
  );
}
