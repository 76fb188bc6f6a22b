// /credits/{id}/{paymentmethod?} (docs/product.md §2 credits-id-paymentmethod): the order summary and the method
// choice, preselected from the URL; an unknown bundle or method answers 404. Paying creates the
// payment and sends the member to the provider's checkout.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { Button } from '~/components/app/buttons';
import { Alert } from '~/components/forms/fields';
import { Back, Inner, Money, Page, Panel, Sub, useMethodName } from '~/components/credits/parts';
import { OrderSummary } from '~/components/credits/order-summary';
import { creditOffer } from '~/.server/credits/offer';
import { requestPaymentCountry } from '~/.server/credits/payment-country';
import { formAction } from '~/.server/contract/form-action';
import { serverMessage } from '~/.server/i18n/messages';
import { createPayment, PAYMENT_MESSAGES } from '~/.server/payments/payments';
import { ProviderError } from '~/.server/payments/provider';
import { checkoutContext } from '~/.server/payments/request-context';
import { checkoutOffer } from '~/.server/offers/checkout-offer';
import { keptCode } from '~/.server/offers/bundle-offers';
import { CODE_QUERY_PARAM } from '~/shared/offers';
import { CodeForm, useCheckoutCode } from '~/components/offers/checkout-code';
import { useRepriceOnCodeChange } from '~/components/offers/credits-offers';
import { CountryQuerySchema } from '~/.server/payments/schemas';
import { Consent, Layout, MethodOption, Methods, Note, Summary } from '~/components/credits/checkout-parts';
import { siteNameMeta } from '~/shared/shell';

const notFound = () => new Response('Not Found', { status: 404, statusText: 'Not Found' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!context.user) throw redirect('/login');
  const url = new URL(request.url);
  const country = await requestPaymentCountry(request, context, url.searchParams.get('country'));
  const offer = creditOffer(context.tenant, country);
  if (params.paymentmethod && !offer.methods.some((m) => m.id === params.paymentmethod)) throw notFound();
  const method = params.paymentmethod ?? offer.methods[0]?.id ?? null;
  // The bundle (or the trial, for a member who may buy it) with the discount of ?code= or the time bonus.
  const priced = method
    ? await checkoutOffer(context.db, context.tenant, context.user, { package: params.id ?? '', method, country, code: url.searchParams.get(CODE_QUERY_PARAM), kept: keptCode(request), locale: context.locale })
    : null;
  if (!priced) throw notFound();
  return { offer, ...priced, method, paid: context.user.paid_user, kept: keptCode(request) };
}

export const meta: MetaFunction = siteNameMeta;

type Result = { message: string };

export const action = formAction({
  // The EU consent to deliver digital content at once (return policy, "right of withdrawal").
  body: z.object({
    method: z.string().trim().max(40),
    country: CountryQuerySchema.optional(),
    discountcode: z.string().trim().max(40, { message: 'validation.tooLong' }).optional(),
    consent: z.literal('on', { message: 'checkout.error.consent' }),
  }),
  failure: ({ message, fields }): Result => ({ message: fields.consent ?? message }),
  async handle({ request, context, body, params }): Promise<Result | Response> {
    const { locale } = context;
    if (!context.user) throw redirect('/login');
    const country = await requestPaymentCountry(request, context, body.country);
    // Direct debit asks the bank details, the mandate and an SMS code on its own form (issue 17).
    // The code the checkout applied goes along (an empty one: none, not the time bonus again).
    if (body.method === 'sdd') return redirect(`/directdebit?${new URLSearchParams({ package: params.id ?? '', country, [CODE_QUERY_PARAM]: body.discountcode ?? '' })}`);
    let result;
    try {
      result = await createPayment(checkoutContext(context), context.user, { package: params.id ?? '', method: body.method, country, discountcode: body.discountcode || undefined });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      result = { ok: false as const, error: 'provider_unavailable' as const };
    }
    if (!result.ok) return { message: serverMessage(locale, PAYMENT_MESSAGES[result.error], 'values' in result ? result.values : undefined) };
    return redirect(result.payment.checkout_url ?? `/credits/result?payment=${result.payment.id}`);
  },
});

