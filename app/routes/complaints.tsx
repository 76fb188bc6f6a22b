// /complaints (docs/product.md §2, docs/decisions/0029): the complaints procedure (the static text) and the
// notice form for visitors and members — category, the profile concerned (?profile=<id> from a
// profile's Report link), description, and a contact address for visitors. The complainant gets a
// reference on the page and by mail.
import { CategoryOptions } from '~/components/trust/category-options';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from '~/shared/complaint-types';
import { parseId } from '~/shared/request-rules';
import { staticPageData } from '~/.server/content/static-page';
import { serverMessage } from '~/.server/i18n/messages';
import { formAction } from '~/.server/contract/form-action';
import { ComplaintSchema, fileComplaint, type FileError } from '~/.server/trust/complaints';
import { Button } from '~/components/app/buttons';
import { pageMeta } from '~/components/app/page-meta';
import { Alert, Field, SelectField, TextAreaField } from '~/components/forms/fields';
import { StaticPageView } from '~/components/pages/static-page';

export function loader({ context, request }: LoaderFunctionArgs) {
  const page = staticPageData(context, 'complaints');
  const profile = parseId(new URL(request.url).searchParams.get('profile') ?? undefined);
  return { page, member: Boolean(context.user), profile };
}

const ERRORS: Record<FileError, string> = {
  email_required: 'complaints.error.email',
  invalid_email: 'signup.error.emailInvalid',
  profile_not_found: 'complaints.error.profile',
  message_not_found: 'report.error.message',
};

type Result = { ok: true; reference: string } | { ok: false; message: string; fields: Record<string, string> };

export const action = formAction({
  body: ComplaintSchema,
  failure: ({ message, fields }): Result => ({ ok: false, message, fields }),
  async handle({ context, body }): Promise<Result> {
    const { db, tenant, locale } = context;
    const wait = await context.limits.consume('complaint', tenant.id, `ip:${context.visitor.ip ?? 'unknown'}`);
    if (wait) return { ok: false, message: serverMessage(locale, 'api.error.tooMany', { minutes: Math.ceil(wait / 60) }), fields: {} };
    const result = await fileComplaint(db, tenant, { user: context.user, locale }, body);
    if (!result.ok) {
      const text = serverMessage(locale, ERRORS[result.error]);
      return { ok: false, message: text, fields: result.error === 'profile_not_found' ? {} : { email: text } };
    }
    return { ok: true, reference: result.reference };
  },
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data.page.title, data.page.description) : []);

const FormCard = styled.section`
  max-width: 760px;
  margin: 0 auto ${({ theme }) => theme.space(10)};
  padding: 0 ${({ theme }) => theme.space(4)};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  form {
    display: grid;
    gap: ${({ theme }) => theme.space(4)};
    padding: ${({ theme }) => theme.space(5)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.background};
  }
`;

export default function Complaints() {
  const { page, member, profile } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const intl = useIntl();
  const fields = result && !result.ok ? result.fields : {};
  return (
    <>
      <StaticPageView title={page.title} html={page.html} updated={page.updated} />
      <FormCard aria-labelledby="complaint-form">
        <h2 id="complaint-form">
          <FormattedMessage id="complaints.form.title" defaultMessage="File a complaint" />
        </h2>
        {result?.ok ? (
          <Alert $tone="success" role="status" data-testid="complaint-reference">
            <FormattedMessage
              id="complaints.form.done"
              defaultMessage="Thank you. Your complaint has reference {reference}; we have sent it to you by e-mail and will tell you what we decided and why."
              values={{ reference: <strong>{result.reference}</strong> }}
            />
          </Alert>
        ) : (
          <Form method="post" noValidate>
            {result && !result.ok ? (
              <Alert $tone="danger" role="alert">
                {result.message}
              </Alert>
            ) : null}
            <SelectField id="category" required defaultValue="" error={fields.category} label={intl.formatMessage({ id: 'complaints.form.category', defaultMessage: 'What is it about?' })}>
              <CategoryOptions />
            </SelectField>
            {profile ? <input type="hidden" name="profile" value={profile} /> : null}
            {profile ? (
              <p>
                <FormattedMessage id="complaints.form.aboutProfile" defaultMessage="About the profile with number {id}." values={{ id: profile }} />
              </p>
            ) : null}
            <TextAreaField
              id="description"
              required
              minLength={DESCRIPTION_MIN}
              maxLength={DESCRIPTION_MAX}
              rows={6}
              error={fields.description}
              label={intl.formatMessage({ id: 'complaints.form.description', defaultMessage: 'What happened? Name the profile, the message or the page, and why it is wrong.' })}
            />
            {member ? null : (
              <Field
                id="email"
                type="email"
                autoComplete="email"
                required
                error={fields.email}
                label={intl.formatMessage({ id: 'complaints.form.email', defaultMessage: 'Your e-mail address (for the reference and our answer)' })}
              />
            )}
            <div>
              <Button type="submit" $variant="primary" disabled={navigation.state === 'submitting'} data-testid="complaint-submit">
                <FormattedMessage id="complaints.form.submit" defaultMessage="Send the complaint" />
              </Button>
            </div>
          </Form>
        )}
      </FormCard>
    </>
  );
}
