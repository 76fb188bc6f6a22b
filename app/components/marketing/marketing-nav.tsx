// The marketer's console's heading and its three pages: landers (gallery and link builder), funnel, splits.
import { NavLink } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';

const Head = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};

  p {
    margin: 0;
    max-width: 72ch;
    color: #545d70;
  }
`;

const Tabs = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};

  a {
    padding: 6px 14px;
    border: 1px solid #c5cad6;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: #ffffff;
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }

  a.active {
    border-color: #1d2333;
    background: #1d2333;
    color: #ffffff;
  }
`;

export function MarketingHead({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <Head>
      <h1>{title}</h1>
      <Tabs aria-label={intl.formatMessage({ id: 'marketing.tabs', defaultMessage: 'Marketing pages' })}>
        <NavLink to="/operator/marketing" end>
          <FormattedMessage id="marketing.tab.gallery" defaultMessage="Landers and links" />
        </NavLink>
        <NavLink to="/operator/marketing/funnel">
          <FormattedMessage id="marketing.tab.funnel" defaultMessage="Funnel" />
        </NavLink>
        <NavLink to="/operator/marketing/splits">
          <FormattedMessage id="marketing.tab.splits" defaultMessage="Splits" />
        </NavLink>
      </Tabs>
      {children ? <p>{children}</p> : null}
    </Head>
  );
}
