// /unsubscribe/{token}?kind=… — the List-Unsubscribe URL of every notification mail (RFC 8058). A
// POST is the one-click unsubscribe (a mail client sends `List-Unsubscribe=One-Click`, no login): it
// turns off the kinds the URL names — the mail's own (issue 48 item 19) — or, without a kind, all
// notification mail (the reason `listunsubscribe`). The page then says what was turned off and offers
// the other kinds. GET only shows a button that makes the same POST, so a mail scanner that follows
// the link changes nothing. An unknown token answers 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { ConfirmLinkForm } from '~/components/forms/confirm-link-form';
import { Card, PageBackdrop } from '~/components/forms/fields';
import { KindList, UnsubscribeResult } from '~/components/notifications/unsubscribe-result';
import { unsubscribe, unsubscribeListOf } from '~/.server/notifications/unsubscribe';

export function loader({ params, request, context }: LoaderFunctionArgs) {
  return { token: (params.token ?? '').slice(0, 100), site: context.tenant.settings.name, list: unsubscribeListOf(new URL(request.url).searchParams) };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const result = await unsubscribe(context.db, context.tenant, params.token ?? '', unsubscribeListOf(new URL(request.url).searchParams));
  if (!result) throw new Response('Not Found', { status: 404 });
  return result;
}

export const handle = { layout: 'empty' };

const pageTexts = defineMessages({
  title: { id: 'notify.unsubscribe.title', defaultMessage: 'Unsubscribe from e-mail notifications' },
});

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

export default function Unsubscribe() {
  const { token, site, list } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <PageBackdrop>
      <Card data-testid="unsubscribe">
        {result ? (
          <UnsubscribeResult token={token} site={site} off={result.off} disabled={result.disabled} />
        ) : (
          <ConfirmLinkForm
            token={token}
            heading={<FormattedMessage id="notify.unsubscribe.title" defaultMessage="Unsubscribe from e-mail notifications" />}
            intro={
              list === 'all' ? (
                <FormattedMessage
                  id="notify.unsubscribe.intro"
                  defaultMessage="You will no longer get e-mails from {site} about new messages, likes, offers and news. Mails about your account (such as a password reset) still arrive."
                  values={{ site }}
                />
              ) : (
                <FormattedMessage
                  id="notify.unsubscribe.kindsIntro"
                  defaultMessage="{count, plural, one {You will no longer get this kind of e-mail from {site}:} other {You will no longer get these kinds of e-mail from {site}:}}"
                  values={{ site, count: list.length }}
                />
              )
            }
            button={<FormattedMessage id="notify.unsubscribe.confirm" defaultMessage="Unsubscribe" />}
          >
            {list === 'all' ? null : <KindList kinds={list} />}
          </ConfirmLinkForm>
        )}
      </Card>
    </PageBackdrop>
  );
}
