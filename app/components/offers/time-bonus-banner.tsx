// The welcome bonus top banner (docs/product.md §2, §6): for a logged-in member with a visible time bonus, its
// percentage and the HH:MM:SS countdown, linking to the credits page.
import { Link } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSnapshot } from 'valtio';
import { useAppState } from '~/state/app-state';
import { Countdown } from './countdown';

const Bar = styled.div`
  background: linear-gradient(90deg, ${({ theme }) => theme.colors.secondary}, ${({ theme }) => theme.colors.surface});
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
`;

const Inner = styled(Link)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  max-width: 1140px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  color: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
  text-decoration: none;

  strong {
    color: ${({ theme }) => theme.colors.primaryOnTint};
    font-weight: 800;
  }

  .cta {
    color: ${({ theme }) => theme.colors.primaryOnTint};
    font-weight: 700;
    text-decoration: underline;
    white-space: nowrap;
  }

  &:hover .cta {
    text-decoration-thickness: 2px;
  }
`;

export function TimeBonusBanner() {
  const state = useAppState();
  const { user } = useSnapshot(state);
  const { welcomeDiscountcode: bonus } = useSnapshot(state.offers);
  const intl = useIntl();
  if (!user || !bonus?.isVisible) return null;
  return (
    <Bar role="region" aria-label={intl.formatMessage({ id: 'offers.banner.label', defaultMessage: 'Welcome bonus' })} data-testid="time-bonus-banner">
      <Inner to="/credits">
        <span>
          <FormattedMessage
            id="offers.banner.text"
            defaultMessage="{percentage} welcome bonus on your first credits"
            values={{ percentage: <strong>{bonus.value_percentage}%</strong> }}
          />
        </span>
        <span>
          <FormattedMessage id="offers.banner.endsIn" defaultMessage="Ends in {time}" values={{ time: <Countdown timer={bonus.countdownTimer} testId="time-bonus-countdown" /> }} />
        </span>
        <span className="cta">
          <FormattedMessage id="offers.banner.action" defaultMessage="Claim it now" />
        </span>
      </Inner>
    </Bar>
  );
}
