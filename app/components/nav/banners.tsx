// Warning banners under the navigation (SPEC §2, §4).
import { Link } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';

const Banner = styled.div`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.dark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  text-align: center;

  a {
    color: inherit;
    margin-left: ${({ theme }) => theme.space(2)};
  }
`;

/** Activation reminder: not confirmed, profile disabled, notifications not disabled (SPEC §4). */
export function ActivationBanner() {
  return (
    <Banner role="status" data-testid="activation-banner">
      <FormattedMessage id="banner.activation" defaultMessage="Confirm your e-mail address so that others can reply to you." />
      <Link to="/complete-signup">
        <FormattedMessage id="banner.activation.action" defaultMessage="Send the e-mail again" />
      </Link>
    </Banner>
  );
}
