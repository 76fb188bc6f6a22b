import type { MetaFunction } from '@remix-run/node';
import { defineMessages, FormattedMessage } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import { Card, PageBackdrop } from '~/components/forms/fields';

const pageTexts = defineMessages({
  title: { id: 'deleted.title', defaultMessage: 'Your account will be deleted' },
});

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, metaMessage(matches, pageTexts.title));

export default function AccountDeleted() {
  return (
    <PageBackdrop>
      <Card data-testid="account-deleted">
        <h1>
          <FormattedMessage id="deleted.title" defaultMessage="Your account will be deleted" />
        </h1>
        <p>
          <FormattedMessage
            id="deleted.body"
            defaultMessage="Your profile is no longer visible. Changed your mind? Use the link in the e-mail we sent you within 14 days to reactivate your account, or contact customer service."
          />
        </p>
      </Card>
    </PageBackdrop>
  );
}
