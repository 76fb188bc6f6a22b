// /signup: steps 0–4 (who you are and seek, date of birth, where you live, account, consent), then
// the completion step (/complete-signup). One form: without JavaScript every step shows at once; with
// it, one step at a time. When signups are closed for this visitor, the invite-only message shows.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Card, PageBackdrop } from '~/components/forms/fields';
import { SignupForm } from '~/components/signup/signup-form';
import { translateFields } from '~/.server/accounts/field-errors';
import { createSession, sessionCookie } from '~/.server/accounts/sessions';
import { signUp, SignupSchema } from '~/.server/accounts/signup';
import { signupFormData } from '~/.server/accounts/signup-form-data';
import { formAction } from '~/.server/http/form-action';
import { serverMessage } from '~/.server/i18n/messages';
import { trackingFromCookie } from '~/.server/tracking';

export function loader({ request, context }: LoaderFunctionArgs) {
  if (context.user) throw redirect('/complete-signup');
  return signupFormData(context, request.headers.get('Cookie'));
}

const STEP_OF: Record<string, number> = {
  gender: 0, seeking: 0, date_of_birth: 1, country: 2, region: 2, name: 3, email: 3, password: 3, terms: 4, orientation_consent: 4, signup_message: 4, form: 4,
};

type SignupActionData = { fields: Record<string, string>; step: number; values: Record<string, string>; message: string | null; login: boolean };

const valuesOf = (raw: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(raw).filter(([key, value]) => key !== 'password' && typeof value === 'string')) as Record<string, string>;
const firstStep = (fields: Record<string, unknown>) => Math.min(4, ...Object.keys(fields).filter((f) => f !== 'email_suggestion').map((f) => STEP_OF[f] ?? 4));

export const action = formAction({
  body: SignupSchema,
  failure: ({ message, fields, raw }): SignupActionData => ({ fields, step: firstStep(fields), values: valuesOf(raw), message: Object.keys(fields).length ? null : message, login: false }),
  async handle({ request, context, body }): Promise<SignupActionData | Response> {
    const { db, tenant, locale } = context;
    const address = context.visitor.ip ?? 'unknown';
    const values = valuesOf(body);
    const wait = await context.limits.blocked('signup', tenant.id, address);
    if (wait) return { fields: {}, step: 3, values, message: serverMessage(locale, 'api.error.tooMany', { minutes: Math.ceil(wait / 60) }), login: false };
    const input = { ...body, tracking: trackingFromCookie(request.headers.get('Cookie')) ?? undefined };
    const result = await signUp(db, tenant, { ip: context.visitor.ip, origin: context.origin, locale }, input);
    if (result.ok) {
      await context.limits.record('signup', tenant.id, address);
      context.mail.poke();
      const token = await createSession(db, tenant, result.user.id, { ip: context.visitor.ip, userAgent: context.userAgent });
      return redirect('/signup-matches', { headers: { 'Set-Cookie': sessionCookie(token, context.secure) } });
    }
    if (result.error === 'validation') return { fields: translateFields(locale, result.fields), step: firstStep(result.fields), values, message: null, login: false };
    const message =
      result.error === 'signups_closed'
        ? serverMessage(locale, 'signup.closed')
        : result.error === 'email_exists'
          ? serverMessage(locale, 'signup.error.emailExists')
          : serverMessage(locale, 'signup.error.pendingDeletion');
    return { fields: {}, step: 3, values, message, login: result.error === 'email_exists' };
  },
});

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