export default function Checkout() {
  const { offer, bundle, method: preselected, paid, trial, discount, code, codeInput, codeError, kept } = useLoaderData<typeof loader>();
  useCheckoutCode({ trial, code, codeInput, codeError });
  const repricing = useRepriceOnCodeChange(kept);
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const intl = useIntl();
  const methodName = useMethodName();
  const [method, setMethod] = useState(preselected);
  const chosen = offer.methods.find((m) => m.id === method) ?? offer.methods[0];
  const fee = chosen?.fee ?? 0;
  const total = bundle.price - discount + fee;
  const regions = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const query = offer.countries.length > 1 ? `?country=${offer.country}` : '';
  return (
    <Page>
      <Inner>
        <Back to={`/credits${query}`}>
          ← <FormattedMessage id="checkout.back" defaultMessage="All bundles" />
        </Back>
        <h1>
          <FormattedMessage id="checkout.title" defaultMessage="Checkout" />
        </h1>
        <Sub>
          <FormattedMessage id="checkout.intro" defaultMessage="Choose how you want to pay. You pay once: nothing is ever charged automatically." />
        </Sub>
        {result?.message ? (
          <Alert role="alert" style={{ marginBottom: 16 }}>
            {result.message}
          </Alert>
        ) : null}
        {trial ? null : <CodeForm country={offer.countries.length > 1 ? offer.country : null} codeInput={codeInput} applied={code} error={codeError} />}
        <Form method="post">
          <input type="hidden" name="country" value={offer.country} />
          {code ? <input type="hidden" name="discountcode" value={code.code} /> : null}
          <Layout>
            <Panel>
              <Methods>
                <legend>
                  <FormattedMessage id="checkout.method" defaultMessage="Payment method" />
                </legend>
                {offer.methods.map((m) => (
                  <MethodOption key={m.id} $checked={m.id === chosen?.id} data-testid={`method-${m.id}`}>
                    <input type="radio" name="method" value={m.id} checked={m.id === chosen?.id} onChange={() => setMethod(m.id)} />
                    <span>{methodName(m.id)}</span>
                    <span>
                      {m.fee > 0 ? (
                        <FormattedMessage id="checkout.fee" defaultMessage="+ {fee} fee" values={{ fee: <Money minor={m.fee} currency={m.currency} /> }} />
                      ) : (
                        <FormattedMessage id="checkout.noFee" defaultMessage="No fee" />
                      )}
                    </span>
                  </MethodOption>
                ))}
              </Methods>
            </Panel>
            <Summary aria-labelledby="summary-title">
              <h2 id="summary-title">
                <FormattedMessage id="checkout.summary" defaultMessage="Your order" />
              </h2>
              <OrderSummary
                currency={bundle.currency}
                credits={bundle.credits}
                price={bundle.price}
                discount={trial ? { amount: discount, trial: true } : { amount: discount, code: code?.code ?? '', percentage: code?.percentage ?? 0 }}
                fee={fee}
                total={total}
                testId="checkout"
                extra={
                  <>
                    <dt>
                      <FormattedMessage id="credits.country" defaultMessage="Payment country" />
                    </dt>
                    <dd>{regions.of(offer.country)}</dd>
                  </>
                }
              />
              <Consent>
                <input type="checkbox" name="consent" required data-testid="consent" />
                <span>
                  <FormattedMessage
                    id="checkout.consent"
                    defaultMessage="I want my credits right away and understand that I lose my right of withdrawal for the credits I use."
                  />
                </span>
              </Consent>
              <Button type="submit" disabled={!chosen || navigation.state !== 'idle' || repricing} data-testid="pay">
                <FormattedMessage id="checkout.pay" defaultMessage="Pay {total}" values={{ total: <Money minor={total} currency={bundle.currency} /> }} />
              </Button>
              <Note>
                {paid ? (
                  <FormattedMessage id="checkout.note" defaultMessage="You will be taken to our payment provider and come back here when you have paid." />
                ) : (
                  <FormattedMessage id="checkout.notePremium" defaultMessage="You will be taken to our payment provider. Once paid, the credits are yours and you are a premium member for good." />
                )}
              </Note>
            </Summary>
          </Layout>
        </Form>
      </Inner>
    </Page>
  );
}
