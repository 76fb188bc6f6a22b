// /signup: steps 0–4 (who you are and seek, date of birth, where you live, account, consent), then
// the completion step (/complete-signup). One form: without JavaScript every step shows at once; with
// it, one step at a time. When signups are closed for this visitor, the invite-only message shows.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { Button } from '~/components/app/buttons';
import { Alert, Card, CheckRow, ErrorText, Field, PageBackdrop, SelectField } from '~/components/forms/fields';
import { translateFields } from '~/.server/accounts/field-errors';
import { createSession, sessionCookie } from '~/.server/accounts/sessions';
import { MIN_AGE, signUp, signupsOpen } from '~/.server/accounts/signup';
import { regionsByCountry } from '~/.server/geo/regions';
import { readBody } from '~/.server/http/api';
import { serverMessage } from '~/.server/i18n/messages';
import { trackingFromCookie } from '~/.server/tracking';

export function loader({ request, context }: LoaderFunctionArgs) {
  if (context.user) throw redirect('/complete-signup');
  const { tenant, locale } = context;
  const tracking = trackingFromCookie(request.headers.get('Cookie'));
  const regions = Object.fromEntries(tenant.settings.countries.map((country) => [country, regionsByCountry(country)[country] ?? []]));
  return {
    open: signupsOpen(tenant, tracking),
    site: tenant.settings.name,
    countries: tenant.settings.countries,
    defaultCountry: context.visitor.country && tenant.settings.countries.includes(context.visitor.country) ? context.visitor.country : tenant.settings.countries[0],
    regions,
    minAge: MIN_AGE,
    locale,
  };
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

const Steps = styled.ol`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;

  li {
    flex: 1;
    height: 6px;
    border-radius: 3px;
    background: ${({ theme }) => theme.colors.border};
  }

  li[data-done='true'] {
    background: ${({ theme }) => theme.colors.primary};
  }
`;

const Step = styled.fieldset<{ $hidden: boolean }>`
  display: ${({ $hidden }) => ($hidden ? 'none' : 'grid')};
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
`;

const Choice = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(120px, 1fr));
  gap: ${({ theme }) => theme.space(2)};

  label {
    display: grid;
    place-items: center;
    min-height: 52px;
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    font-weight: 600;
    cursor: pointer;
  }

  input {
    position: absolute;
    opacity: 0;
  }

  input:checked + span {
    color: ${({ theme }) => theme.colors.primary};
  }

  label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.secondary};
  }

  label:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
  }
`;

const Nav = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  justify-content: space-between;
`;

const Honeypot = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

const m = defineMessages({
  progress: { id: 'signup.progress', defaultMessage: 'Step {step} of {total}' },
  field_gender: { id: 'signup.field.gender', defaultMessage: 'I am' },
  gender_female: { id: 'signup.gender.female', defaultMessage: 'a woman' },
  gender_male: { id: 'signup.gender.male', defaultMessage: 'a man' },
  field_seeking: { id: 'signup.field.seeking', defaultMessage: 'I am looking for' },
  seeking_female: { id: 'signup.seeking.female', defaultMessage: 'women' },
  seeking_male: { id: 'signup.seeking.male', defaultMessage: 'men' },
  seeking_both: { id: 'signup.seeking.both', defaultMessage: 'both' },
  field_dob: { id: 'signup.field.dob', defaultMessage: 'Date of birth ({min_age}+)' },
  field_country: { id: 'signup.field.country', defaultMessage: 'Country' },
  field_region: { id: 'signup.field.region', defaultMessage: 'Region' },
  field_regionNone: { id: 'signup.field.regionNone', defaultMessage: 'Choose your region' },
  field_name: { id: 'signup.field.name', defaultMessage: 'Username' },
  field_email: { id: 'signup.field.email', defaultMessage: 'E-mail address' },
  field_password: { id: 'signup.field.password', defaultMessage: 'Password' },
  field_message: { id: 'signup.field.message', defaultMessage: 'A first line about yourself (optional)' },
});

