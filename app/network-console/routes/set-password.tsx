// /set-password?token=… (docs/network-console.md, docs/decisions/0051): the invitee chooses their own
// password with the one-time link of their invitation mail (no session). A spent, expired or unknown
// link answers 400 saying so; a short password 400 with the form again; a saved one 303 to /login.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { serverMessage } from '~/.server/i18n/messages';
import { consoleOf } from '~/.server/network/console-context';
import { formFields } from '~/.server/network/staff-actions';
import { SetPasswordSchema, setStaffPassword, STAFF_PASSWORD_MIN, staffForPasswordToken } from '~/.server/network/staff-admin';
import { ConsoleMain } from '~/components/network/console-shell';
import { Alert, Card, Field, PrimaryButton } from '~/components/network/parts';

interface Answer {
  token: string;
  /** The invitee behind a fresh, unused link; null when the link is no good. */
  staff: { email: string; name: string } | null;
  /** The shortest password the console takes (staff-admin.ts STAFF_PASSWORD_MIN). */
  min: number;
  error?: string;
}

async function page(context: LoaderFunctionArgs['context'], token: string, error?: string) {
  const found = await staffForPasswordToken(consoleOf(context).db, token);
  const staff = found ? { email: found.email, name: found.name } : null;
  return data<Answer>({ token: staff ? token : '', staff, min: STAFF_PASSWORD_MIN, error }, { status: staff && !error ? 200 : 400 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return page(context, new URL(request.url).searchParams.get('token') ?? '');
}

export async function action({ request, context }: ActionFunctionArgs) {
  const network = consoleOf(context);
  const { fields } = await formFields(request);
  const token = typeof fields?.token === 'string' ? fields.token : '';
  const input = SetPasswordSchema.safeParse(fields ?? {});
  if (!input.success) return page(context, token, serverMessage(network.locale, 'network.setPassword.short'));
  if (!(await setStaffPassword(network.db, input.data, network.client))) return page(context, '');
  throw redirect('/login', 303);
}

export default function SetPassword() {
  const loaded = useLoaderData<typeof loader>();
  const { token, staff, min, error } = useActionData<typeof action>() ?? loaded;
  return (
    <ConsoleMain $width={460}>
      <Card>
        <h1>
          <FormattedMessage id="network.setPassword.title" defaultMessage="Choose your password" />
        </h1>
        {staff ? (
          <>
            <p>
              <FormattedMessage id="network.setPassword.for" defaultMessage="Network console account of {name} ({email})" values={{ name: staff.name, email: staff.email }} />
            </p>
            {error ? <Alert role="alert">{error}</Alert> : null}
            <Form method="post" action="/set-password">
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="username" value={staff.email} autoComplete="username" />
              <Field>
                <FormattedMessage id="network.setPassword.password" defaultMessage="New password (at least {min} characters)" values={{ min }} />
                <input type="password" name="password" minLength={min} maxLength={200} autoComplete="new-password" required />
              </Field>
              <PrimaryButton type="submit">
                <FormattedMessage id="network.setPassword.submit" defaultMessage="Save password" />
              </PrimaryButton>
            </Form>
          </>
        ) : (
          <Alert role="alert">
            <FormattedMessage id="network.setPassword.invalid" defaultMessage="This link is not valid any more. Ask a network admin for a new invitation." />
          </Alert>
        )}
      </Card>
    </ConsoleMain>
  );
}
