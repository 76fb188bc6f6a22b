// /unsubscribe/{token} — the List-Unsubscribe URL of every notification mail (RFC 8058). A POST is
// the one-click unsubscribe (a mail client sends `List-Unsubscribe=One-Click`, no login): it sets the
// reason `listunsubscribe`. GET only shows a button that makes the same POST, so a mail scanner that
// follows the link changes nothing. An unknown token answers 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { ButtonLink } from '~/components/app/buttons';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { ConfirmLinkForm } from '~/components/forms/confirm-link-form';
import { Alert, Card, PageBackdrop } from '~/components/forms/fields';
import { oneClickUnsubscribe } from '~/.server/notifications/unsubscribe';

export function loader({ params, context }: LoaderFunctionArgs) {
  return { token: (params.token ?? '').slice(0, 100), site: context.tenant.settings.name };
}

export async function action({ params, context }: ActionFunctionArgs) {
  const ok = await oneClickUnsubscribe(context.db, context.tenant, params.token ?? '');
  if (!ok) throw new Response('Not Found', { status: 404 });
  return { ok };
}

export const handle = { layout: 'empty' };

const pageTexts = defineMessages({
  title: { id: 'notify.unsubscribe.title', defaultMessage: 'Unsubscribe from e-mail notifications' },
});

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

export default function Unsubscribe() {
  const { token, site } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <PageBackdrop>
      <Card data-testid="unsubscribe">
        {result?.ok ? (
          <>
            <h1>
              <FormattedMessage id="notify.unsubscribe.doneTitle" defaultMessage="You are unsubscribed" />
            </h1>
            <Alert $tone="success" role="status">
              <FormattedMessage
                id="notify.unsubscribe.done"
                defaultMessage="{site} sends you no more notification e-mails. You can turn them back on at any time in your settings."
                values={{ site }}
              />
            </Alert>
            <p>
              <ButtonLink to="/notifications">
                <FormattedMessage id="nav.settings" defaultMessage="Settings" />
              </ButtonLink>
            </p>
          </>
        ) : (
          <ConfirmLinkForm
            token={token}
            heading={<FormattedMessage id="notify.unsubscribe.title" defaultMessage="Unsubscribe from e-mail notifications" />}
            intro={
              <FormattedMessage
                id="notify.unsubscribe.intro"
                defaultMessage="You will no longer get e-mails from {site} about new messages, likes, offers and news. Mails about your account (such as a password reset) still arrive."
                values={{ site }}
              />
            }
            button={<FormattedMessage id="notify.unsubscribe.confirm" defaultMessage="Unsubscribe" />}
          />
        )}
      </Card>
    </PageBackdrop>
  );
}
