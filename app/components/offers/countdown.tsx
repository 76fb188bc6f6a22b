// The time bonus countdown, HH:MM:SS (docs/product.md §2, §3 countdownTimer). role="timer" keeps screen readers
// from announcing every second.
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { formatCountdown, type CountdownTimer } from '~/shared/offers';

const Digits = styled.span<{ $large: boolean }>`
  display: inline-block;
  padding: ${({ $large }) => ($large ? '6px 14px' : '2px 8px')};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: ${({ $large, theme }) => ($large ? theme.fontSizes.xxl : theme.fontSizes.sm)};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.04em;
  white-space: nowrap;
`;

export function Countdown({ timer, large = false, testId }: { timer: CountdownTimer; large?: boolean; testId?: string }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'offers.countdown.label', defaultMessage: 'Time left: {time}' }, { time: formatCountdown(timer) });
  return (
    <Digits role="timer" aria-label={label} $large={large} data-testid={testId}>
      {formatCountdown(timer)}
    </Digits>
  );
}
