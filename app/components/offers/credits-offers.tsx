// Offers on the credits page (docs/decisions/0019, 0047): the applied code or running time bonus with
// its countdown (as the server priced the page), a refused page code's text, the trial package for
// members who never paid, and bundle prices after the discount.
import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { useRevalidator } from '@remix-run/react';
import { countdownTimer, TIME_BONUS_CODE } from '~/shared/offers';
import { useAppState } from '~/state/app-state';
import { browserStorage, setDiscountCode } from '~/state/offers';
import { ButtonLink } from '../app/buttons';
import { Money } from '../credits/parts';
import { Alert } from '../forms/fields';
import { Countdown } from './countdown';

const Strip = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin-bottom: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.secondary};
  font-weight: 600;

  strong {
    color: ${({ theme }) => theme.colors.primaryOnTint};
  }

  button {
    margin-left: auto;
    border: 0;
    background: none;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    text-decoration: underline;
    cursor: pointer;
  }
`;

/**
 * The server priced the page with the code it found in the cookie (`serverKept`). When the kept code
 * changes after that (a mail link's code answered late, Remove), the page is priced again; the
 * returned flag is true meanwhile, so Pay waits for the final price (decision 0047).
 */
export function useRepriceOnCodeChange(serverKept: string | null): boolean {
  const state = useAppState();
  const kept = useSnapshot(state.offers).discountcode?.code ?? null;
  const revalidator = useRevalidator();
  const mounted = useRef(false);
  useEffect(() => {
    // The first run is this page's mount: the root restores the kept code after it.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (kept !== serverKept) revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the kept code reprices
  }, [kept]);
  return revalidator.state !== 'idle';
}

/** A code the page's prices are shown with (the server's, decision 0047). */
export interface PageCode {
  code: string;
  percentage: number;
  minimum: number | null;
  secondsLeft: number | null;
}

/**
 * The strips above the bundles: the codes the server priced them with. The time bonus counts down
 * from the page's figure until the client's own countdown (the welcome call) takes over. Removing
 * the applied code prices the page again.
 */
export function OfferStrip({ currency, codes }: { currency: string; codes: readonly PageCode[] }) {
  const state = useAppState();
  const offers = useSnapshot(state.offers);
  const remove = () => setDiscountCode(state.offers, browserStorage(), null);
  return (
    <>
      {offers.codeMessage ? (
        <Alert role="alert" style={{ marginBottom: 16 }} data-testid="page-code-error">
          {offers.codeMessage}
        </Alert>
      ) : null}
      {codes.map((code) => (
        <Strip key={code.code} data-testid="offer-strip">
          {code.code === TIME_BONUS_CODE ? (
            <>
              <span>
                <FormattedMessage id="offers.credits.welcome" defaultMessage="Your welcome bonus: {percentage} off one bundle of your choice, once, at checkout" values={{ percentage: <strong>{code.percentage}%</strong> }} />
              </span>
              <Countdown timer={offers.welcomeDiscountcode?.countdownTimer ?? countdownTimer(code.secondsLeft ?? 0)} />
            </>
          ) : (
            <>
              <span>
                <FormattedMessage id="offers.credits.code" defaultMessage="Code {code}: {percentage} off at checkout" values={{ code: <strong>{code.code}</strong>, percentage: <strong>{code.percentage}%</strong> }} />
                {code.minimum !== null ? (
                  <>
                    {' '}
                    <FormattedMessage id="offers.credits.minimum" defaultMessage="(from {amount})" values={{ amount: <Money minor={code.minimum} currency={currency} /> }} />
                  </>
                ) : null}
              </span>
              <button type="button" onClick={remove}>
                <FormattedMessage id="offers.code.remove" defaultMessage="Remove" />
              </button>
            </>
          )}
        </Strip>
      ))}
    </>
  );
}

/** A price struck through next to the price after the code. */
export function OfferPrice({ price, discounted, currency }: { price: number; discounted: number | null; currency: string }): ReactNode {
  if (discounted === null) return <Money minor={price} currency={currency} />;
  return (
    <>
      <Was>
        <Money minor={price} currency={currency} />
      </Was>{' '}
      <span data-testid="discounted-price">
        <Money minor={discounted} currency={currency} />
      </span>
    </>
  );
}

const Was = styled.s`
  margin-right: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8em;
  font-weight: 600;
`;

const TrialCard = styled.aside`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => theme.space(5)};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: minmax(0, 1fr) auto;
  }
`;

export function TrialOffer({ trial, query }: { trial: { id: string; credits: number; price: number; worth: number; currency: string }; query: string }) {
  return (
    <TrialCard data-testid="trial-offer">
      <div>
        <h2>
          <FormattedMessage id="offers.trial.title" defaultMessage="Try it first: {count, plural, one {# credit} other {# credits}} for {price}" values={{ count: trial.credits, price: <Money minor={trial.price} currency={trial.currency} /> }} />
        </h2>
        <p>
          <FormattedMessage
            id="offers.trial.text"
            defaultMessage="The trial package, once, for members who have not bought credits before: worth {worth}. It makes you a premium member too."
            values={{ worth: <Money minor={trial.worth} currency={trial.currency} /> }}
          />
        </p>
      </div>
      <ButtonLink to={`/credits/${trial.id}${query}`} data-testid="trial-choose">
        <FormattedMessage id="offers.trial.choose" defaultMessage="Try it" />
      </ButtonLink>
    </TrialCard>
  );
}
