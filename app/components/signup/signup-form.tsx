// The signup form of docs/product.md §2: steps 0–4 (who you are and seek, date of birth, where you live,
// account, consent). One form: without JavaScript every step shows at once; with it, one step at a
// time. Used by the /signup page and the signup modal; both post to the /signup action.
import type { Form } from '@remix-run/react';
import { Link } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { clientClock } from '~/state/clock';
import { regionLabel } from '~/shared/region-labels';
import { suggestEmail } from '~/shared/email-suggestion';
import {
  LAST_SIGNUP_STEP,
  SIGNUP_STEPS,
  sexualityOf,
  signupChoices,
  signupStepErrors,
  stepOfField,
  validateSignupFields,
  type FieldError,
  type SignupFieldValues,
} from '~/shared/signup-rules';
import { valueLabels } from '../members/profile-labels';
import { Button } from '../app/buttons';
import { Alert, CheckField, ErrorText, Field, SelectField } from '../forms/fields';
import { isServerFailure, ServerFailureText } from '../forms/action-failure';

export interface SignupData {
  open: boolean;
  site: string;
  countries: string[];
  defaultCountry: string | undefined;
  regions: Record<string, { code: string; name: string }[]>;
  minAge: number;
  /** The tenant's niche, its rule's message id (null: everyone) and minimum age, and the body types it asks for. */
  niche: number;
  nicheText: string | null;
  nicheMinAge: number;
  bodyTypes: readonly string[] | null;
  locale: string;
}

export interface SignupResultData {
  fields: Record<string, string>;
  step: number;
  values: Record<string, string>;
  message: string | null;
  login: boolean;
  pendingDeletion?: boolean;
}

export const signupPageTexts = defineMessages({
  title: { id: 'signup.title', defaultMessage: 'Sign up for free' },
  description: { id: 'meta.signup.description', defaultMessage: 'Create your free account at {site} in a minute: say who you are and whom you are looking for, and start meeting people near you.' },
});

/** The texts of the signup rules (app/shared/signup-rules.ts), as the server sends them too. */
const ruleTexts: Record<string, MessageDescriptor> = defineMessages({
  'signup.error.choose': { id: 'signup.error.choose', defaultMessage: 'Please make a choice' },
  'signup.error.consent': { id: 'signup.error.consent', defaultMessage: 'We need your consent to store who you are looking for' },
  'signup.error.dobInvalid': { id: 'signup.error.dobInvalid', defaultMessage: 'Invalid date of birth' },
  'signup.error.dobRequired': { id: 'signup.error.dobRequired', defaultMessage: 'Enter your date of birth ({min_age}+)' },
  'signup.error.emailInvalid': { id: 'signup.error.emailInvalid', defaultMessage: 'Invalid email' },
  'signup.error.nameAt': { id: 'signup.error.nameAt', defaultMessage: 'Username may not start with @' },
  'signup.error.nameIsEmail': { id: 'signup.error.nameIsEmail', defaultMessage: 'Username may not be the same as your e-mail address' },
  'signup.error.nameLength': { id: 'signup.error.nameLength', defaultMessage: 'Choose a username of 3 to 20 characters' },
  'signup.error.password': { id: 'signup.error.password', defaultMessage: 'Choose a password of at least 8 characters' },
  'signup.error.terms': { id: 'signup.error.terms', defaultMessage: 'Please accept the terms and conditions to continue' },
  'signup.error.region': { id: 'signup.error.region', defaultMessage: 'Choose a region of the country you live in' },
  'signup.error.sexualityGender': { id: 'signup.error.sexualityGender', defaultMessage: 'Lesbian is a choice for women and gay for men' },
  'signup.niche.2': { id: 'signup.niche.2', defaultMessage: '{site} is for women who love women: lesbian or bisexual.' },
  'signup.niche.4': { id: 'signup.niche.4', defaultMessage: '{site} is for curvy people: choose a curvy or fuller body type.' },
  'signup.niche.5': { id: 'signup.niche.5', defaultMessage: '{site} is for people aged {min_age} and over.' },
  'signup.niche.6': { id: 'signup.niche.6', defaultMessage: '{site} is for women aged {min_age} and over.' },
  'signup.niche.7': { id: 'signup.niche.7', defaultMessage: '{site} is for men who love men: gay or bisexual.' },
});

