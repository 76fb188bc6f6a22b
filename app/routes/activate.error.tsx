import type { MetaFunction } from '@remix-run/node';
import { defineMessages, FormattedMessage } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { ButtonLink } from '~/components/app/buttons';
import { Alert, Card, PageBackdrop } from '~/components/forms/fields';

const pageTexts = defineMessages({
  title: { id: 'activation.error.title', defaultMessage: 'Activation failed' },
});

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

export default function ActivationError() {
  return (
    <PageBackdrop>
      <Card data-testid="activation-error">
        <h1>
          <FormattedMessage id="activation.error.title" defaultMessage="Activation failed" />
        </h1>
        <Alert>
          <FormattedMessage id="activation.error.body" defaultMessage="Link expired or invalid, request a new email" />
        </Alert>
        <p>
          <ButtonLink to="/complete-signup" $variant="ghost">
            <FormattedMessage id="activation.error.resend" defaultMessage="Send a new activation e-mail" />
          </ButtonLink>
        </p>
      </Card>
    </PageBackdrop>
  );
}
