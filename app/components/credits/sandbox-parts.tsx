// What the sandbox checkout says after the status (issue 34 item 4): the amount refunded so far and
// whether the card the payment saved now declines repeat orders.
import { FormattedMessage } from 'react-intl';
import { Money } from './parts';

export function SandboxAfterwards({ refunded, currency, savedCard }: { refunded: number; currency: string; savedCard: string | null }) {
  return (
    <>
      {refunded > 0 ? (
        <>
          {' '}
          <span data-testid="sandbox-refunded">
            <FormattedMessage id="sandbox.refunded" defaultMessage="Refunded: {amount}." values={{ amount: <Money minor={refunded} currency={currency} /> }} />
          </span>
        </>
      ) : null}
      {savedCard === 'invalid' ? (
        <>
          {' '}
          <FormattedMessage id="sandbox.cardDeclines" defaultMessage="The saved card declines repeat orders." />
        </>
      ) : null}
    </>
  );
}
