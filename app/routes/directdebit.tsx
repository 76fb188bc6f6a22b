// /directdebit (SPEC §2 directdebit, §3, §5; issue 17): the SMS-confirmed direct-debit form, reached
// from checkout when the method is sdd (?package=&country=). Step 1: account holder, IBAN, address,
// mobile phone and the SEPA mandate to authorise → a 6-digit code by SMS. Step 2: the code → the
// payment, then the result page. Works without JavaScript; errors are shown inline and translated.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { z } from 'zod';
import { Button } from '~/components/app/buttons';
import { Alert, CheckRow, ErrorText, Field } from '~/components/forms/fields';
import { Credits, Inner, Money, Page, Panel, Rows, Sub } from '~/components/credits/parts';
import { creditOffer } from '~/.server/credits/offer';
import { checkoutOffer } from '~/.server/offers/checkout-offer';
import { CODE_QUERY_PARAM } from '~/shared/offers';
import { requestPaymentCountry } from '~/.server/credits/payment-country';
import { maskIban, maskPhone, normalizeIban, normalizePhone } from '~/.server/directdebit/account-details';
import { DIRECT_DEBIT_MESSAGES, payByDirectDebit } from '~/.server/directdebit/direct-debit';
import { DIRECT_DEBIT_LIMIT } from '~/.server/directdebit/limits';
import { mandateReference } from '~/.server/directdebit/mandate';
import { directDebitContext } from '~/.server/directdebit/request-context';
import { DirectDebitSchema } from '~/.server/directdebit/schemas';
import { DIRECT_DEBIT_LIMITS } from '~/shared/direct-debit';
import { formAction } from '~/.server/http/form-action';
import { serverMessage } from '~/.server/i18n/messages';
import { PAYMENT_MESSAGES } from '~/.server/payments/payments';

const notFound = () => new Response('Not Found', { status: 404, statusText: 'Not Found' });

const DETAIL_FIELDS = ['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone'] as const;
type Values = Partial<Record<(typeof DETAIL_FIELDS)[number] | 'authorised', string>>;

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
  // The stored mandate fills the form again (never the IBAN: it is only ever shown masked).
  const mandate = await context.db
    .selectFrom('direct_debit_mandates')
    .select(['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone'])
    .where('tenant_id', '=', tenant.id)
    .where('user_id', '=', user.id)
    .where('status', '=', 'valid')
    .executeTakeFirst();
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
    known: mandate ? { ...mandate, iban: undefined, ibanMasked: maskIban(mandate.iban) } : null,
  };
}

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m.id === 'root')?.data as { shell?: { name: string } } | undefined;
  return [{ title: root?.shell?.name ?? '' }];
};

interface Result {
  step: 'form' | 'otp';
  message: string | null;
  fields: Record<string, string>;
  values: Values;
  /** The masked phone the code went to (code step). */
  phone?: string;
  account?: string;
}

const valuesOf = (raw: Record<string, unknown>): Values =>
  Object.fromEntries([...DETAIL_FIELDS, 'authorised'].filter((k) => typeof raw[k] === 'string').map((k) => [k, raw[k] as string]));

/** The masked phone and IBAN of the code step, from what the member typed (already checked). */
function codeStepOf(values: Values, country: string): Pick<Result, 'phone' | 'account'> {
  const phone = normalizePhone(values.phone ?? '', country);
  const iban = normalizeIban(values.iban ?? '');
  return { phone: phone ? maskPhone(phone) : '', account: iban ? maskIban(iban) : '' };
}

// The page sends an intent: send (step 1), pay (step 2), resend (a new code), edit (back to step 1).
const PageSchema = DirectDebitSchema.extend({ intent: z.enum(['send', 'pay', 'resend', 'edit']).default('send') });

