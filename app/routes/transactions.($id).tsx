// /transactions/{id?} (docs/product.md §2 transactions-id): every purchase and refund of the member; with an id
// one purchase (order number, date, bundle, credits, amount, method, status, refunds) and the return
// of its unused credits within the refund window (docs/decisions/0013). Another member's id: 404.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { z } from 'zod';
import { Button, ButtonLink } from '~/components/app/buttons';
import { Alert } from '~/components/forms/fields';
import { Back, Credits, Inner, Money, Page, Panel, PaymentStatus, Sub, useMethodName, When } from '~/components/credits/parts';
import { OrderSummary } from '~/components/credits/order-summary';
import { formAction } from '~/.server/contract/form-action';
import { serverMessage } from '~/.server/i18n/messages';
import { ProviderError } from '~/.server/payments/provider';
import { REFUND_MESSAGES, refundPurchase } from '~/.server/payments/refunds';
import { providerOfContext } from '~/.server/payments/request-context';
import { listTransactions, transactionDetail } from '~/.server/payments/transactions';
import { parseId } from '~/shared/request-rules';
import { Empty, Refund, Table } from '~/components/credits/transactions-parts';
import { siteNameMeta } from '~/shared/shell';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { user, db, tenant } = context;
  if (!user) throw redirect('/login');
  if (params.id === undefined) return { list: await listTransactions(db, tenant, user), detail: null, refundMessage: null };
  const id = parseId(params.id);
  const detail = id ? await transactionDetail(db, tenant, user, id) : null;
  if (!detail) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  const refusal = detail.refund.refusal;
  return {
    list: null,
    detail,
    refundMessage: refusal && refusal !== 'not_paid' ? serverMessage(context.locale, REFUND_MESSAGES[refusal]) : null,
  };
}

export const meta: MetaFunction = siteNameMeta;

type Result = { ok: boolean; message: string };

export const action = formAction({
  body: z.object({ intent: z.literal('refund') }),
  failure: ({ message }): Result => ({ ok: false, message }),
  async handle({ context, params }): Promise<Result | Response> {
    const { user, locale } = context;
    if (!user) throw redirect('/login');
    const id = parseId(params.id);
    if (!id) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
    let result;
    try {
      result = await refundPurchase({ db: context.db, tenant: context.tenant, provider: providerOfContext(context), events: context.events }, user, id);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      result = { ok: false as const, error: 'provider_unavailable' as const };
    }
    if (!result.ok) return { ok: false, message: serverMessage(locale, REFUND_MESSAGES[result.error]) };
    return { ok: true, message: serverMessage(locale, 'refund.done', { credits: result.refund.credits }) };
  },
});

export default function Transactions() {
  const data = useLoaderData<typeof loader>();
  return <Page>{data.detail ? <Detail /> : <List />}</Page>;
}

