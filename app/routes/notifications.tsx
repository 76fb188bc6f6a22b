// /notifications — also the Settings page of the account menu (docs/product.md §2): e-mail notifications (and
// why they are off, with the way back on), push on this device, e-mail address, password, language
// and deleting the account.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, redirect, useActionData, useLoaderData, type ClientActionFunctionArgs } from '@remix-run/react';
import { keepPageAfterFailure, keepPageOnFailure } from '~/components/forms/action-failure';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { EMAIL_PATTERN } from '~/shared/signup-rules';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { CheckField, CheckList, Field } from '~/components/forms/fields';
import { SettingsForm, SettingsSection } from '~/components/forms/settings-form';
import { Prose } from '~/components/pages/prose';
import { MailChangeSchema, requestMailChange } from '~/.server/accounts/mail-change';
import { formAction } from '~/.server/contract/form-action';
import { z } from 'zod';
import { setDisabledNotifications, setPrivacy } from '~/.server/accounts/notifications';
import { changePassword, ChangePasswordSchema, RESET_MESSAGES } from '~/.server/accounts/password-reset';
import { announceSessionEnd } from '~/.server/events/member-events';
import { clearSessionCookie } from '~/.server/accounts/sessions';
import { serverMessage } from '~/.server/i18n/messages';
import { sendLimitText } from '~/.server/trust/send-limits';
import { NOTIFICATION_KINDS } from '~/shared/catalogue';
import { KIND_LABELS } from '~/components/notifications/kind-labels';
import { MailOffAlert } from '~/components/notifications/mail-off';
import { PushSettings } from '~/components/notifications/push-settings';
import { enableNotificationMail } from '~/.server/notifications/unsubscribe';
import { tenantPushKeys } from '~/.server/notifications/push';
import { SYSTEM_REASONS } from '~/.server/accounts/notifications';

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.user) throw redirect('/login');
  return {
    email: context.user.email,
    disabled: context.user.notifications_disabled,
    /** Why the system stopped notification mail (docs/product.md §4 disabled reasons), if it did. */
    mailOff: context.user.notifications_disabled.filter((reason): reason is (typeof SYSTEM_REASONS)[number] => (SYSTEM_REASONS as readonly string[]).includes(reason)),
    pushKey: (await tenantPushKeys(context.db, context.tenant)).publicKey,
    invisible: context.user.invisible,
    privacyMode: context.user.privacy_mode,
  };
}

type Result = { form: string; ok: boolean; message: string | null };

const SettingsFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('mail-on') }),
  z.object({ intent: z.literal('notifications'), enabled: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(40)).max(20)) }),
  z.object({ intent: z.literal('privacy'), invisible: z.literal('on').optional(), privacy_mode: z.literal('on').optional() }),
  MailChangeSchema.extend({ intent: z.literal('email') }),
  ChangePasswordSchema.extend({ intent: z.literal('password') }),
]);

export const action = formAction({
  body: SettingsFormSchema,
  failure: ({ message, raw }): Result => ({ form: typeof raw.intent === 'string' ? raw.intent : '', ok: false, message }),
  async handle({ context, body }): Promise<Result | Response | ReturnType<typeof data<Result>>> {
    const { db, tenant, locale, user } = context;
    if (!user) throw redirect('/login');
    const intent = body.intent;
    if (body.intent === 'mail-on') {
      await enableNotificationMail(db, user);
      return { form: 'notifications', ok: true, message: serverMessage(locale, 'settings.saved') };
    }
    if (body.intent === 'notifications') {
      const enabled = body.enabled;
      await setDisabledNotifications(db, user, NOTIFICATION_KINDS.filter((kind) => !enabled.includes(kind)));
      return { form: intent, ok: true, message: serverMessage(locale, 'settings.saved') };
    }
    if (body.intent === 'privacy') {
      await setPrivacy(db, user, { invisible: body.invisible === 'on', privacy_mode: body.privacy_mode === 'on' });
      return { form: intent, ok: true, message: serverMessage(locale, 'settings.saved') };
    }
    if (body.intent === 'email') {
      const result = await requestMailChange(db, tenant, user, { email: body.email, origin: context.origin, locale });
      if (!result.ok && result.error === 'send_limit') return data({ form: intent, ok: false, message: sendLimitText(locale, result.retryAfter) }, { status: 429 });
      if (!result.ok) return { form: intent, ok: false, message: serverMessage(locale, result.error === 'invalid' ? 'mailChange.error.invalid' : 'mailChange.error.taken') };
      context.mail.poke();
      return { form: intent, ok: true, message: serverMessage(locale, 'settings.email.sent') };
    }
    const result = await changePassword(db, user, body);
    if (!result.ok) return { form: intent, ok: false, message: serverMessage(locale, RESET_MESSAGES[result.error]) };
    // Every session ended with the change, this one too: log in again with the new password.
    await announceSessionEnd(context.events, tenant.id, user.id);
    return redirect('/login', { headers: { 'Set-Cookie': clearSessionCookie(context.secure) } });
  },
});

const pageTexts = defineMessages({
  title: { id: 'nav.settings', defaultMessage: 'Settings' },
  description: { id: 'meta.settings.description', defaultMessage: 'Your settings on {site}: e-mail notifications, privacy, your e-mail address, password and account.' },
});

