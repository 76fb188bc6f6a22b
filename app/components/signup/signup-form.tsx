// The signup form of SPEC §2: steps 0–4 (who you are and seek, date of birth, where you live,
// account, consent). One form: without JavaScript every step shows at once; with it, one step at a
// time. Used by the /signup page and the signup modal; both post to the /signup action.
import { regionLabel } from '~/shared/region-labels';
import type { Form } from '@remix-run/react';
import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { Button } from '../app/buttons';
import { Alert, CheckRow, ErrorText, Field, SelectField } from '../forms/fields';

export interface SignupData {
  open: boolean;
  site: string;
  countries: string[];
  defaultCountry: string | undefined;
  regions: Record<string, { code: string; name: string }[]>;
  minAge: number;
  locale: string;
}

export interface SignupResultData {
  fields: Record<string, string>;
  step: number;
  values: Record<string, string>;
  message: string | null;
  login: boolean;
}

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

export function SignupForm({
  data,
  result,
  submitting,
  FormComponent,
  onProgress,
  onLoginClick,
}: {
  data: SignupData;
  result: SignupResultData | undefined;
  submitting: boolean;
  FormComponent: typeof Form;
  /** Called once the visitor starts filling in the form (the modal may then not be closed casually). */
  onProgress?: () => void;
  onLoginClick?: () => void;
}) {
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
      <div data-testid="signup-closed">
          <h1>
            <FormattedMessage id="signup.title" defaultMessage="Sign up for free" />
          </h1>
          <Alert $tone="info">
            <FormattedMessage id="signup.closed" defaultMessage="Signing up is by invitation only at the moment." />
          </Alert>
          <p>
            <FormattedMessage id="signup.closed.login" defaultMessage="Already a member?" />{' '}
            <Link to="/login" onClick={onLoginClick}>
              <FormattedMessage id="nav.login" defaultMessage="Login" />
            </Link>
          </p>
      </div>
    );
  }

  const fields = result?.fields ?? {};
  const values = result?.values ?? {};
  const hidden = (index: number) => enhanced && index !== step;
  const t = (message: MessageDescriptor, vals?: Record<string, string | number>) => intl.formatMessage(message, vals);

  return (
    <>
        <h1 id="signup-title">
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
              <Link to="/login" onClick={onLoginClick}>
                <FormattedMessage id="nav.login" defaultMessage="Login" />
              </Link>
            ) : null}
          </Alert>
        ) : null}
        <FormComponent method="post" action="/signup" noValidate data-testid="signup-form" onChange={onProgress}>
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
            {(data.regions[country] ?? []).length > 0 ? (
              <SelectField id="region" label={t(regionLabel(country) ?? m.field_region)} defaultValue={values.region ?? ''} key={country}>
                <option value="">{t(m.field_regionNone)}</option>
                {(data.regions[country] ?? []).map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </SelectField>
            ) : null}
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
              <Button
                key="next"
                type="button"
                onClick={() => {
                  onProgress?.();
                  setStep(step + 1);
                }}
              >
                <FormattedMessage id="signup.next" defaultMessage="Next" />
              </Button>
            ) : (
              <Button key="submit" type="submit" disabled={submitting}>
                <FormattedMessage id="signup.submit" defaultMessage="Create my free account" />
              </Button>
            )}
          </Nav>
        </FormComponent>
    </>
  );
}
