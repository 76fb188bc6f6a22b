// /sandbox/checkout/{id}: the built-in sandbox provider's checkout (docs/architecture.md §9), clearly a test: its
// buttons settle the payment as paid, pending, failed, canceled or expired; then, as a real provider
// does, it calls our webhook with only the payment's id (the same function POST
// /api/payment-webhook.php runs, called in-process) and sends the member back to the result page.
// A pending payment can be settled later from the same page; it shows refunds and can make a saved
// card decline (issue 34). Not served in a real production start.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, redirect, useLoaderData, useNavigation } from '@remix-run/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import { z } from 'zod';
import { Money, PaymentStatus, useMethodName } from '~/components/credits/parts';
import { SandboxAfterwards } from '~/components/credits/sandbox-parts';
import type { AppLoadContext } from '@remix-run/node';
import { formAction } from '~/.server/contract/form-action';
import { handlePaymentWebhook } from '~/.server/payments/payments';
import { SandboxProvider } from '~/.server/payments/sandbox';
import { SANDBOX_OUTCOMES } from '~/shared/payment-methods';

export const handle = { layout: 'empty' };
const notFound = () => new Response('Not Found', { status: 404, statusText: 'Not Found' });

function sandboxOf(context: AppLoadContext): SandboxProvider {
  if (!context.devOutbox || context.tenant.payments.provider !== 'sandbox') throw notFound();
  return new SandboxProvider(context.db, context.tenant.id, context.origin);
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const sandbox = sandboxOf(context), row = await sandbox.checkout(params.id ?? '');
  if (!row) throw notFound();
  return {
    ...(await sandbox.extras(row)),
    id: row.id,
    merchant: context.tenant.settings.name,
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    method: row.method,
    status: row.status,
    returnUrl: row.redirect_url,
    recurring: row.sequence_type === 'first',
    // A collected direct debit can be returned by the member's bank (issue 17: blocks the account).
    chargeable: row.status === 'paid' && row.method === 'sdd' && !row.charged_back_at,
    chargedBack: row.charged_back_at !== null,
  };
}

export const meta: MetaFunction = () => [{ title: 'Sandbox checkout' }, { name: 'robots', content: 'noindex' }];

export const action = formAction({
  body: z.object({ outcome: z.enum([...SANDBOX_OUTCOMES, 'chargeback', 'decline_card']) }),
  failure: ({ message }) => ({ message }),
  async handle({ context, body, params }) {
    const sandbox = sandboxOf(context);
    const id = params.id ?? '';
    const row = await sandbox.checkout(id);
    if (!row) throw notFound();
    await sandbox.settle(id, body.outcome);
    // As a provider does: tell the merchant's webhook the id only; it asks for the status itself.
    await handlePaymentWebhook(context.db, context.tenant, sandbox, id, context.events);
    return redirect(row.redirect_url || '/credits');
  },
});

const outcomes = defineMessages({
  paid: { id: 'sandbox.outcome.paid', defaultMessage: 'Pay (success)' },
  pending: { id: 'sandbox.outcome.pending', defaultMessage: 'Leave pending' },
  failed: { id: 'sandbox.outcome.failed', defaultMessage: 'Fail' },
  canceled: { id: 'sandbox.outcome.canceled', defaultMessage: 'Cancel' },
  expired: { id: 'sandbox.outcome.expired', defaultMessage: 'Let it expire' },
  chargeback: { id: 'sandbox.outcome.chargeback', defaultMessage: 'Return the debit (chargeback)' },
  decline_card: { id: 'sandbox.outcome.declineCard', defaultMessage: 'Decline the saved card from now on' },
});

const Screen = styled.main`
  min-height: 100vh;
  padding: ${({ theme }) => theme.space(4)};
  background: repeating-linear-gradient(-45deg, #f4f5f8, #f4f5f8 18px, #eceef3 18px, #eceef3 36px);
  color: #1d2230;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
`;

const TestBanner = styled.p`
  max-width: 520px;
  margin: 0 auto ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #ffd43b;
  color: #3b2f00;
  font-weight: 800;
  text-align: center;
  letter-spacing: 0.02em;
`;

const Box = styled.section`
  max-width: 520px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(6)};
  border-radius: 16px;
  background: #fff;
  box-shadow: 0 10px 30px rgba(20, 30, 60, 0.15);

  h1 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.1rem;
    color: #5a6275;
  }
`;

