// The two steps of /directdebit (SEPA Direct Debit, docs/product.md §2 directdebit): the bank details with the
// mandate text, then the SMS code. The route composes them beside the order summary.
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '~/components/app/buttons';
import { CheckRow, ErrorText, Field } from '~/components/forms/fields';
import { Panel } from '~/components/credits/parts';
import { DIRECT_DEBIT_DETAIL_FIELDS as DETAIL_FIELDS, DIRECT_DEBIT_LIMITS, type DirectDebitValues as Values } from '~/shared/direct-debit';

interface StepProps {
  values: Values;
  fields: Record<string, string | undefined>;
  country: string;
  order: { package: string; code: { code: string } | null };
  busy: boolean;
  /** The amount to debit, already formatted. */
  amount: ReactNode;
}

export const Layout = styled.div`
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

export const Note = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
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

/** Step 2: the code sent by SMS, with a new code or a way back to the details. */
export function CodeStep({ values, fields, country, order, busy, amount, phone }: StepProps & { phone: string | undefined }) {
  const intl = useIntl();
  return (
    <Panel aria-labelledby="code-title" data-testid="code-step">
      <h2 id="code-title">
        <FormattedMessage id="directdebit.codeTitle" defaultMessage="Enter your SMS code" />
      </h2>
      <p>
        <FormattedMessage
          id="directdebit.codeSent"
          defaultMessage="We sent a 6-digit code to {phone}. It is valid for 10 minutes and you have 3 tries."
          values={{ phone: <strong>{phone}</strong> }}
        />
      </p>
      <Form method="post">
        <Hidden values={values} country={country} pkg={order.package} code={order.code?.code ?? null} />
        <CodeInput>
          <Field
            key={`otp-${fields.otp ?? ''}`}
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
  );
}

/** Step 1: the bank details, the mandate and the authorisation. */
export function DetailsStep({ values, fields, country, order, busy, amount, creditor, reference, known }: StepProps & {
  creditor: { name: string; address: string };
  reference: string;
  known: { ibanMasked: string } | null;
}) {
  const intl = useIntl();
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
  );
}
