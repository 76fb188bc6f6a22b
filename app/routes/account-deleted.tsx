import { FormattedMessage } from 'react-intl';
import { Card, PageBackdrop } from '~/components/forms/fields';

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