// A save the server cannot answer keeps the page and what was typed (issue 26; action-failure.tsx).
export const clientAction = (args: ClientActionFunctionArgs) =>
  keepPageOnFailure<typeof action, Result>(args, (sent) => ({ form: String(sent.get('intent') ?? ''), ok: false, message: null }));
export const shouldRevalidate = keepPageAfterFailure;

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title), metaMessage(matches, pageTexts.description));

/**
 * The e-mail address form: the product's own texts, as the signup form (issue 48 item 6) — no browser
 * check of its own (noValidate: Chrome's tooltip for `x@` said something else, in the browser's
 * language), the shared rule (EMAIL_PATTERN, the one the server applies) before posting, and the
 * server's answer without JavaScript: "New email adress is invalid" either way.
 */
function MailChangeForm({ email, result }: { email: string; result: Result | undefined }) {
  const intl = useIntl();
  const [error, setError] = useState<string | undefined>(undefined);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const address = String(new FormData(event.currentTarget).get('email') ?? '').trim().toLowerCase();
    if (EMAIL_PATTERN.test(address)) return setError(undefined);
    event.preventDefault();
    setError(intl.formatMessage({ id: 'mailChange.error.invalid', defaultMessage: 'New email adress is invalid' }));
  };
  return (
    <SettingsForm
      intent="email"
      result={result}
      variant="ghost"
      noValidate
      onSubmit={onSubmit}
      onChange={() => setError(undefined)}
      submit={<FormattedMessage id="settings.email.submit" defaultMessage="Change e-mail address" />}
    >
      <p>
        <FormattedMessage id="settings.email.current" defaultMessage="Your address: {email}" values={{ email: <strong>{email}</strong> }} />
      </p>
      <Field id="email" type="email" autoComplete="email" error={error} label={intl.formatMessage({ id: 'settings.email.new', defaultMessage: 'New e-mail address' })} />
    </SettingsForm>
  );
}

export default function Settings() {
  const { email, disabled, mailOff, pushKey, invisible, privacyMode } = useLoaderData<typeof loader>();
  const result = useActionData<typeof clientAction>();
  const intl = useIntl();
  const save = <FormattedMessage id="settings.save" defaultMessage="Save" />;
  return (
    <Prose>
      <h1>
        <FormattedMessage id="nav.settings" defaultMessage="Settings" />
      </h1>
      <SettingsSection id="settings-notifications" title={<FormattedMessage id="settings.notifications" defaultMessage="E-mail notifications" />}>
        <MailOffAlert reasons={mailOff} email={email} />
        <SettingsForm intent="notifications" result={result} submit={save}>
          <CheckList aria-labelledby="settings-notifications">
            {NOTIFICATION_KINDS.map((kind) => (
              <CheckField key={kind} name="enabled" value={kind} defaultChecked={!disabled.includes(kind)} label={intl.formatMessage(KIND_LABELS[kind])} />
            ))}
          </CheckList>
        </SettingsForm>
      </SettingsSection>
      <SettingsSection id="settings-push" title={<FormattedMessage id="settings.push.title" defaultMessage="Push notifications" />}>
        <PushSettings publicKey={pushKey} />
      </SettingsSection>
      <SettingsSection id="settings-privacy" title={<FormattedMessage id="settings.privacy" defaultMessage="Privacy" />}>
        <SettingsForm intent="privacy" result={result} submit={save}>
          <CheckList aria-labelledby="settings-privacy">
            <CheckField
              name="invisible"
              defaultChecked={invisible}
              label={<FormattedMessage id="settings.invisible" defaultMessage="Invisible mode: nobody finds me in search or sees me among likes; I make the first move." />}
            />
            <CheckField
              name="privacy_mode"
              defaultChecked={privacyMode}
              label={<FormattedMessage id="settings.privacyMode" defaultMessage="Privacy mode: only people I liked or wrote to can see my profile." />}
            />
          </CheckList>
        </SettingsForm>
      </SettingsSection>
      <SettingsSection id="settings-email" title={<FormattedMessage id="signup.field.email" defaultMessage="E-mail address" />}>
        <MailChangeForm email={email} result={result} />
      </SettingsSection>
      <SettingsSection id="settings-password" title={<FormattedMessage id="signup.field.password" defaultMessage="Password" />}>
        <SettingsForm intent="password" result={result} variant="ghost" submit={<FormattedMessage id="settings.password.submit" defaultMessage="Change password" />}>
          <Field id="old_password" type="password" autoComplete="current-password" label={intl.formatMessage({ id: 'settings.password.old', defaultMessage: 'Current password' })} />
          <Field id="password" type="password" autoComplete="new-password" label={intl.formatMessage({ id: 'reset.field.password', defaultMessage: 'New password' })} />
        </SettingsForm>
      </SettingsSection>
      <SettingsSection id="settings-account" title={<FormattedMessage id="settings.account" defaultMessage="Account" />}>
        <p>
          <Link to="/lang-config">
            <FormattedMessage id="langConfig.title" defaultMessage="Language" />
          </Link>
        </p>
        <p>
          <Link to="/account/export" data-testid="export-link">
            <FormattedMessage id="export.title" defaultMessage="Download my data" />
          </Link>
        </p>
        <p>
          <Link to="/account-delete">
            <FormattedMessage id="delete.title" defaultMessage="Delete my account" />
          </Link>
        </p>
      </SettingsSection>
    </Prose>
  );
}