const LAST_STEP = 4;

export default function Signup() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const intl = useIntl();
  const [enhanced, setEnhanced] = useState(false);
  const [step, setStep] = useState(0);
  const [country, setCountry] = useState(result?.values.country ?? data.defaultCountry ?? '');
  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (result) setStep(Math.max(0, Math.min(LAST_STEP, result.step)));
  }, [result]);

  if (!data.open) {
    return (
      <PageBackdrop>
        <Card data-testid="signup-closed">
          <h1>
            <FormattedMessage id="signup.title" defaultMessage="Sign up for free" />
          </h1>
          <Alert $tone="info">
            <FormattedMessage id="signup.closed" defaultMessage="Signing up is by invitation only at the moment." />
          </Alert>
          <p>
            <FormattedMessage id="signup.closed.login" defaultMessage="Already a member?" />{' '}
            <Link to="/login">
              <FormattedMessage id="nav.login" defaultMessage="Login" />
            </Link>
          </p>
        </Card>
      </PageBackdrop>
    );
  }

  const fields = result?.fields ?? {};
  const values = result?.values ?? {};
  const hidden = (index: number) => enhanced && index !== step;
  const t = (message: MessageDescriptor, vals?: Record<string, string | number>) => intl.formatMessage(message, vals);

  return (
    <PageBackdrop>
      <Card>
        <h1>
          <FormattedMessage id="signup.title" defaultMessage="Sign up for free" />
        </h1>
        {enhanced ? (
          <Steps aria-label={t(m.progress, { step: step + 1, total: LAST_STEP + 1 })}>
            {Array.from({ length: LAST_STEP + 1 }, (_, i) => (
              <li key={i} data-done={i <= step} />
            ))}
          </Steps>
        ) : null}
        {result?.message ? (
          <Alert role="alert">
            {result.message}{' '}
            {result.login ? (
              <Link to="/login">
                <FormattedMessage id="nav.login" defaultMessage="Login" />
              </Link>
            ) : null}
          </Alert>
        ) : null}
        <Form method="post" noValidate data-testid="signup-form">
          <Step $hidden={hidden(0)} data-step={0}>
            <legend>
              <FormattedMessage id="signup.step.about" defaultMessage="About you" />
            </legend>
            <div role="radiogroup" aria-label={t(m.field_gender)}>
              <p>{t(m.field_gender)}</p>
              <Choice>
                <label>
                  <input type="radio" name="gender" value="female" defaultChecked={values.gender === 'female'} />
                  <span>{t(m.gender_female)}</span>
                </label>
                <label>
                  <input type="radio" name="gender" value="male" defaultChecked={values.gender === 'male'} />
                  <span>{t(m.gender_male)}</span>
                </label>
              </Choice>
              {fields.gender ? <ErrorText>{fields.gender}</ErrorText> : null}
            </div>
            <div role="radiogroup" aria-label={t(m.field_seeking)}>
              <p>{t(m.field_seeking)}</p>
              <Choice>
                <label>
                  <input type="radio" name="seeking" value="female" defaultChecked={values.seeking === 'female'} />
                  <span>{t(m.seeking_female)}</span>
                </label>
                <label>
                  <input type="radio" name="seeking" value="male" defaultChecked={values.seeking === 'male'} />
                  <span>{t(m.seeking_male)}</span>
                </label>
                <label>
                  <input type="radio" name="seeking" value="both" defaultChecked={values.seeking === 'both'} />
                  <span>{t(m.seeking_both)}</span>
                </label>
              </Choice>
              {fields.seeking ? <ErrorText>{fields.seeking}</ErrorText> : null}
            </div>
          </Step>
          <Step $hidden={hidden(1)} data-step={1}>
            <legend>
              <FormattedMessage id="signup.step.birthday" defaultMessage="Your date of birth" />
            </legend>
            <Field
              id="date_of_birth"
              type="date"
              defaultValue={values.date_of_birth}
              label={t(m.field_dob, { min_age: data.minAge })}
              error={fields.date_of_birth}
            />
          </Step>
          <Step $hidden={hidden(2)} data-step={2}>
            <legend>
              <FormattedMessage id="signup.step.location" defaultMessage="Where you live" />
            </legend>
            <SelectField id="country" label={t(m.field_country)} value={country} onChange={(e) => setCountry(e.target.value)} error={fields.country}>
              {data.countries.map((code) => (
                <option key={code} value={code}>
                  {new Intl.DisplayNames([data.locale], { type: 'region' }).of(code)}
                </option>
              ))}
            </SelectField>
            <SelectField id="region" label={t(m.field_region)} defaultValue={values.region ?? ''} key={country}>
              <option value="">{t(m.field_regionNone)}</option>
              {(data.regions[country] ?? []).map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </SelectField>
          </Step>
          <Step $hidden={hidden(3)} data-step={3}>
            <legend>
              <FormattedMessage id="signup.step.account" defaultMessage="Your account" />
            </legend>
            <Field id="name" autoComplete="username" defaultValue={values.name} label={t(m.field_name)} error={fields.name} />
            <Field
              id="email"
              type="email"
              autoComplete="email"
              defaultValue={values.email}
              label={t(m.field_email)}
              error={fields.email}
              hint={fields.email_suggestion ? <p data-testid="email-suggestion">{fields.email_suggestion}</p> : null}
            />
            <Field id="password" type="password" autoComplete="new-password" label={t(m.field_password)} error={fields.password} />
          </Step>
          <Step $hidden={hidden(4)} data-step={4}>
            <legend>
              <FormattedMessage id="signup.step.consent" defaultMessage="Almost done" />
            </legend>
            <Field id="signup_message" defaultValue={values.signup_message} label={t(m.field_message)} maxLength={500} />
            <CheckRow>
              <input type="checkbox" name="terms" defaultChecked={values.terms === 'on'} />
              <span>
                <FormattedMessage
                  id="signup.terms"
                  defaultMessage="I am 18 or older and accept the <terms>terms and conditions</terms> and the <privacy>privacy statement</privacy>."
                  values={{
                    terms: (chunks) => <Link to="/pages/terms" target="_blank">{chunks}</Link>,
                    privacy: (chunks) => <Link to="/pages/privacy" target="_blank">{chunks}</Link>,
                  }}
                />
              </span>
            </CheckRow>
            {fields.terms ? <ErrorText>{fields.terms}</ErrorText> : null}
            <CheckRow>
              <input type="checkbox" name="orientation_consent" defaultChecked={values.orientation_consent === 'on'} />
              <span>
                <FormattedMessage
                  id="signup.consent"
                  defaultMessage="I explicitly agree that {site} stores and uses who I am looking for (this says something about my sexual orientation) to show me matching people. I can withdraw this consent at any time by deleting my account."
                  values={{ site: data.site }}
                />
              </span>
            </CheckRow>
            {fields.orientation_consent ? <ErrorText>{fields.orientation_consent}</ErrorText> : null}
            {fields.form ? <ErrorText>{fields.form}</ErrorText> : null}
          </Step>
          <Honeypot aria-hidden>
            <label>
              Website
              <input type="text" name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </Honeypot>
          <Nav>
            {enhanced && step > 0 ? (
              <Button type="button" $variant="ghost" onClick={() => setStep(step - 1)}>
                <FormattedMessage id="signup.back" defaultMessage="Back" />
              </Button>
            ) : (
              <span />
            )}
            {enhanced && step < LAST_STEP ? (
              // Distinct keys: React must not turn this very button into the submit button mid-click.
              <Button key="next" type="button" onClick={() => setStep(step + 1)}>
                <FormattedMessage id="signup.next" defaultMessage="Next" />
              </Button>
            ) : (
              <Button key="submit" type="submit" disabled={navigation.state === 'submitting'}>
                <FormattedMessage id="signup.submit" defaultMessage="Create my free account" />
              </Button>
            )}
          </Nav>
        </Form>
      </Card>
    </PageBackdrop>
  );
}
