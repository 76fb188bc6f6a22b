// /directdebit (docs/product.md §2 directdebit, §3, §5; issue 17): the SMS-confirmed direct-debit form, reached
// from checkout when the method is sdd (?package=&country=). Step 1: account holder, IBAN, address,
// mobile phone and the SEPA mandate to authorise → a 6-digit code by SMS. Step 2: the code → the
// payment, then the result page. Works without JavaScript; errors are shown inline and translated.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '~/components/forms/fields';
import { Back, Inner, Money, Page, Panel, Sub } from '~/components/credits/parts';
import { OrderSummary } from '~/components/credits/order-summary';
import { CodeStep, DetailsStep, Layout, Note } from '~/components/credits/direct-debit-steps';
import type { DirectDebitValues as Values } from '~/shared/direct-debit';
import { creditOffer } from '~/.server/credits/offer';
import { checkoutOffer } from '~/.server/offers/checkout-offer';
import { CODE_QUERY_PARAM } from '~/shared/offers';
import { requestPaymentCountry } from '~/.server/credits/payment-country';
import { codeStepOf, DirectDebitPageSchema, knownMandateDetails, valuesOf, type DirectDebitPageResult } from '~/.server/directdebit/directdebit-page';
import { DIRECT_DEBIT_MESSAGES, payByDirectDebit } from '~/.server/directdebit/direct-debit';
import { DIRECT_DEBIT_LIMIT } from '~/.server/directdebit/limits';
import { mandateReference } from '~/.server/directdebit/mandate';
import { directDebitContext } from '~/.server/directdebit/request-context';
import { formAction } from '~/.server/contract/form-action';
import { serverMessage } from '~/.server/i18n/messages';
import { PAYMENT_MESSAGES } from '~/.server/payments/payments';
import { siteNameMeta } from '~/shared/shell';

const notFound = () => new Response('Not Found', { status: 404, statusText: 'Not Found' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, user } = context;
  if (!user) throw redirect('/login');
  const query = new URL(request.url).searchParams;
  // Reached from checkout with a bundle; a bare /directdebit (a bookmark, a typed address) goes to the bundles.
  if (!query.get('package')) throw redirect('/credits');
  const country = await requestPaymentCountry(request, context, query.get('country'));
  // The bundle or trial with the code the checkout applied (?code=; without it the running time bonus), as on checkout.
  const priced = await checkoutOffer(context.db, tenant, user, { package: query.get('package') ?? '', method: 'sdd', country, code: query.get(CODE_QUERY_PARAM), locale: context.locale });
  const method = creditOffer(tenant, country).methods.find((m) => m.id === 'sdd');
  if (!priced || !method) throw notFound();
  const fee = method.fee;
  return {
    country,
    order: {
      package: priced.bundle.id,
      credits: priced.bundle.credits,
      price: priced.bundle.price,
      discount: priced.discount,
      trial: priced.trial,
      code: priced.code,
      codeError: priced.codeError,
      fee,
      amount: priced.bundle.price - priced.discount + fee,
      currency: priced.bundle.currency,
    },
    creditor: { name: tenant.company.name, address: `${tenant.company.address}, ${tenant.company.city}` },
    reference: mandateReference(tenant, user.id),
    limit: DIRECT_DEBIT_LIMIT,
    // The stored mandate fills the form again.
    known: await knownMandateDetails(context.db, tenant, user),
  };
}

export const meta: MetaFunction = siteNameMeta;