/**
 * What the rules read for a day the browser's date field cannot hold (02/30/2000): the field's value
 * is then empty with `validity.badInput` set, and an empty value would read as "no date given"
 * (issue 48 item 5). Not a YYYY-MM-DD day, so the rules answer "Invalid date of birth", as the API does.
 */
const IMPOSSIBLE_DAY = 'impossible';

/** The form's current values, as the shared rules read them. */
function valuesOf(form: HTMLFormElement): SignupFieldValues {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  const birth = form.querySelector<HTMLInputElement>('input[name="date_of_birth"]');
  return {
    email: text('email'),
    name: text('name'),
    password: text('password'),
    date_of_birth: birth?.validity.badInput ? IMPOSSIBLE_DAY : text('date_of_birth'),
    gender: text('gender'),
    seeking: text('seeking'),
    country: text('country'),
    region: text('region'),
    sexuality: text('sexuality'),
    body_type: data.has('body_type') ? text('body_type') : undefined,
    terms: data.get('terms'),
    orientation_consent: data.get('orientation_consent'),
  };
}

const todayUtc = () => new Date(clientClock.now()).toISOString().slice(0, 10);

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
    color: ${({ theme }) => theme.colors.primaryOnTint};
  }

  label:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.secondary};
  }

  label:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
  }
`;

const Suggestion = styled.button`
  justify-self: start;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  border: 1px dashed ${({ theme }) => theme.colors.primaryOnTint};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: left;
  cursor: pointer;

  strong {
    color: ${({ theme }) => theme.colors.primaryOnTint};
    word-break: break-all;
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
  field_sexuality: { id: 'signup.field.sexuality', defaultMessage: 'My sexuality' },
  field_bodyType: { id: 'signup.field.bodyType', defaultMessage: 'My body type' },
});

const genderLabels = { female: m.gender_female, male: m.gender_male } as const;
const seekingLabels = { female: m.seeking_female, male: m.seeking_male, both: m.seeking_both } as const;

/** "This account is pending deletion … or contact customer service", with the service page linked. */
export function PendingDeletionMessage() {
  return (
    <FormattedMessage
      id="account.pendingDeletion"
      defaultMessage="This account is pending deletion. Reactivate it with the link in the e-mail we sent you, or <service>contact customer service</service>."
      values={{ service: (chunks) => <Link to="/pages/service">{chunks}</Link> }}
    />
  );
}