function List() {
  const data = useLoaderData<typeof loader>();
  const methodName = useMethodName();
  const list = data.list ?? [];
  return (
    <Inner>
      <h1>
        <FormattedMessage id="transactions.title" defaultMessage="Transactions" />
      </h1>
      <Sub>
        <FormattedMessage id="transactions.intro" defaultMessage="Your purchases and refunds. Open a purchase for its details or to return unused credits." />
      </Sub>
      {list.length === 0 ? (
        <Empty>
          <p>
            <FormattedMessage id="transactions.empty" defaultMessage="You have no transactions yet." />
          </p>
          <ButtonLink to="/credits">
            <FormattedMessage id="credits.title" defaultMessage="Buy credits" />
          </ButtonLink>
        </Empty>
      ) : (
        <Panel>
          <Table data-testid="transactions">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="transactions.date" defaultMessage="Date" />
                </th>
                <th scope="col">
                  <FormattedMessage id="result.orderNumber" defaultMessage="Order number" />
                </th>
                <th scope="col">
                  <FormattedMessage id="transactions.credits" defaultMessage="Credits" />
                </th>
                <th scope="col">
                  <FormattedMessage id="checkout.method" defaultMessage="Payment method" />
                </th>
                <th scope="col">
                  <FormattedMessage id="transactions.status" defaultMessage="Status" />
                </th>
                <th scope="col" className="num">
                  <FormattedMessage id="transactions.amount" defaultMessage="Amount" />
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((item) => (
                <tr key={`${item.kind}-${item.id}`} data-kind={item.kind}>
                  <td className="date">
                    <When iso={item.created_at} />
                  </td>
                  <td className="order">
                    <Link to={`/transactions/${item.payment_id}`}>{item.order_number}</Link>
                    {item.kind === 'refund' ? (
                      <>
                        {' '}
                        <FormattedMessage id="transactions.refund" defaultMessage="(refund)" />
                      </>
                    ) : null}
                  </td>
                  <td className="credits">
                    <Credits count={item.credits} />
                  </td>
                  <td className="hide-sm">{methodName(item.method)}</td>
                  <td className="status">
                    <PaymentStatus status={item.status} />
                  </td>
                  <td className="num">
                    <Money minor={item.amount} currency={item.currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Panel>
      )}
    </Inner>
  );
}

function Detail() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { payment, refunds, refund } = data.detail!;
  return (
    <Inner $narrow>
      <Back to="/transactions">
        ← <FormattedMessage id="transactions.title" defaultMessage="Transactions" />
      </Back>
      <h1>
        <FormattedMessage id="transactions.order" defaultMessage="Order {order}" values={{ order: payment.order_number }} />
      </h1>
      <Panel data-testid="transaction">
        <OrderSummary
          currency={payment.currency}
          credits={payment.credits}
          price={payment.price}
          discount={payment.discount_code ? { amount: payment.discount, code: payment.discount_code } : { amount: payment.discount, trial: true }}
          fee={payment.fee}
          method={payment.method}
          total={payment.amount}
          totalLabel="amount"
          testId="transaction"
          leading={
            <>
              <dt>
                <FormattedMessage id="transactions.date" defaultMessage="Date" />
              </dt>
              <dd>
                <When iso={payment.created_at} />
              </dd>
            </>
          }
          extra={
            <>
              <dt>
                <FormattedMessage id="transactions.status" defaultMessage="Status" />
              </dt>
              <dd>
                <PaymentStatus status={payment.status} />
              </dd>
            </>
          }
        />
        {refunds.length > 0 ? (
          <Refund aria-labelledby="refunds-title">
            <h2 id="refunds-title">
              <FormattedMessage id="transactions.refunds" defaultMessage="Refunds" />
            </h2>
            {refunds.map((r) => (
              <p key={r.id} data-testid="refund-line">
                <When iso={r.created_at} />:{' '}
                <FormattedMessage
                  id="transactions.refundLine"
                  defaultMessage="{count, plural, one {# credit} other {# credits}} returned, {amount} back"
                  values={{ count: r.credits, amount: <Money minor={r.amount} currency={r.currency} /> }}
                />{' '}
                <PaymentStatus status={r.status} />
              </p>
            ))}
          </Refund>
        ) : null}
        {payment.status === 'paid' ? (
          <Refund aria-labelledby="return-title">
            <h2 id="return-title">
              <FormattedMessage id="refund.title" defaultMessage="Return unused credits" />
            </h2>
            {result ? (
              <Alert $tone={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'}>
                {result.message}
              </Alert>
            ) : null}
            <p>
              <FormattedMessage
                id="refund.rule"
                defaultMessage="Within the return period you can return the credits of this purchase that you have not used. Credits are used oldest first. You get back the part of the price that matches the returned credits; a bundle returned whole is refunded whole."
              />
            </p>
            {refund.refusal === null && !result?.ok /* a return done: no second button (issue 34 item 4) */ ? (
              <Form method="post">
                <input type="hidden" name="intent" value="refund" />
                {refund.deadline ? (
                  <p>
                    <FormattedMessage id="refund.until" defaultMessage="You can return them until {date}." values={{ date: <When iso={refund.deadline} /> }} />
                  </p>
                ) : null}
                <Button type="submit" disabled={navigation.state !== 'idle'} data-testid="refund">
                  <FormattedMessage
                    id="refund.button"
                    defaultMessage="Return {count, plural, one {# credit} other {# credits}} for {amount}"
                    values={{ count: refund.credits, amount: <Money minor={refund.amount} currency={payment.currency} /> }}
                  />
                </Button>
              </Form>
            ) : data.refundMessage && !result?.ok ? (
              <Alert $tone="info">{data.refundMessage}</Alert>
            ) : null}
          </Refund>
        ) : null}
      </Panel>
    </Inner>
  );
}
