import { useIntl } from 'react-intl';
import styled from 'styled-components';

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: 0.7rem;
  font-weight: 700;
  line-height: 1;
`;

/** The icon that marks a fictional profile (settings.fictional_icon). */
export function FictionalMark({ decorative = false }: { decorative?: boolean }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'profile.fictional', defaultMessage: 'Fictional profile' });
  return decorative ? (
    <Mark aria-hidden>F</Mark>
  ) : (
    <Mark role="img" aria-label={label} title={label}>
      F
    </Mark>
  );
}
