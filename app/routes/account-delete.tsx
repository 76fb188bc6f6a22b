// /account-delete: the deletion flow — a retention offer with the company's delete_discount first,
// then the reasons of docs/product.md §9 and a comment, then /account-deleted.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, redirect, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import styled from 'styled-components';
import { Button } from '~/components/app/buttons';
import { Alert, Card, CheckRow, PageBackdrop, TextAreaField } from '~/components/forms/fields';
import { DeletionSchema, requestDeletion } from '~/.server/accounts/deletion';
import { announceSessionEnd } from '~/.server/events/member-events';
import { clearSessionCookie } from '~/.server/accounts/sessions';
import { serverMessage } from '~/.server/i18n/messages';
import { DELETE_REASONS } from '~/shared/catalogue';
import { formAction } from '~/.server/contract/form-action';
import { claimRetentionCode, retentionPercentage } from '~/.server/offers/retention';
import { CODE_QUERY_PARAM } from '~/shared/offers';
import { z } from 'zod';

export function loader({ context }: LoaderFunctionArgs) {
  if (!context.user) throw redirect('/login');
  return { discount: retentionPercentage(context.tenant), site: context.tenant.settings.name };
}

export const action = formAction({
  body: z.union([z.object({ intent: z.literal('stay') }), DeletionSchema]),
  failure: ({ message }) => ({ error: message }),
  async handle({ context, body }) {
    if (!context.user) throw redirect('/login');
    // Staying: the personal retention code, applied on the credits page (docs/decisions/0019).
    if ('intent' in body) {
      const code = await claimRetentionCode(context.db, context.tenant, context.user);
      return redirect(code ? `/credits?${CODE_QUERY_PARAM}=${encodeURIComponent(code.code)}` : '/');
    }
    const result = await requestDeletion(context.db, context.tenant, context.user, { ...body, origin: context.origin, locale: context.locale });
    if (!result.ok) return { error: serverMessage(context.locale, 'delete.error.reason') };
    await announceSessionEnd(context.events, context.tenant.id, context.user.id);
    context.mail.poke();
    return redirect('/account-deleted', { headers: { 'Set-Cookie': clearSessionCookie(context.secure) } });
  },
});

const reasons = defineMessages({
  price: { id: 'delete.reason.price', defaultMessage: 'It is too expensive' },
  found_someone: { id: 'delete.reason.found_someone', defaultMessage: 'I found someone' },
  not_looking: { id: 'delete.reason.not_looking', defaultMessage: 'I am no longer looking' },
  site_problems: { id: 'delete.reason.site_problems', defaultMessage: 'The website does not work well for me' },
  no_members: { id: 'delete.reason.no_members', defaultMessage: 'Not enough members near me' },
  time: { id: 'delete.reason.time', defaultMessage: 'I do not have time for it' },
  other: { id: 'delete.reason.other', defaultMessage: 'Another reason' },
});

const Offer = styled.div`
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.secondary};
  text-align: center;

  strong {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.display};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const pageTexts = defineMessages({
  title: { id: 'delete.title', defaultMessage: 'Delete my account' },
});

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

export default function AccountDelete() {
  const { discount, site } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const intl = useIntl();
  const [declinedOffer, setDeclinedOffer] = useState(Boolean(result));
  return (
    <PageBackdrop>
      <Card>
        <h1>
          <FormattedMessage id="delete.title" defaultMessage="Delete my account" />
        </h1>
        {!declinedOffer && discount > 0 ? (
          <Offer data-testid="retention-offer">
            <p>
              <FormattedMessage id="delete.offer.intro" defaultMessage="Before you go: stay with {site} and get" values={{ site }} />
            </p>
            <strong>{discount}%</strong>
            <p>
              <FormattedMessage id="delete.offer.body" defaultMessage="off your next credit bundle." />
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="stay" />
              <Button type="submit" data-testid="retention-stay">
                <FormattedMessage id="offers.retention.stay" defaultMessage="Stay and get {percentage}% off" values={{ percentage: discount }} />
              </Button>
            </Form>
            <p>
              <Button type="button" $variant="ghost" onClick={() => setDeclinedOffer(true)}>
                <FormattedMessage id="delete.offer.continue" defaultMessage="No thanks, continue deleting" />
              </Button>
            </p>
          </Offer>
        ) : (
          <Form method="post">
            <p>
              <FormattedMessage
                id="delete.intro"
                defaultMessage="Your profile is hidden at once. You can change your mind for 14 days with the link we e-mail you; after that your personal data is erased."
              />
            </p>
            {result?.error ? <Alert role="alert">{result.error}</Alert> : null}
            <fieldset>
              <legend>
                <FormattedMessage id="delete.reasonQuestion" defaultMessage="Why are you leaving?" />
              </legend>
              {DELETE_REASONS.map((reason) => (
                <CheckRow key={reason}>
                  <input type="radio" name="reason" value={reason} required />
                  <span>{intl.formatMessage(reasons[reason])}</span>
                </CheckRow>
              ))}
            </fieldset>
            <TextAreaField id="comment" maxLength={1000} label={<FormattedMessage id="delete.comment" defaultMessage="Anything you would like to tell us? (optional)" />} />
            <Button type="submit">
              <FormattedMessage id="delete.confirm" defaultMessage="Delete my account" />
            </Button>
            <Link to="/">
              <FormattedMessage id="delete.offer.stay" defaultMessage="Keep my account" />
            </Link>
          </Form>
        )}
      </Card>
    </PageBackdrop>
  );
}