const Total = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: 2.2rem;
  font-weight: 800;
`;

const Small = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: #5a6275;
  font-size: 0.9rem;
`;

const Buttons = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(5)};
`;

const Outcome = styled.button<{ $kind: string }>`
  min-height: 48px;
  border: 2px solid transparent;
  border-radius: 10px;
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  ${({ $kind }) =>
    $kind === 'paid'
      ? css`
          background: #1f7a4d;
          color: #fff;
        `
      : $kind === 'failed' || $kind === 'chargeback'
        ? css`
            background: #fff;
            border-color: #c92a3a;
            color: #a61e2d;
          `
        : css`
            background: #fff;
            border-color: #c5cad6;
            color: #1d2230;
          `}

  &:disabled {
    opacity: 0.6;
  }
`;

const Status = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: 10px;
  background: #f4f5f8;
  font-weight: 600;

  a {
    color: #1d4ed8;
  }
`;

export default function SandboxCheckout() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const intl = useIntl();
  const methodName = useMethodName();
  const settled = data.status !== 'open' && data.status !== 'pending';
  return (
    <Screen>
      <TestBanner role="note">
        <FormattedMessage id="sandbox.banner" defaultMessage="TEST CHECKOUT — no real money is charged" />
      </TestBanner>
      <Box aria-labelledby="sandbox-title">
        <h1 id="sandbox-title">
          <FormattedMessage id="sandbox.title" defaultMessage="Sandbox payment to {merchant}" values={{ merchant: data.merchant }} />
        </h1>
        <Total data-testid="sandbox-amount">
          <Money minor={data.amount} currency={data.currency} />
        </Total>
        <Small>{data.description}</Small>
        <Small>
          <FormattedMessage id="checkout.method" defaultMessage="Payment method" />: {methodName(data.method)}
          {data.recurring ? (
            <>
              {' · '}
              <FormattedMessage id="sandbox.storesCard" defaultMessage="the card is saved for repeat orders" />
            </>
          ) : null}
        </Small>
        {settled ? (
          <Status role="status">
            <FormattedMessage id="sandbox.settled" defaultMessage="This payment is settled: {status}." values={{ status: <PaymentStatus status={data.status} /> }} />{' '}
            <a href={data.returnUrl || '/credits'}>
              <FormattedMessage id="sandbox.back" defaultMessage="Back to the website" />
            </a>
            {data.chargedBack ? (
              <>
                {' '}
                <FormattedMessage id="sandbox.chargedBack" defaultMessage="The debit was returned by the bank (chargeback)." />
              </>
            ) : null}
            <SandboxAfterwards refunded={data.refunded} currency={data.currency} savedCard={data.savedCard} />
          </Status>
        ) : null}
        {settled && (data.chargeable || data.savedCard === 'valid') ? (
          <Form method="post">
            <Buttons>
              {(['decline_card', 'chargeback'] as const)
                .filter((outcome) => (outcome === 'chargeback' ? data.chargeable : data.savedCard === 'valid'))
                .map((outcome) => (
                  <Outcome key={outcome} type="submit" name="outcome" value={outcome} $kind={outcome === 'chargeback' ? 'chargeback' : 'failed'} disabled={navigation.state !== 'idle'} data-testid={`outcome-${outcome}`}>
                    {intl.formatMessage(outcomes[outcome])}
                  </Outcome>
                ))}
            </Buttons>
          </Form>
        ) : null}
        {settled ? null : (
          <Form method="post">
            {data.status === 'pending' ? (
              <Status role="status">
                <FormattedMessage id="sandbox.pending" defaultMessage="This payment is pending. Settle it now:" />
              </Status>
            ) : null}
            <Buttons>
              {SANDBOX_OUTCOMES.filter((o) => !(data.status === 'pending' && o === 'pending')).map((outcome) => (
                <Outcome key={outcome} type="submit" name="outcome" value={outcome} $kind={outcome} disabled={navigation.state !== 'idle'} data-testid={`outcome-${outcome}`}>
                  {intl.formatMessage(outcomes[outcome])}
                </Outcome>
              ))}
            </Buttons>
          </Form>
        )}
      </Box>
    </Screen>
  );
}
