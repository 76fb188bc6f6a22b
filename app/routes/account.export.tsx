// /account/export: a member asks for their data (GDPR Art. 15/20, docs/decisions/0029) and gets a
// link to a zip (data.json and their photos) that works for 24 hours and only in their own session.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { EXPORT_LINK_HOURS, requestExport } from '~/.server/trust/export';
import { sendLimitText } from '~/.server/trust/send-limits';
import { Button } from '~/components/app/buttons';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { Alert } from '~/components/forms/fields';
import { Prose } from '~/components/pages/prose';

export function loader({ context }: LoaderFunctionArgs) {
  if (!context.user) throw redirect('/login');
  return { hours: EXPORT_LINK_HOURS };
}

export async function action({ context }: ActionFunctionArgs) {
  if (!context.user) throw redirect('/login');
  const result = await requestExport(context.db, context.tenant, context.user, { jobs: context.jobs });
  if (!result.ok) return data({ refused: sendLimitText(context.locale, result.retryAfter) } as ExportAnswer, { status: 429 });
  return { url: `/account/export/${result.token}`, expiresAt: result.expiresAt.toISOString(), prepared: result.prepared } as ExportAnswer;
}

type ExportAnswer = { refused: string; url?: undefined; prepared?: undefined } | { refused?: undefined; url: string; expiresAt: string; prepared: boolean };

const texts = defineMessages({
  title: { id: 'export.title', defaultMessage: 'Download my data' },
});

export const meta: MetaFunction = ({ matches }) => [...pageMeta(matches, metaMessage(matches, texts.title)), { name: 'robots', content: 'noindex' }];

export default function AccountExport() {
  const { hours } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const intl = useIntl();
  return (
    <Prose>
      <h1>{intl.formatMessage(texts.title)}</h1>
      <p>
        <FormattedMessage
          id="export.intro"
          defaultMessage="You get a zip file with everything we hold about you — your account, profile, consents, likes, the messages you sent and received, purchases, refunds, notification settings and the reports you made — as JSON, and your photos."
        />
      </p>
      {result?.refused ? (
        <Alert $tone="danger" role="alert" data-testid="export-refused">
          {result.refused}
        </Alert>
      ) : null}
      {result?.url ? (
        <Alert $tone="success" role="status" data-testid="export-ready">
          {result.prepared ? (
            <FormattedMessage
              id="export.preparing"
              defaultMessage="You have a lot of data, so we are preparing your file; that takes a few minutes. The link works as soon as it is ready, for {hours} hours and only while you are logged in:"
              values={{ hours }}
            />
          ) : (
            <FormattedMessage id="export.ready" defaultMessage="Your file is ready. The link works for {hours} hours and only while you are logged in:" values={{ hours }} />
          )}{' '}
          <a href={result.url} download data-testid="export-download">
            <FormattedMessage id="export.download" defaultMessage="Download the zip file" />
          </a>
        </Alert>
      ) : (
        <Form method="post">
          <Button type="submit" $variant="primary" disabled={navigation.state === 'submitting'} data-testid="export-request">
            <FormattedMessage id="export.request" defaultMessage="Prepare my file" />
          </Button>
        </Form>
      )}
    </Prose>
  );
}