export const action = formAction({
  body: DirectDebitPageSchema,
  failure: ({ message, fields, raw }): DirectDebitPageResult => {
    const onCodeStep = raw.intent === 'pay' && Object.keys(fields).every((f) => f === 'otp');
    return { step: onCodeStep ? 'otp' : 'form', message, fields, values: valuesOf(raw), ...(onCodeStep ? codeStepOf(valuesOf(raw), String(raw.country ?? '')) : {}) };
  },
  async handle({ request, context, body }): Promise<DirectDebitPageResult | Response> {
    const { locale, user } = context;
    if (!user) throw redirect('/login');
    const values = valuesOf(body as unknown as Record<string, unknown>);
    if (body.intent === 'edit') return { step: 'form', message: null, fields: {}, values };
    const country = await requestPaymentCountry(request, context, body.country);
    const codeStep = { step: 'otp' as const, values, ...codeStepOf(values, country) };
    if (body.intent === 'pay' && !body.otp) return { ...codeStep, message: null, fields: { otp: serverMessage(locale, 'validation.required') } };
    const ctx = directDebitContext(context);
    if (!ctx) return { step: 'form', message: serverMessage(locale, PAYMENT_MESSAGES.provider_unavailable), fields: {}, values };
    const result = await payByDirectDebit(ctx, user, { ...body, country, otp: body.intent === 'pay' ? body.otp : undefined });
    if (result.ok) return result.step === 'otp' ? { ...codeStep, message: null, fields: {} } : redirect(`/credits/result?payment=${result.payment.id}`);
    const message = serverMessage(locale, DIRECT_DEBIT_MESSAGES[result.error], 'values' in result ? result.values : undefined);
    if (body.intent === 'pay' && (result.error === 'otp_invalid' || result.error === 'otp_expired')) {
      return { ...codeStep, message: null, fields: { otp: message } };
    }
    const fields = Object.fromEntries(Object.entries(result.fields ?? {}).map(([field, id]) => [field, serverMessage(locale, id)]));
    return { step: 'form', message, fields, values };
  },
});

export default function DirectDebit() {
  const { country, order, creditor, reference, limit, known } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const values: Values = result?.values ?? (known ? { ...known, iban: '' } : {});
  const fields = result?.fields ?? {};
  const amount = <Money minor={order.amount} currency={order.currency} />;
  return (
    <Page>
      <Inner>
        <Back to={`/credits/${order.package}/sdd?${new URLSearchParams({ country, ...(order.code ? { code: order.code.code } : {}) })}`}>
          ← <FormattedMessage id="directdebit.back" defaultMessage="Other payment methods" />
        </Back>
        <h1>
          <FormattedMessage id="directdebit.title" defaultMessage="Pay by direct debit" />
        </h1>
        <Sub>
          <FormattedMessage
            id="directdebit.intro"
            defaultMessage="{amount} is debited from your bank account once. To confirm, we send a code to your mobile phone by SMS."
            values={{ amount }}
          />
        </Sub>
        {result?.message ? (
          <Alert role="alert" style={{ marginBottom: 16 }} data-testid="directdebit-error">
            {result.message}
          </Alert>
        ) : null}
        <Layout>
          {result?.step === 'otp' ? (
            <CodeStep values={values} fields={fields} country={country} order={order} busy={busy} amount={amount} phone={result.phone} />
          ) : (
            <DetailsStep values={values} fields={fields} country={country} order={order} busy={busy} amount={amount} creditor={creditor} reference={reference} known={known} />
          )}
          <Panel aria-labelledby="order-title">
            <h2 id="order-title">
              <FormattedMessage id="checkout.summary" defaultMessage="Your order" />
            </h2>
            <OrderSummary
              currency={order.currency}
              credits={order.credits}
              price={order.price}
              discount={order.trial ? { amount: order.discount, trial: true } : { amount: order.discount, code: order.code?.code ?? '', percentage: order.code?.percentage ?? 0 }}
              fee={order.fee}
              total={order.amount}
              testId="directdebit"
              extra={
                result?.step === 'otp' && result.account ? (
                  <>
                    <dt>
                      <FormattedMessage id="directdebit.account" defaultMessage="Bank account" />
                    </dt>
                    <dd data-testid="masked-iban">{result.account}</dd>
                  </>
                ) : null
              }
            />
            <Note>
              <FormattedMessage
                id="directdebit.limitNote"
                defaultMessage="Direct debit is limited to {limit} per month per bank account and per member."
                values={{ limit: <Money minor={limit.amount} currency={limit.currency} /> }}
              />
            </Note>
          </Panel>
        </Layout>
      </Inner>
    </Page>
  );
}
