// /signup: steps 0–4 (who you are and seek, date of birth, where you live, account, consent), then
// the completion step (/complete-signup). One form: without JavaScript every step shows at once; with
// it, one step at a time. When signups are closed for this visitor, the invite-only message shows.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Card, PageBackdrop } from '~/components/forms/fields';
import { SignupForm } from '~/components/signup/signup-form';
import { translateFields } from '~/.server/accounts/field-errors';
import { createSession, sessionCookie } from '~/.server/accounts/sessions';
import { signUp } from '~/.server/accounts/signup';
import { signupFormData } from '~/.server/accounts/signup-form-data';
import { readBody } from '~/.server/http/api';
import { serverMessage } from '~/.server/i18n/messages';
import { trackingFromCookie } from '~/.server/tracking';

export function loader({ request, context }: LoaderFunctionArgs) {
  if (context.user) throw redirect('/complete-signup');
  return signupFormData(context, request.headers.get('Cookie'));
}

const STEP_OF: Record<string, number> = {
  gender: 0, seeking: 0, date_of_birth: 1, country: 2, region: 2, name: 3, email: 3, password: 3, terms: 4, orientation_consent: 4, signup_message: 4, form: 4,
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, tenant, locale } = context;
  const body = await readBody(request);
  const wait = await context.limits.consume('signup', tenant.id, context.visitor.ip ?? 'unknown');
  if (wait) {
    return { fields: {} as Record<string, string>, step: 3, values: {} as Record<string, string>, message: serverMessage(locale, 'api.error.tooMany', { minutes: Math.ceil(wait / 60) }), login: false };
  }
  body.tracking = trackingFromCookie(request.headers.get('Cookie')) ?? undefined;
  const result = await signUp(db, tenant, { ip: context.visitor.ip, origin: context.origin, locale }, body);
  if (result.ok) {
    context.mail.poke();
    const token = await createSession(db, tenant, result.user.id, { ip: context.visitor.ip, userAgent: context.userAgent });
    return redirect('/signup-matches', { headers: { 'Set-Cookie': sessionCookie(token, context.secure) } });
  }
  const values = Object.fromEntries(Object.entries(body).filter(([key, value]) => key !== 'password' && typeof value === 'string')) as Record<string, string>;
  if (result.error === 'validation') {
    const fields = translateFields(locale, result.fields);
    const step = Math.min(...Object.keys(result.fields).filter((f) => f !== 'email_suggestion').map((f) => STEP_OF[f] ?? 4));
    return { fields, step, values, message: null, login: false };
  }
  const message =
    result.error === 'signups_closed'
      ? serverMessage(locale, 'signup.closed')
      : result.error === 'email_exists'
        ? serverMessage(locale, 'signup.error.emailExists')
        : serverMessage(locale, 'signup.error.pendingDeletion');
  return { fields: {} as Record<string, string>, step: 3, values, message, login: result.error === 'email_exists' };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.site }] : []);

export default function Signup() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <PageBackdrop>
      <Card>
        <SignupForm data={data} result={result} submitting={navigation.state === 'submitting'} FormComponent={Form} />
      </Card>
    </PageBackdrop>
  );
}