export const action = formAction({
  body: PageSchema,
  failure: ({ message, fields, raw }): Result => {
    const onCodeStep = raw.intent === 'pay' && Object.keys(fields).every((f) => f === 'otp');
    return { step: onCodeStep ? 'otp' : 'form', message, fields, values: valuesOf(raw), ...(onCodeStep ? codeStepOf(valuesOf(raw), String(raw.country ?? '')) : {}) };
  },
  async handle({ request, context, body }): Promise<Result | Response> {
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

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: minmax(0, 1.5fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const FormGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}px) {
    grid-template-columns: 2fr 1fr;

    .wide {
      grid-column: 1 / -1;
    }
  }
`;

const Mandate = styled.section`
  margin-top: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }

  p {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    line-height: 1.5;
  }

  dl {
    display: grid;
    gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    margin: 0;

    @media (min-width: ${({ theme }) => theme.breakpoints.sm}px) {
      grid-template-columns: auto 1fr;
    }
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Authorise = styled(CheckRow)`
  margin-top: ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(5)};

  button {
    flex: 1 1 220px;
  }
`;

const CodeInput = styled.div`
  max-width: 260px;

  input {
    font-size: 1.6rem;
    letter-spacing: 0.4em;
    text-align: center;
  }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

function Hidden({ values, country, pkg, code }: { values: Values; country: string; pkg: string; code: string | null }) {
  return (
    <>
      <input type="hidden" name="package" value={pkg} />
      {code ? <input type="hidden" name="discountcode" value={code} /> : null}
      <input type="hidden" name="country" value={country} />
      {DETAIL_FIELDS.map((name) => (
        <input key={name} type="hidden" name={name} value={values[name] ?? ''} />
      ))}
      <input type="hidden" name="authorised" value="on" />
    </>
  );
}

export default function DirectDebit() {
  const { country, order, creditor, reference, limit, known } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const intl = useIntl();
  const busy = navigation.state !== 'idle';
  const values: Values = result?.values ?? (known ? { ...known, iban: '' } : {});
  const fields = result?.fields ?? {};
  const amount = <Money minor={order.amount} currency={order.currency} />;
  const text = (name: (typeof DETAIL_FIELDS)[number], label: string, props: Record<string, unknown> = {}) => (
    <Field
      id={name}
      label={label}
      defaultValue={values[name] ?? ''}
      error={fields[name]}
      required
      maxLength={DIRECT_DEBIT_LIMITS[name]}
      {...props}
    />
  );
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
            <Panel aria-labelledby="code-title" data-testid="code-step">
              <h2 id="code-title">
                <FormattedMessage id="directdebit.codeTitle" defaultMessage="Enter your SMS code" />
              </h2>
              <p>
                <FormattedMessage
                  id="directdebit.codeSent"
                  defaultMessage="We sent a 6-digit code to {phone}. It is valid for 10 minutes and you have 3 tries."
                  values={{ phone: <strong>{result.phone}</strong> }}
                />
              </p>
              <Form method="post">
                <Hidden values={values} country={country} pkg={order.package} code={order.code?.code ?? null} />
                <CodeInput>
                  <Field
                    key={`otp-${result.fields.otp ?? ''}`}
                    id="otp"
                    label={intl.formatMessage({ id: 'directdebit.code', defaultMessage: 'SMS code' })}
                    error={fields.otp}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]{6}"
                    maxLength={6}
                    required
                    autoFocus
                  />
                </CodeInput>
                <Actions>
                  <Button type="submit" name="intent" value="pay" disabled={busy}>
                    <FormattedMessage id="directdebit.confirm" defaultMessage="Confirm and pay {amount}" values={{ amount }} />
                  </Button>
                </Actions>
              </Form>
              <Form method="post">
                <Hidden values={values} country={country} pkg={order.package} code={order.code?.code ?? null} />
                <Actions>
                  <Button type="submit" name="intent" value="resend" $variant="ghost" disabled={busy}>
                    <FormattedMessage id="directdebit.resend" defaultMessage="Send a new code" />
                  </Button>
                  <Button type="submit" name="intent" value="edit" $variant="ghost" disabled={busy}>
                    <FormattedMessage id="directdebit.edit" defaultMessage="Change details" />
                  </Button>
                </Actions>
              </Form>
            </Panel>
          ) : (
            <Panel aria-labelledby="details-title">
              <h2 id="details-title">
                <FormattedMessage id="directdebit.detailsTitle" defaultMessage="Your bank details" />
              </h2>
              <Form method="post" data-testid="directdebit-form">
                <input type="hidden" name="package" value={order.package} />
                <input type="hidden" name="country" value={country} />
                {order.code ? <input type="hidden" name="discountcode" value={order.code.code} /> : null}
                <FormGrid>
                  <div className="wide">{text('account_holder', intl.formatMessage({ id: 'directdebit.holder', defaultMessage: 'Account holder' }), { autoComplete: 'name' })}</div>
                  <div className="wide">
                    {text('iban', intl.formatMessage({ id: 'directdebit.iban', defaultMessage: 'IBAN' }), {
                      autoComplete: 'off',
                      spellCheck: false,
                      placeholder: known?.ibanMasked,
                      hint: (
                        <Note style={{ margin: 0 }}>
                          <FormattedMessage id="directdebit.ibanHint" defaultMessage="You find your IBAN on your bank card or in your banking app." />
                        </Note>
                      ),
                    })}
                  </div>
                  {text('street', intl.formatMessage({ id: 'directdebit.street', defaultMessage: 'Street' }), { autoComplete: 'address-line1' })}
                  {text('house_number', intl.formatMessage({ id: 'directdebit.houseNumber', defaultMessage: 'House number' }))}
                  {text('zip', intl.formatMessage({ id: 'directdebit.zip', defaultMessage: 'Postcode' }), { autoComplete: 'postal-code' })}
                  {text('city', intl.formatMessage({ id: 'directdebit.city', defaultMessage: 'City' }), { autoComplete: 'address-level2' })}
                  <div className="wide">
                    {text('phone', intl.formatMessage({ id: 'directdebit.phone', defaultMessage: 'Mobile phone' }), {
                      type: 'tel',
                      autoComplete: 'tel',
                      hint: (
                        <Note style={{ margin: 0 }}>
                          <FormattedMessage id="directdebit.phoneHint" defaultMessage="We send your confirmation code to this number by SMS." />
                        </Note>
                      ),
                    })}
                  </div>
                </FormGrid>
                <Mandate aria-labelledby="mandate-title" data-testid="mandate">
                  <h3 id="mandate-title">
                    <FormattedMessage id="directdebit.mandateTitle" defaultMessage="SEPA Direct Debit Mandate" />
                  </h3>
                  <dl>
                    <dt>
                      <FormattedMessage id="directdebit.creditor" defaultMessage="Creditor" />
                    </dt>
                    <dd>
                      {creditor.name}, {creditor.address}
                    </dd>
                    <dt>
                      <FormattedMessage id="directdebit.reference" defaultMessage="Mandate reference" />
                    </dt>
                    <dd data-testid="mandate-reference">{reference}</dd>
                  </dl>
                  <p>
                    {intl
                      .formatMessage(
                        {
                          id: 'directdebit.mandateText',
                          defaultMessage:
                            'By signing this mandate form, you authorise (A) {creditor} to send instructions to your bank to debit your account and (B) your bank to debit your account in accordance with the instructions from {creditor}. As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the date on which your account was debited.',
                        },
                        { creditor: creditor.name },
                      )
                      // A name ending in an abbreviation (B.V., S.L.) also ends the sentence: one full stop.
                      .replace(/\.\./g, '.')}
                  </p>
                </Mandate>
                <Authorise>
                  <input
                    type="checkbox"
                    name="authorised"
                    required
                    defaultChecked={values.authorised === 'on'}
                    aria-invalid={fields.authorised ? true : undefined}
                    aria-describedby={fields.authorised ? 'authorised-error' : undefined}
                    data-testid="authorised"
                  />
                  <span>
                    <FormattedMessage
                      id="directdebit.authorise"
                      defaultMessage="I authorise {creditor} to debit {amount} from my account under this SEPA mandate."
                      values={{ creditor: creditor.name, amount }}
                    />
                  </span>
                </Authorise>
                {fields.authorised ? <ErrorText id="authorised-error">{fields.authorised}</ErrorText> : null}
                <Actions>
                  <Button type="submit" name="intent" value="send" disabled={busy}>
                    <FormattedMessage id="directdebit.sendCode" defaultMessage="Send code by SMS" />
                  </Button>
                </Actions>
              </Form>
            </Panel>
          )}
          <Panel aria-labelledby="order-title">
            <h2 id="order-title">
              <FormattedMessage id="checkout.summary" defaultMessage="Your order" />
            </h2>
            <Rows>
              <dt>
                <FormattedMessage id="checkout.bundle" defaultMessage="Bundle" />
              </dt>
              <dd>
                <Credits count={order.credits} />
              </dd>
              <dt>
                <FormattedMessage id="checkout.price" defaultMessage="Price" />
              </dt>
              <dd>
                <Money minor={order.price} currency={order.currency} />
              </dd>
              {order.discount > 0 ? (
                <>
                  <dt>
                    {order.trial ? (
                      <FormattedMessage id="offers.trial.saving" defaultMessage="Trial saving" />
                    ) : (
                      <FormattedMessage
                        id="offers.checkout.discount"
                        defaultMessage="Discount {code} ({percentage}%)"
                        values={{ code: order.code?.code ?? '', percentage: order.code?.percentage ?? 0 }}
                      />
                    )}
                  </dt>
                  <dd data-testid="directdebit-discount">
                    − <Money minor={order.discount} currency={order.currency} />
                  </dd>
                </>
              ) : null}
              <dt>
                <FormattedMessage id="checkout.feeRow" defaultMessage="Payment fee" />
              </dt>
              <dd>
                <Money minor={order.fee} currency={order.currency} />
              </dd>
              {result?.step === 'otp' && result.account ? (
                <>
                  <dt>
                    <FormattedMessage id="directdebit.account" defaultMessage="Bank account" />
                  </dt>
                  <dd data-testid="masked-iban">{result.account}</dd>
                </>
              ) : null}
              <dt className="total">
                <FormattedMessage id="checkout.total" defaultMessage="Total" />
              </dt>
              <dd className="total" data-testid="directdebit-total">
                {amount}
              </dd>
            </Rows>
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
