// The discount code on the checkout (docs/product.md §3 discountcode, §5): a small GET form that reloads the
// checkout with ?code=, the applied code with a Remove link, and the refusal text. The client's
// applied code (from a mail link's ?code= on any page) reaches the checkout in its cookie.
import { Form, Link, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { CODE_QUERY_PARAM, normaliseCode, TIME_BONUS_CODE } from '~/shared/offers';
import { useAppState } from '~/state/app-state';
import { browserStorage, setDiscountCode } from '~/state/offers';
import { Button } from '../app/buttons';
import { controlLook } from '../forms/field-row';
import { ErrorText } from '../forms/fields';

const Box = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};

  label {
    font-weight: 700;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};

  input {
    ${controlLook}
    flex: 1 1 180px;
    min-height: 44px;
    text-transform: uppercase;
  }

  input::placeholder {
    text-transform: none;
  }
`;

const Applied = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;

  a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

export function CodeForm({
  country,
  codeInput,
  applied,
  error,
}: {
  country: string | null;
  codeInput: string;
  applied: { code: string; percentage: number } | null;
  error: string | null;
}) {
  const intl = useIntl();
  const state = useAppState();
  const { pathname } = useLocation();
  const remove = `${pathname}?${new URLSearchParams({ ...(country ? { country } : {}), [CODE_QUERY_PARAM]: '' }).toString()}`;
  return (
    <Box method="get" replace preventScrollReset data-testid="code-form">
      {country ? <input type="hidden" name="country" value={country} /> : null}
      <label htmlFor="discount-code">
        <FormattedMessage id="offers.code.label" defaultMessage="Discount code" />
      </label>
      {applied ? (
        <Applied data-testid="code-applied">
          <span>
            ✓ <FormattedMessage id="offers.code.applied" defaultMessage="{code}: {percentage}% off the bundle" values={{ code: applied.code, percentage: applied.percentage }} />
          </span>
          {/* The running time bonus is not a code to remove: the best discount always applies (issue 48 item 2). */}
          {applied.code === TIME_BONUS_CODE ? null : (
            <Link to={remove} replace preventScrollReset onClick={() => setDiscountCode(state.offers, browserStorage(), null)} data-testid="code-remove">
              <FormattedMessage id="offers.code.remove" defaultMessage="Remove" />
            </Link>
          )}
        </Applied>
      ) : null}
      <Row>
        <input
          id="discount-code"
          name={CODE_QUERY_PARAM}
          defaultValue={applied ? '' : codeInput}
          key={codeInput}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={intl.formatMessage({ id: 'offers.code.placeholder', defaultMessage: 'e.g. SUMMER20' })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'discount-code-error' : undefined}
          data-testid="code-input"
        />
        <Button type="submit" $variant="ghost">
          <FormattedMessage id="offers.code.apply" defaultMessage="Apply" />
        </Button>
      </Row>
      {error ? (
        <ErrorText id="discount-code-error" role="alert" data-testid="code-error">
          {error}
        </ErrorText>
      ) : null}
    </Box>
  );
}

/** Keeps the checkout's code and the client's applied code (docs/product.md §3 discountcode) in step. */
export function useCheckoutCode({
  trial,
  code,
  codeInput,
  codeError,
}: {
  trial: boolean;
  code: { code: string; percentage: number } | null;
  codeInput: string;
  codeError: string | null;
}) {
  const state = useAppState();
  // The applied code comes to a checkout opened without one by its cookie: the server prices the
  // first answer with it (decision 0047), so nothing here changes the price after it is shown.
  // When the checkout's answer changes (not when the kept code does): a code applied here is kept,
  // a refused kept code is dropped.
  const answer = JSON.stringify([code?.code ?? null, code?.percentage ?? null, codeError, codeInput]);
  const latest = useRef({ trial, code, codeInput, codeError });
  latest.current = { trial, code, codeInput, codeError };
  useEffect(() => {
    const { trial: isTrial, code: applied, codeInput: typed, codeError: refused } = latest.current;
    if (isTrial) return;
    const kept = state.offers.discountcode?.code ?? null;
    if (applied && applied.code !== TIME_BONUS_CODE && applied.code !== kept) setDiscountCode(state.offers, browserStorage(), { code: applied.code, percentage: applied.percentage });
    if (refused && kept && normaliseCode(typed) === kept) setDiscountCode(state.offers, browserStorage(), null);
  }, [answer, state]);
}

/** A paid purchase used the applied code: it is not kept for the next one. */
export function useForgetUsedCode(code: string | null, paid: boolean) {
  const state = useAppState();
  useEffect(() => {
    if (paid && code && state.offers.discountcode?.code === code) setDiscountCode(state.offers, browserStorage(), null);
  }, [code, paid, state]);
}
