// /credits/result?payment={id}: the provider's return URL (docs/product.md §4 payment states). Loading while the
// provider has not answered, then completed (credits added, order number), pending (the credits
// arrive by themselves later) or failed/cancelled with a retry through the other methods; a
// declined repeat-order card offers retry or PayPal.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, redirect, useLoaderData } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { Button, ButtonLink } from '~/components/app/buttons';
import { Inner, Page, useMethodName } from '~/components/credits/parts';
import { OrderSummary } from '~/components/credits/order-summary';
import { creditOffer } from '~/.server/credits/offer';
import { ownPayment, paymentView, refreshPayment } from '~/.server/payments/payments';
import { ProviderError } from '~/.server/payments/provider';
import { providerOfContext } from '~/.server/payments/request-context';
import { parseId } from '~/shared/request-rules';
import { useForgetUsedCode } from '~/components/offers/checkout-code';
import { Actions, Card, OutcomeCard, Retry, Spinner, usePolling } from '~/components/credits/result-parts';
import { siteNameMeta } from '~/shared/shell';

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.user) throw redirect('/login');
  const id = parseId(new URL(request.url).searchParams.get('payment') ?? undefined);
  let payment = id ? await ownPayment(context.db, context.tenant, context.user, id) : undefined;
  if (!payment) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  if (payment.status === 'open' || payment.status === 'pending') {
    try {
      payment = (await refreshPayment(context.db, providerOfContext(context), payment, context.events)).payment;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
  }
  const offer = creditOffer(context.tenant, payment.country);
  const balance = await context.db.selectFrom('users').select('credits').where('id', '=', context.user.id).executeTakeFirstOrThrow();
  return {
    payment: paymentView(payment),
    recurring: payment.sequence_type === 'recurring',
    otherMethods: offer.methods.filter((m) => m.id !== payment.method).map((m) => m.id),
    paypal: offer.methods.some((m) => m.id === 'paypal'),
    multiCountry: offer.countries.length > 1,
    credits: balance.credits,
  };
}

export const meta: MetaFunction = siteNameMeta;


export default function PaymentResult() {
  const { payment, recurring, otherMethods, paypal, multiCountry, credits } = useLoaderData<typeof loader>();
  useForgetUsedCode(payment.discount_code, payment.status === 'paid');
  const methodName = useMethodName();
  const rounds = usePolling(payment.status === 'open' || payment.status === 'pending');
  const query = multiCountry ? `?country=${payment.country}` : '';
  const order = (
    <OrderSummary
      currency={payment.currency}
      credits={payment.credits}
      method={payment.method}
      total={payment.amount}
      leading={
        <>
          <dt>
            <FormattedMessage id="result.orderNumber" defaultMessage="Order number" />
          </dt>
          <dd data-testid="order-number">{payment.order_number}</dd>
        </>
      }
    />
  );

  let body;
  if (payment.status === 'open' && rounds < 15) {
    body = (
      <Card role="status" aria-live="polite" data-testid="result-loading">
        <Spinner />
        <h1>
          <FormattedMessage id="result.loading.title" defaultMessage="Checking your payment…" />
        </h1>
        <p>
          <FormattedMessage id="result.loading.body" defaultMessage="This takes only a moment. Please keep this page open." />
        </p>
      </Card>
    );
  } else if (payment.status === 'paid') {
    body = (
      <OutcomeCard tone="success" testid="result-completed" title={<FormattedMessage id="result.completed.title" defaultMessage="Payment completed" />}>
        <p>
          <FormattedMessage
            id="result.completed.body"
            defaultMessage="Thank you! {count, plural, one {# credit has} other {# credits have}} been added to your account. You now have {balance, plural, one {# credit} other {# credits}}."
            values={{ count: payment.credits, balance: credits }}
          />
        </p>
        {order}
        <Actions>
          <ButtonLink to="/members">
            <FormattedMessage id="result.completed.search" defaultMessage="Find someone to chat with" />
          </ButtonLink>
          <ButtonLink to={`/transactions/${payment.id}`} $variant="ghost">
            <FormattedMessage id="result.transaction" defaultMessage="View transaction" />
          </ButtonLink>
        </Actions>
      </OutcomeCard>
    );
  } else if (payment.status === 'pending' || payment.status === 'open') {
    body = (
      <OutcomeCard tone="warning" testid="result-pending" title={<FormattedMessage id="result.pending.title" defaultMessage="Your payment is being processed" />}>
        <p>
          <FormattedMessage
            id="result.pending.body"
            defaultMessage="Your payment has not been confirmed yet; some payment methods take a little longer. Your credits are added automatically as soon as it is confirmed: you do not need to buy again."
          />
        </p>
        {order}
        <Actions>
          {payment.checkout_url ? (
            <ButtonLink to={payment.checkout_url} reloadDocument $variant="ghost">
              <FormattedMessage id="result.pending.continue" defaultMessage="Continue paying" />
            </ButtonLink>
          ) : null}
          <ButtonLink to="/members">
            <FormattedMessage id="result.pending.browse" defaultMessage="Browse members meanwhile" />
          </ButtonLink>
        </Actions>
      </OutcomeCard>
    );
  } else {
    body = (
      <OutcomeCard tone="danger" testid="result-failed" title={<FormattedMessage id="result.failed.title" defaultMessage="Payment failed or has been cancelled" />}>
        {recurring ? (
          <>
            <p>
              <FormattedMessage id="result.recurring.body" defaultMessage="Your saved card could not be charged. No money has been taken. Try again, or pay with PayPal." />
            </p>
            <Actions>
              <Form method="post" action="/credits/repeat-order">
                <Button type="submit">
                  <FormattedMessage id="result.recurring.retry" defaultMessage="Try again" />
                </Button>
              </Form>
              {paypal ? (
                <ButtonLink to={`/credits/${payment.package}/paypal${query}`} $variant="ghost">
                  <FormattedMessage id="result.recurring.paypal" defaultMessage="Pay with PayPal" />
                </ButtonLink>
              ) : null}
            </Actions>
          </>
        ) : (
          <>
            <p>
              <FormattedMessage id="result.failed.body" defaultMessage="No money has been taken and no credits were added. Try again, with another payment method if you like:" />
            </p>
            <Retry>
              {otherMethods.map((method) => (
                <li key={method}>
                  <ButtonLink to={`/credits/${payment.package}/${method}${query}`} $variant="ghost">
                    {methodName(method)}
                  </ButtonLink>
                </li>
              ))}
              <li>
                <ButtonLink to={`/credits/${payment.package}/${payment.method}${query}`}>
                  <FormattedMessage id="result.failed.same" defaultMessage="Try {method} again" values={{ method: methodName(payment.method) }} />
                </ButtonLink>
              </li>
            </Retry>
          </>
        )}
      </OutcomeCard>
    );
  }

  return (
    <Page>
      <Inner $narrow>
        {body}
        <p style={{ textAlign: 'center', marginTop: 24 }}>
          <Link to="/credits">
            <FormattedMessage id="checkout.back" defaultMessage="All bundles" />
          </Link>
        </p>
      </Inner>
    </Page>
  );
}