export function SignupForm({
  data,
  result,
  submitting,
  FormComponent,
  action = '/signup',
  heading,
  onProgress,
  onLoginClick,
  stepByStep = false,
  firstStepOnly = false,
  titleAs: Title = 'h1',
}: {
  data: SignupData;
  result: SignupResultData | undefined;
  submitting: boolean;
  FormComponent: typeof Form;
  /** Where the form posts (a route whose action is signupPageAction). */
  action?: string;
  /** The title above the steps; "Sign up for free" unless told. */
  heading?: ReactNode;
  /** Called once the visitor starts filling in the form (the modal may then not be closed casually). */
  onProgress?: () => void;
  onLoginClick?: () => void;
  /** One step at a time from the server's render on (the signup dialog, which needs the app anyway): no change when the app hydrates. */
  stepByStep?: boolean;
  /** Only the first step (no honeypot; the progress bar is there already), until the rest of the form's data has come (the dialog's server render, signup-modal.tsx). */
  firstStepOnly?: boolean;
  /** The title's element: the page's h1, or h2 in the dialog (rendered closed into every visitor's page, decision 0042). */
  titleAs?: 'h1' | 'h2';
}) {
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const [enhanced, setEnhanced] = useState(stepByStep);
  const [step, setStep] = useState(0);
  const [country, setCountry] = useState(result?.values.country ?? data.defaultCountry ?? '');
  /** The sexuality field follows gender and seeking until the visitor picks one themself. */
  const [sexuality, setSexuality] = useState<{ value: string; chosen: boolean }>({ value: result?.values.sexuality ?? '', chosen: Boolean(result?.values.sexuality) });
  /** Fields checked in the browser: their error text, or null when fine (then the server's is stale). */
  const [checked, setChecked] = useState<Record<string, string | null>>({});
  /** The did-you-mean address for the e-mail as it was when last checked. */
  const [suggestion, setSuggestion] = useState<{ for: string; address: string } | null>(null);
  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (!result) return;
    setStep(Math.max(0, Math.min(LAST_SIGNUP_STEP, result.step)));
    setChecked({});
    const email = result.values.email ?? '';
    const address = suggestEmail(email.trim().toLowerCase());
    setSuggestion(address ? { for: email, address } : null);
  }, [result]);

  const t = (message: MessageDescriptor, vals?: Record<string, string | number>) => intl.formatMessage(message, vals);
  const translate = (error: FieldError) => intl.formatMessage(ruleTexts[error.id] ?? { id: error.id }, error.values);

  if (!data.open) {
    return (
      <div data-testid="signup-closed">
        <Title id="signup-title">{heading ?? <FormattedMessage {...signupPageTexts.title} />}</Title>
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

  const serverFields = result?.fields ?? {};
  const values = result?.values ?? {};
  const errorOf = (field: string): string | undefined => (field in checked ? (checked[field] ?? undefined) : serverFields[field]);
  const hidden = (index: number) => enhanced && index !== step;
  const context = {
    countries: data.countries,
    today: todayUtc(),
    regionCodes: (code: string) => (data.regions[code] ?? []).map((region) => region.code),
    niche: data.niche,
    site: data.site,
  };

  /**
   * Shows another step as the visitor goes Back or Next: without the errors of an earlier attempt at
   * it (a refused "Create my free account" left the two consent errors; going back and on again must
   * not show them before the visitor did anything there, issue 48 item 7). A check that finds an error
   * shows it on its step (`check` below).
   */
  const goTo = (index: number) => {
    setChecked((current) => ({ ...current, ...Object.fromEntries(SIGNUP_STEPS[index]!.map((field) => [field, null])) }));
    setStep(index);
  };

  const focusField = (field: string) => {
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`);
    element?.focus();
  };

  /** Shows the errors of these steps; true when there are none. */
  const check = (steps: number[]): boolean => {
    const form = formRef.current;
    if (!form) return true;
    const input = valuesOf(form);
    const errors = steps.length === 1 ? signupStepErrors(steps[0]!, input, context) : validateSignupFields(input, context);
    const next: Record<string, string | null> = {};
    for (const index of steps) for (const field of SIGNUP_STEPS[index]!) next[field] = errors[field] ? translate(errors[field]) : null;
    setChecked((current) => ({ ...current, ...next }));
    const invalid = Object.keys(errors).filter((field) => field !== 'email_suggestion' && steps.includes(stepOfField(field)));
    if (invalid.length === 0) return true;
    const first = Math.min(...invalid.map(stepOfField));
    setStep(first);
    const field = SIGNUP_STEPS[first]!.find((name) => invalid.includes(name));
    // After the step is shown again.
    if (field) clientClock.setTimer(() => focusField(field), 0);
    return false;
  };

  /** The did-you-mean check of the e-mail field; true when a new suggestion was just shown. */
  const offerSuggestion = (): boolean => {
    const email = (formRef.current?.querySelector<HTMLInputElement>('input[name="email"]')?.value ?? '').trim();
    const address = suggestEmail(email.toLowerCase());
    const isNew = address !== null && suggestion?.for !== email;
    setSuggestion(address ? { for: email, address } : null);
    return isNew;
  };

  const applySuggestion = () => {
    const input = formRef.current?.querySelector<HTMLInputElement>('input[name="email"]');
    if (!input || !suggestion) return;
    input.value = suggestion.address;
    setSuggestion(null);
    setChecked((current) => ({ ...current, email: null }));
    input.focus();
  };

  const goNext = () => {
    onProgress?.();
    if (!check([step])) return;
    // Leaving the account step: a likely typo in the address is pointed out once before going on.
    if (step === stepOfField('email') && offerSuggestion()) {
      clientClock.setTimer(() => formRef.current?.querySelector<HTMLElement>('[data-testid="email-suggestion"]')?.focus(), 0);
      return;
    }
    goTo(step + 1);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!enhanced) return;
    if (!check(SIGNUP_STEPS.map((_, index) => index))) event.preventDefault();
  };

  const onFieldChange = (event: FormEvent<HTMLFormElement>) => {
    onProgress?.();
    const name = (event.target as HTMLInputElement).name;
    if (name && (name in checked || name in serverFields)) setChecked((current) => ({ ...current, [name]: null }));
    if (name === 'email' && suggestion) setSuggestion(null);
    if ((name === 'gender' || name === 'seeking') && !sexuality.chosen && formRef.current) {
      const form = new FormData(formRef.current);
      const gender = String(form.get('gender') ?? '');
      const seeking = String(form.get('seeking') ?? '');
      if (gender && seeking) setSexuality({ value: sexualityOf(gender, seeking), chosen: false });
    }
  };

  const choices = signupChoices(data.niche);
  const loginHref = values.email ? `/login?email=${encodeURIComponent(values.email)}` : '/login';
  const groupError = (field: 'gender' | 'seeking') => errorOf(field);

  return (
    <>
      <Title id="signup-title">{heading ?? <FormattedMessage {...signupPageTexts.title} />}</Title>
      {/* Also while only the first step is there (the dialog before the app woke): the bar appearing
          with the rest of the form moved Next under a held press, and the press was lost (issue 48 item 15). */}
      {enhanced ? (
        <Steps aria-label={t(m.progress, { step: step + 1, total: LAST_SIGNUP_STEP + 1 })}>
          {Array.from({ length: LAST_SIGNUP_STEP + 1 }, (_, i) => (
            <li key={i} data-done={i <= step} />
          ))}
        </Steps>
      ) : null}
      {result?.message || isServerFailure(result) ? (
        <Alert role="alert" data-testid="signup-message">
          {isServerFailure(result) ? <ServerFailureText /> : result?.pendingDeletion ? <PendingDeletionMessage /> : result?.message}{' '}
          {result.login ? (
            <Link to={loginHref} onClick={onLoginClick} data-testid="signup-login">
              <FormattedMessage id="nav.login" defaultMessage="Login" />
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <FormComponent
        ref={formRef}
        method="post"
        action={action}
        noValidate
        data-testid="signup-form"
        data-step={enhanced ? step : undefined}
        onChange={onFieldChange}
        onInput={() => onProgress?.()}
        onSubmit={onSubmit}
      >
        <Step $hidden={hidden(0)} data-step={0}>
          <legend>
            <FormattedMessage id="signup.step.about" defaultMessage="About you" />
          </legend>
          {data.nicheText ? (
            <Alert $tone="info" data-testid="signup-niche">
              {t(ruleTexts[data.nicheText] ?? { id: data.nicheText }, { site: data.site, min_age: data.nicheMinAge })}
            </Alert>
          ) : null}
          {(['gender', 'seeking'] as const).map((group) => (
            <div
              key={group}
              role="radiogroup"
              aria-label={t(group === 'gender' ? m.field_gender : m.field_seeking)}
              aria-invalid={groupError(group) ? true : undefined}
              aria-describedby={groupError(group) ? `${group}-error` : undefined}
            >
              <p>{t(group === 'gender' ? m.field_gender : m.field_seeking)}</p>
              <Choice>
                {/* Only what the niche's rule lets through (issue 48 item 26). */}
                {(group === 'gender'
                  ? choices.genders.map((value) => [value, genderLabels[value]] as const)
                  : choices.seeking.map((value) => [value, seekingLabels[value]] as const)
                ).map(([value, label]) => (
                  <label key={value}>
                    <input type="radio" name={group} value={value} defaultChecked={values[group] === value} />
                    <span>{t(label)}</span>
                  </label>
                ))}
              </Choice>
              {groupError(group) ? <ErrorText id={`${group}-error`}>{groupError(group)}</ErrorText> : null}
            </div>
          ))}
          {data.bodyTypes ? (
            <SelectField id="body_type" label={t(m.field_bodyType)} defaultValue={values.body_type ?? ''} error={errorOf('body_type')}>
              <option value="">–</option>
              {data.bodyTypes.map((body) => (
                <option key={body} value={body}>
                  {t(valueLabels[`body_type.${body}`] ?? { id: body })}
                </option>
              ))}
            </SelectField>
          ) : null}
        </Step>
        {firstStepOnly ? null : (
          <>
            <Step $hidden={hidden(1)} data-step={1}>
              <legend>
                <FormattedMessage id="signup.step.birthday" defaultMessage="Your date of birth" />
              </legend>
              <Field
                id="date_of_birth"
                type="date"
                // No defaultValue prop without a value: React 18 sets the value attribute again on every
                // render that has one, which empties a date field holding a date it cannot take (02/30/2000).
                {...(values.date_of_birth ? { defaultValue: values.date_of_birth } : {})}
                label={t(m.field_dob, { min_age: data.minAge })}
                error={errorOf('date_of_birth')}
              />
            </Step>
            <Step $hidden={hidden(2)} data-step={2}>
              <legend>
                <FormattedMessage id="signup.step.location" defaultMessage="Where you live" />
              </legend>
              <SelectField id="country" label={t(m.field_country)} value={country} onChange={(e) => setCountry(e.target.value)} error={errorOf('country')}>
                {data.countries.map((code) => (
                  <option key={code} value={code}>
                    {new Intl.DisplayNames([data.locale], { type: 'region' }).of(code)}
                  </option>
                ))}
              </SelectField>
              {(data.regions[country] ?? []).length > 0 ? (
                <SelectField id="region" label={t(regionLabel(country) ?? m.field_region)} defaultValue={values.region ?? ''} key={country} error={errorOf('region')}>
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
              <Field id="name" autoComplete="username" defaultValue={values.name} label={t(m.field_name)} error={errorOf('name')} />
              <Field
                id="email"
                type="email"
                autoComplete="email"
                defaultValue={values.email}
                label={t(m.field_email)}
                error={errorOf('email')}
                onBlur={enhanced ? () => void offerSuggestion() : undefined}
                hint={
                  enhanced ? (
                    <div aria-live="polite">
                      {suggestion ? (
                        <Suggestion type="button" data-testid="email-suggestion" onClick={applySuggestion}>
                          <FormattedMessage
                            id="signup.error.didYouMean"
                            defaultMessage="Did you mean {suggestion}?"
                            values={{ suggestion: <strong>{suggestion.address}</strong> }}
                          />
                        </Suggestion>
                      ) : null}
                    </div>
                  ) : serverFields.email_suggestion ? (
                    <p data-testid="email-suggestion">{serverFields.email_suggestion}</p>
                  ) : null
                }
              />
              <Field id="password" type="password" autoComplete="new-password" label={t(m.field_password)} error={errorOf('password')} />
            </Step>
            <Step $hidden={hidden(4)} data-step={4}>
              <legend>
                <FormattedMessage id="signup.step.consent" defaultMessage="Almost done" />
              </legend>
              <Field id="signup_message" defaultValue={values.signup_message} label={t(m.field_message)} maxLength={500} />
              <SelectField
                id="sexuality"
                label={t(m.field_sexuality)}
                value={sexuality.value}
                onChange={(e) => setSexuality({ value: e.target.value, chosen: true })}
                error={errorOf('sexuality')}
              >
                <option value="">–</option>
                {choices.sexualities.map((value) => (
                  <option key={value} value={value}>
                    {t(valueLabels[`sexuality.${value}`] ?? { id: value })}
                  </option>
                ))}
              </SelectField>
              <CheckField
                name="terms"
                defaultChecked={values.terms === 'on'}
                error={errorOf('terms')}
                label={
                  <FormattedMessage
                    id="signup.terms"
                    defaultMessage="I am 18 or older and accept the <terms>terms and conditions</terms> and the <privacy>privacy statement</privacy>."
                    values={{
                      terms: (chunks) => <Link to="/pages/terms" target="_blank">{chunks}</Link>,
                      privacy: (chunks) => <Link to="/pages/privacy" target="_blank">{chunks}</Link>,
                    }}
                  />
                }
              />
              <CheckField
                name="orientation_consent"
                defaultChecked={values.orientation_consent === 'on'}
                error={errorOf('orientation_consent')}
                label={
                  <FormattedMessage
                    id="signup.consent"
                    defaultMessage="I explicitly agree that {site} stores and uses my sexuality and who I am looking for (data about my sexual orientation) to show me matching people. I can withdraw this consent at any time by deleting my account."
                    values={{ site: data.site }}
                  />
                }
              />
              {serverFields.form ? <ErrorText>{serverFields.form}</ErrorText> : null}
            </Step>
            <Honeypot aria-hidden>
              <label>
                Website
                <input type="text" name="website" tabIndex={-1} autoComplete="off" />
              </label>
            </Honeypot>
          </>
        )}
        <Nav>
          {enhanced && step > 0 ? (
            <Button type="button" $variant="ghost" onClick={() => goTo(step - 1)}>
              <FormattedMessage id="signup.back" defaultMessage="Back" />
            </Button>
          ) : (
            <span />
          )}
          {enhanced && step < LAST_SIGNUP_STEP ? (
            // Distinct keys: React must not turn this very button into the submit button mid-click.
            <Button key="next" type="button" onClick={goNext} data-testid="signup-next">
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
