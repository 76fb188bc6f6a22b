// The order summary of one purchase — bundle, credits, price, discount, fee, total, method — drawn the
// same way on checkout, /directdebit, /credits/result and /transactions/{id} (issue 27 item 3). Rows a
// page alone shows (order number, date, country, bank account, status) come in through `leading` and
// `extra`, so every page keeps the same order of the shared rows and the total last.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Credits, Money, Rows, useMethodName } from './parts';

/** The discount of an order: a trial saving, or a code (with its percentage when it is known). */
export type OrderDiscount = { amount: number; trial: true } | { amount: number; trial?: false; code: string; percentage?: number };

export interface OrderSummaryProps {
  currency: string;
  credits: number;
  /** The bundle's list price; left out where a page shows only what was paid (the result page). */
  price?: number;
  discount?: OrderDiscount | null;
  fee?: number;
  method?: string;
  total: number;
  /** "Amount" on a transaction (what was charged), "Total" everywhere else. */
  totalLabel?: 'total' | 'amount';
  /** data-testid prefix of the discount and total cells, e.g. `checkout` → `checkout-total`. */
  testId?: string;
  leading?: ReactNode;
  extra?: ReactNode;
}

function DiscountLabel({ discount }: { discount: OrderDiscount }) {
  if (discount.trial) return <FormattedMessage id="offers.trial.saving" defaultMessage="Trial saving" />;
  if (discount.percentage === undefined) return <FormattedMessage id="offers.transaction.discount" defaultMessage="Discount {code}" values={{ code: discount.code }} />;
  return <FormattedMessage id="offers.checkout.discount" defaultMessage="Discount {code} ({percentage}%)" values={{ code: discount.code, percentage: discount.percentage }} />;
}

export function OrderSummary({ currency, credits, price, discount, fee, method, total, totalLabel = 'total', testId, leading, extra }: OrderSummaryProps) {
  const methodName = useMethodName();
  const id = (cell: string) => (testId ? `${testId}-${cell}` : undefined);
  return (
    <Rows data-testid="order-summary">
      {leading}
      <dt>
        <FormattedMessage id="checkout.bundle" defaultMessage="Bundle" />
      </dt>
      <dd>
        <Credits count={credits} />
      </dd>
      {price !== undefined ? (
        <>
          <dt>
            <FormattedMessage id="checkout.price" defaultMessage="Price" />
          </dt>
          <dd>
            <Money minor={price} currency={currency} />
          </dd>
        </>
      ) : null}
      {discount && discount.amount > 0 ? (
        <>
          <dt>
            <DiscountLabel discount={discount} />
          </dt>
          <dd data-testid={id('discount')}>
            − <Money minor={discount.amount} currency={currency} />
          </dd>
        </>
      ) : null}
      {fee !== undefined ? (
        <>
          <dt>
            <FormattedMessage id="checkout.feeRow" defaultMessage="Payment fee" />
          </dt>
          <dd>
            <Money minor={fee} currency={currency} />
          </dd>
        </>
      ) : null}
      {method ? (
        <>
          <dt>
            <FormattedMessage id="checkout.method" defaultMessage="Payment method" />
          </dt>
          <dd>{methodName(method)}</dd>
        </>
      ) : null}
      {extra}
      <dt className="total">
        {totalLabel === 'amount' ? (
          <FormattedMessage id="transactions.amount" defaultMessage="Amount" />
        ) : (
          <FormattedMessage id="checkout.total" defaultMessage="Total" />
        )}
      </dt>
      <dd className="total" data-testid={id('total')}>
        <Money minor={total} currency={currency} />
      </dd>
    </Rows>
  );
}
