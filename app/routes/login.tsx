// /login: e-mail and password; 'Login failed, please try again' or the lockout message (docs/product.md §8).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams, type ClientActionFunctionArgs } from '@remix-run/react';
import { isServerFailure, keepPageAfterFailure, ServerFailureText, type ServerFailure } from '~/components/forms/action-failure';
import { apiRequest } from '~/state/api-client';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { Button } from '~/components/app/buttons';
import { Alert, Card, Field, PageBackdrop } from '~/components/forms/fields';
import { PendingDeletionMessage } from '~/components/signup/signup-form';
import { logIn, loginRefusal, LoginSchema } from '~/.server/accounts/login';
import { createSession, sessionCookie } from '~/.server/accounts/sessions';
import { loginLanguageCookie } from '~/.server/i18n/language-choice';
import { serverMessage } from '~/.server/i18n/messages';
import { formAction } from '~/.server/contract/form-action';
import type { RouteHandle } from '~/shared/shell';

export function loader({ context }: LoaderFunctionArgs) {
  if (context.user) throw redirect('/');
  return null;
}

export const action = formAction({
  body: LoginSchema,
  failure: ({ message, raw }) => ({ error: message, email: typeof raw.email === 'string' ? raw.email : '', pendingDeletion: false }),
  async handle({ request, context, body }) {
    const { db, tenant, locale } = context;
    const wait = await context.limits.consume('login', tenant.id, context.visitor.ip ?? 'unknown');
    if (wait) return { error: serverMessage(locale, 'api.error.tooMany', { minutes: Math.ceil(wait / 60) }), email: '', pendingDeletion: false };
    const result = await logIn(db, tenant, { ip: context.visitor.ip }, body, context.limits);
    if (!result.ok) return { error: loginRefusal(locale, result).message, email: body.email, pendingDeletion: result.error === 'pending_deletion' };
    const token = await createSession(db, tenant, result.user.id, { ip: context.visitor.ip, userAgent: context.userAgent });
    const headers = new Headers({ 'Set-Cookie': sessionCookie(token, context.secure) });
    const language = loginLanguageCookie(request.headers.get('Cookie'), result.user.language, tenant, context.secure);
    if (language) headers.append('Set-Cookie', language);
    return redirect('/', { headers });
  },
});

type LoginResult = { error: string | null; email: string; pendingDeletion: boolean };

/**
 * With the app awake the login is docs/product.md §7's POST /api/user.php (issue 48 item 3); without JavaScript
 * the form posts to this route's action, which answers the same. A login the server cannot answer
 * keeps the page and the typed e-mail (issue 26).
 */
export async function clientAction({ request }: ClientActionFunctionArgs): Promise<LoginResult | (LoginResult & ServerFailure) | Response> {
  const sent = await request.formData();
  const email = String(sent.get('email') ?? '');
  const failed = { error: null, email, pendingDeletion: false, serverError: true as const };
  let response: Response;
  try {
    response = await apiRequest('/api/user.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: String(sent.get('password') ?? '') }) });
  } catch {
    return failed;
  }
  if (response.ok) return redirect('/');
  const answer = (await response.json().catch(() => null)) as { error?: string; message?: string; fields?: Record<string, string> } | null;
  const message = answer?.message ?? Object.values(answer?.fields ?? {})[0];
  if (response.status >= 500 || !message) return failed;
  return { error: message, email, pendingDeletion: answer?.error === 'pending_deletion' };
}
export const shouldRevalidate = keepPageAfterFailure;

// Asleep for visitors until they act (docs/decisions/0042); a member's page hydrates at once.
export const handle: RouteHandle = { hydrate: 'visitors' };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, metaMessage(matches, pageTexts.title), metaMessage(matches, pageTexts.description));

const pageTexts = defineMessages({
  title: { id: 'login.title', defaultMessage: 'Log in' },
  description: { id: 'meta.login.description', defaultMessage: 'Log in to {site} to read your messages, see your likes and matches and meet new people.' },
});

export default function Login() {
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const intl = useIntl();
  // "An account with this e-mail address already exists – Login" on the signup form brings it along.
  const [params] = useSearchParams();
  return (
    <PageBackdrop>
      <Card>
        <h1>
          <FormattedMessage id="login.title" defaultMessage="Log in" />
        </h1>
        <Form method="post" noValidate>
          {result && (result.error || isServerFailure(result)) ? (
            <Alert role="alert">{isServerFailure(result) ? <ServerFailureText /> : result.pendingDeletion ? <PendingDeletionMessage /> : result.error}</Alert>
          ) : null}
          {!result && params.get('exists') === '1' ? (
            // Sent here by the signup modal: this e-mail already has an account (docs/product.md §4 redirectedToLogin).
            <Alert $tone="info" role="status" data-testid="login-exists">
              <FormattedMessage id="signup.error.emailExists" defaultMessage="An account with this e-mail address already exists" />
            </Alert>
          ) : null}
          <Field
            id="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={result?.email ?? params.get('email') ?? undefined}
            label={intl.formatMessage({ id: 'signup.field.email', defaultMessage: 'E-mail address' })}
          />
          <Field
            id="password"
            type="password"
            autoComplete="current-password"
            required
            label={intl.formatMessage({ id: 'signup.field.password', defaultMessage: 'Password' })}
          />
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            <FormattedMessage id="login.submit" defaultMessage="Log in" />
          </Button>
          <p>
            <Link to="/reset-password">
              <FormattedMessage id="login.forgot" defaultMessage="Forgot your password?" />
            </Link>
          </p>
          <p>
            <FormattedMessage id="login.noAccount" defaultMessage="No account yet?" />{' '}
            <Link to="/signup">
              <FormattedMessage id="index.cta.signup" defaultMessage="Sign up for free" />
            </Link>
          </p>
        </Form>
      </Card>
    </PageBackdrop>
  );
}
