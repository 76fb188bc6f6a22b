import type { MetaFunction } from '@remix-run/node';
import { defineMessages, FormattedMessage } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { ButtonLink } from '~/components/app/buttons';
import { Alert, Card, PageBackdrop } from '~/components/forms/fields';

const pageTexts = defineMessages({
  title: { id: 'activation.done.title', defaultMessage: 'Your e-mail address is confirmed' },
});

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

export default function ActivationDone() {
  return (
    <PageBackdrop>
      <Card data-testid="activation-done">
        <h1>
          <FormattedMessage id="activation.done.title" defaultMessage="Your e-mail address is confirmed" />
        </h1>
        <Alert $tone="success">
          <FormattedMessage id="activation.done.body" defaultMessage="Thank you! Your profile is now visible and you can reply to messages." />
        </Alert>
        <p>
          <ButtonLink to="/">
            <FormattedMessage id="activation.done.continue" defaultMessage="Continue" />
          </ButtonLink>
        </p>
      </Card>
    </PageBackdrop>
  );
}
