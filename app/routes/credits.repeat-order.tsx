// /credits/repeat-order (docs/product.md §2 credits-repeat-order, §6; premium only): the last bundle again with
// the last method. A stored card is charged at once; other methods go through a new checkout.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { z } from 'zod';
import { Button, ButtonLink } from '~/components/app/buttons';
import { Alert } from '~/components/forms/fields';
import { Credits, Inner, Money, Page, Panel, Rows, Sub, useMethodName } from '~/components/credits/parts';
import { quote } from '~/.server/credits/offer';
import { formAction } from '~/.server/contract/form-action';
import { serverMessage } from '~/.server/i18n/messages';
import { PAYMENT_MESSAGES } from '~/.server/payments/payments';
import { lastOrder, repeatOrder } from '~/.server/payments/repeat-order';
import { ProviderError } from '~/.server/payments/provider';
import { checkoutContext } from '~/.server/payments/request-context';
import { isCardMethod } from '~/shared/payment-methods';
import { siteNameMeta } from '~/shared/shell';

export async function loader({ context }: LoaderFunctionArgs) {
  const { user, db, tenant } = context;
  if (!user) throw redirect('/login');
  if (!user.paid_user) return { premium: false as const };
  const last = await lastOrder(db, user, context.tenant);
  const price = last ? quote(tenant, last.country, last.package_id, last.method) : null;
  const stored = last && isCardMethod(last.method)
    ? await db.selectFrom('payments').select('id').where('user_id', '=', user.id).where('status', '=', 'paid').where('mandate_id', 'is not', null).executeTakeFirst()
    : undefined;
  return {
    premium: true as const,
    order: last && price ? { credits: price.package.credits, amount: price.amount, currency: price.currency, method: last.method, orderNumber: last.order_number } : null,
    storedCard: Boolean(stored),
  };
}

export const meta: MetaFunction = siteNameMeta;

type Result = { message: string };

export const action = formAction({
  body: z.object({}),
  failure: ({ message }): Result => ({ message }),
  async handle({ context }): Promise<Result | Response> {
    const { user, locale } = context;
    if (!user) throw redirect('/login');
    let result;
    try {
      result = await repeatOrder(checkoutContext(context), user);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      result = { ok: false as const, error: 'provider_unavailable' as const };
    }
    if (!result.ok && result.error === 'direct_debit_form') {
      // No valid stored mandate (first or returned): sign one again on the direct-debit form.
      const last = await lastOrder(context.db, user);
      if (last) return redirect(`/directdebit?${new URLSearchParams({ package: last.package_id, country: last.country })}`);
    }
    if (!result.ok) return { message: serverMessage(locale, PAYMENT_MESSAGES[result.error]) };
    if (result.charged || !result.payment.checkout_url) return redirect(`/credits/result?payment=${result.payment.id}`);
    return redirect(result.payment.checkout_url);
  },
});

const Box = styled(Panel)`
  dl {
    margin: ${({ theme }) => theme.space(4)} 0;
  }

  form button {
    width: 100%;
  }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export default function RepeatOrder() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const methodName = useMethodName();
  return (
    <Page>
      <Inner $narrow>
        <h1>
          <FormattedMessage id="repeatOrder.title" defaultMessage="Repeat order" />
        </h1>
        <Sub>
          <FormattedMessage id="repeatOrder.intro" defaultMessage="Buy your last bundle again with one click." />
        </Sub>
        {result?.message ? <Alert role="alert">{result.message}</Alert> : null}
        {!data.premium ? (
          <Box data-testid="repeat-premium-only">
            <Alert $tone="info" role="alert">
              <FormattedMessage id="photos.error.premiumOnly" defaultMessage="This feature is only available for premium members" />
            </Alert>
            <p>
              <ButtonLink to="/credits">
                <FormattedMessage id="credits.title" defaultMessage="Buy credits" />
              </ButtonLink>
            </p>
          </Box>
        ) : !data.order ? (
          <Box>
            <p>
              <FormattedMessage id="payment.error.noPreviousOrder" defaultMessage="You have not bought a bundle yet" />
            </p>
            <ButtonLink to="/credits">
              <FormattedMessage id="credits.title" defaultMessage="Buy credits" />
            </ButtonLink>
          </Box>
        ) : (
          <Box aria-labelledby="repeat-title">
            <h2 id="repeat-title">
              <FormattedMessage id="repeatOrder.last" defaultMessage="Your last order ({order})" values={{ order: data.order.orderNumber }} />
            </h2>
            <Rows>
              <dt>
                <FormattedMessage id="checkout.bundle" defaultMessage="Bundle" />
              </dt>
              <dd>
                <Credits count={data.order.credits} />
              </dd>
              <dt>
                <FormattedMessage id="checkout.method" defaultMessage="Payment method" />
              </dt>
              <dd>{methodName(data.order.method)}</dd>
              <dt className="total">
                <FormattedMessage id="checkout.total" defaultMessage="Total" />
              </dt>
              <dd className="total">
                <Money minor={data.order.amount} currency={data.order.currency} />
              </dd>
            </Rows>
            <Form method="post">
              <Button type="submit" disabled={navigation.state !== 'idle'} data-testid="repeat-order">
                <FormattedMessage id="repeatOrder.buy" defaultMessage="Buy again for {total}" values={{ total: <Money minor={data.order.amount} currency={data.order.currency} /> }} />
              </Button>
            </Form>
            <Hint>
              {data.storedCard ? (
                <FormattedMessage id="repeatOrder.card" defaultMessage="Your saved card is charged at once; you stay on this site." />
              ) : (
                <FormattedMessage id="repeatOrder.redirect" defaultMessage="You will be taken to our payment provider to confirm the payment." />
              )}
            </Hint>
            <Link to="/credits">
              <FormattedMessage id="repeatOrder.other" defaultMessage="Choose another bundle" />
            </Link>
          </Box>
        )}
      </Inner>
    </Page>
  );
}
